import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlatform, type PlatformBuild } from '../../helpers/platform-build.ts';

/**
 * The production start (issue 14 item 4, D-053): the platform compiled by `npm run
 * build:platform`, run by plain Node (no tsx) with the options in the environment; its analysis
 * workers load compiled JavaScript; SIGTERM stops accepting, finishes the request in flight and
 * exits 0. `npm ci --omit=dev` on a packed copy is checked by hand (docs/deploy.md): here the
 * compiled files are checked to import no devDependency.
 */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

describe('node dist/platform/cli.js', () => {
  let build: PlatformBuild;
  let dataDir: string;
  let child: ChildProcess;
  let output = '';
  let url = '';
  let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  beforeAll(async () => {
    build = await buildPlatform();
    dataDir = mkdtempSync(join(tmpdir(), 'platform-prod-'));
    child = spawn(process.execPath, [build.cli], {
      cwd: ROOT,
      // Only the environment configures it; NODE_OPTIONS is cleared so no loader (tsx) comes along.
      env: { PATH: process.env.PATH, PLATFORM_PORT: '0', PLATFORM_DATA: dataDir, PLATFORM_WORKERS: '1', PLATFORM_MODELS: join(ROOT, 'models'), PLATFORM_LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start within 30 s:\n${output}`)), 30_000);
      child.stdout?.on('data', () => {
        const match = /listening on (http:\/\/\S+)/.exec(output);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      void exited.then(({ code }) => reject(new Error(`exited with ${code}:\n${output}`)));
    });
  }, 240_000);
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    build?.remove();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('imports nothing but Node built-ins, its own files and production dependencies', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; optionalDependencies: Record<string, string> };
    const allowed = new Set([...Object.keys(pkg.dependencies), ...Object.keys(pkg.optionalDependencies)]);
    const used = new Set<string>();
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.[cm]?js$/.test(name)) {
          const text = readFileSync(path, 'utf8');
          const statics = text.matchAll(/^(?:import|export)\s[^;]*?\bfrom\s+['"]([^'"]+)['"]|^import\s+['"]([^'"]+)['"]/gm);
          const dynamics = text.matchAll(/\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g);
          for (const match of [...statics, ...dynamics]) {
            const specifier = (match[1] ?? match[2])!;
            if (specifier.startsWith('node:') || specifier.startsWith('.')) continue;
            used.add(specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!);
          }
        }
      }
    };
    walk(build.outDir);
    expect([...used].filter((name) => !allowed.has(name))).toEqual([]);
    expect(readdirSync(join(build.outDir, 'platform', 'analysis'))).toContain('analysis-worker.js');
  });

  it('is ready with its analysis worker loaded from compiled JavaScript', async () => {
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const deadline = Date.now() + 60_000;
    let metrics = '';
    while (Date.now() < deadline) {
      metrics = await (await fetch(`${url}/metrics`)).text();
      if (metrics.includes('platform_analysis_workers_ready 1\n')) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(metrics).toContain('platform_analysis_workers_ready 1\n');
    expect(output).not.toMatch(/error/i);
  }, 90_000);

  it('on SIGTERM refuses new connections, answers the request in flight, and exits 0', async () => {
    const { port } = new URL(url);
    // A request whose body is still arriving when the signal comes.
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const body = JSON.stringify({ api_code: 'online_skin' });
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(`POST /skin_api/analyze/task HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    child.kill('SIGTERM');
    // Listening stops at once: a new connection is refused.
    const deadline = Date.now() + 5000;
    let refused = false;
    while (!refused && Date.now() < deadline) {
      refused = await fetch(`${url}/healthz`).then(
        () => false,
        () => true,
      );
      if (!refused) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(refused).toBe(true);
    socket.end(body.slice(5));
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
    // No token: the route's own answer, 1001, not a refusal for shutting down.
    expect(answer).toContain('"code":1001');
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(output).toContain('SIGTERM: closing');
  }, 60_000);
});
