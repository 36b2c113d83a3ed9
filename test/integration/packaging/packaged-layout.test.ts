/**
 * The packaged kiosk, proven without Electron (issue 13 item 12; docs/packaging.md, "What is
 * proven here"): electron-builder packs the built app, and its compiled main runs from the
 * packaged paths: code from resources/app.asar, native modules from app.asar.unpacked, models
 * from resources/models, the embedded platform from dist/platform/cli.js with its analysis
 * workers, and the live check's worker. One packaging run (about a minute) serves every test.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packagedModelDir } from '../../../main/app-paths.ts';
import { createHostClient } from '../../../renderer/api/host-client.ts';
import { imageFolder } from '../kiosk-sync/image-folder.ts';
import { removeDir } from '../kiosk-sync/helpers.ts';
import { buildPackagedApp, type PackagedApp } from './packaged-app.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const NATIVE = /\.(node|so(\.\d+)*|dylib|dll)$/;
const work = mkdtempSync(join(tmpdir(), 'kiosk-packaged-'));
let app: PackagedApp;
let buildLog = '';

beforeAll(async () => {
  app = await buildPackagedApp(work, (text) => (buildLog += text));
}, 300_000);
afterAll(() => removeDir(work));

/** A compiled main script of the packaged app, run by plain Node from the packaged folder. */
function startPackaged(script: string, args: readonly string[]) {
  const child = spawn(process.execPath, [join(app.appDir, script), ...args], { cwd: app.appOutDir, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output, exited };
}

describe('the packaged app directory (electron-builder, unpacked output)', () => {
  it('packs the compiled main, its worker scripts, the platform and the renderer build, and nothing else of ours', () => {
    expect(buildLog).toContain('build:main');
    const paths = new Set(app.entries.map((e) => e.path));
    for (const path of [
      'package.json',
      'dist/main/shell/entry.js',
      'dist/main/shell/preload.cjs',
      'dist/main/launch.js',
      'dist/main/session-cli.js',
      // Worker threads load these by path: a missing one fails only when the worker starts.
      'dist/main/capture/live-check-worker.js',
      'dist/main/capture/face-live-check.js',
      'dist/platform/cli.js',
      'dist/platform/analysis/analysis-worker.js',
      'renderer/dist/index.html',
    ]) {
      expect(paths.has(path), path).toBe(true);
    }
    const ours = [...paths].filter((p) => !p.startsWith('node_modules/'));
    expect(ours.filter((p) => /\.(ts|cts|map)$/.test(p) || /^(test|bench|docs|models)\//.test(p))).toEqual([]);
    expect([...paths].some((p) => p.startsWith('node_modules/electron/'))).toBe(false);
    // Production dependencies only.
    expect([...paths].some((p) => p.startsWith('node_modules/vitest/') || p.startsWith('node_modules/typescript/'))).toBe(false);
  });

  it('leaves every native binary outside the archive, in app.asar.unpacked', () => {
    const natives = app.entries.filter((e) => NATIVE.test(e.path));
    // sharp's addon and libvips live in its @img packages.
    for (const pkg of ['better-sqlite3', '@img', 'onnxruntime-node']) expect(natives.some((e) => e.path.startsWith(`node_modules/${pkg}/`)), pkg).toBe(true);
    for (const native of natives) {
      expect(native.unpacked, native.path).toBe(true);
      expect(existsSync(join(app.resourcesDir, 'app.asar.unpacked', native.path)), native.path).toBe(true);
    }
  });

  it('puts every ONNX model in resources/models, where the packaged main looks for them', () => {
    const models = readdirSync(join(ROOT, 'models')).filter((f) => f.endsWith('.onnx'));
    expect(models.length).toBeGreaterThan(0);
    for (const model of models) expect(readFileSync(join(packagedModelDir(app.resourcesDir), model)).equals(readFileSync(join(ROOT, 'models', model))), model).toBe(true);
  });
});

describe('the packaged main, run from the packaged paths', () => {
  it('starts in browser-host mode: the embedded platform, the renderer from the archive, and the live check on resources/models', async () => {
    const dataDir = join(work, 'launch-data');
    const { child, output, exited } = startPackaged('dist/main/launch.js', ['--headless', '--data', dataDir, '--models', packagedModelDir(app.resourcesDir)]);
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', () => {
          const match = /kiosk ready: (http:\/\/127\.0\.0\.1:\d+\/#k=[\w-]{43})/.exec(output.stdout);
          if (match?.[1]) resolve(match[1]);
        });
        void exited.then(() => reject(new Error(`launcher exited:\n${output.stdout}\n${output.stderr}`)));
      });
      const { origin, hash } = new URL(url);
      const page = await fetch(`${origin}/`);
      expect(await page.text()).toBe(readFileSync(join(app.appDir, 'renderer', 'dist', 'index.html'), 'utf8'));

      const memory = new Map<string, string>();
      const api = createHostClient({
        baseUrl: origin,
        launchSecret: new URLSearchParams(hash.slice(1)).get('k') ?? '',
        storage: { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v), removeItem: (k) => void memory.delete(k) },
        fetch: (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), Origin: origin } }),
      });
      const status = await api.getStatus({});
      expect(status.platform.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
      // The technician's diagnostics run a frame through the live check's worker thread, which
      // loads the face models: it fails when the worker script or the models are not found.
      expect(await api.verifyPin({ role: 'technician', pin: '9876' })).toEqual({ ok: true });
      const checks = (await api.getDiagnostics({})).checks;
      expect(checks.find((c) => c.name === 'models'), JSON.stringify(checks)).toMatchObject({ ok: true });
      expect(existsSync(join(dataDir, 'embedded-platform', 'demo-credentials.json'))).toBe(true);
    } finally {
      child.kill('SIGTERM');
      expect(await exited, output.stderr).toBe(0);
    }
  }, 120_000);

  it('runs a headless session: local checks, capture, sync, analysis in the platform workers, report', async () => {
    const images = await imageFolder(['front'], ['white']);
    try {
      const { output, exited } = startPackaged('dist/main/session-cli.js', ['--images', images, '--json', '--models', packagedModelDir(app.resourcesDir)]);
      expect(await exited, output.stderr).toBe(0);
      const report = JSON.parse(output.stdout) as { status: string; platform: { embedded: boolean }; localChecks: { facePresent: boolean }[]; dimensions: unknown[] };
      expect(report).toMatchObject({ status: 'succeeded', platform: { embedded: true }, localChecks: [{ facePresent: true }] });
      expect(report.dimensions.length).toBeGreaterThan(0);
    } finally {
      removeDir(images);
    }
  }, 180_000);
});
