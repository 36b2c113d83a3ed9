/**
 * A worker thread running an ES module. Workers do not inherit tsx's loader from `--import` on
 * Node 20, so a TypeScript entry (development, tests, benches) is loaded after registering tsx's
 * ESM API in the worker; a compiled .js entry (the packaged app) starts directly.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

export function moduleWorker(entry: URL, options: WorkerOptions = {}): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, options);
  const bootstrap = `import(${JSON.stringify(tsxEsmApi())}).then((api) => { api.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}

/** tsx's ESM register API, located through its package exports (require resolution would pick the CJS build). */
function tsxEsmApi(): string {
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve('tsx/package.json');
  const manifest = require(manifestPath) as { exports?: Record<string, { import?: { default?: string } } | string> };
  const entry = manifest.exports?.['./esm/api'];
  const relative = typeof entry === 'object' ? entry.import?.default : undefined;
  if (!relative) throw new Error('tsx has no ESM register API (./esm/api); cannot run a .ts module in a worker');
  return new URL(relative, pathToFileURL(manifestPath)).href;
}
