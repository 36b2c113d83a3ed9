/**
 * Browser-host cold start (`npm run bench:cold-start`): from spawning the launcher
 * (`main/launch.ts --headless`, what `npm start -- --headless` runs, without npm's own start-up)
 * to the printed address answering GET /api/health. Aim: at most 3 s for a normal launch.
 *
 * Measured in the same run: the baseline `node -e 0` (a bare Node start on this machine) and
 * `node --import tsx -e 0` (the TypeScript loader's share), so the result can be read against the
 * machine. Two kinds of launch: the first on a fresh data directory (the embedded platform seeds
 * its demo data and the kiosk waits for it) and warm launches on the same directory (the normal
 * case: the platform starts beside the kiosk, which does not wait for it). Prints medians; not a test.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from '../median.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LAUNCH = join(ROOT, 'main', 'launch.ts');
const WARM_RUNS = 3;
const GOAL_MS = 3000;


function timeSpawn(args: string[]): number {
  const start = performance.now();
  const result = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed`);
  return performance.now() - start;
}

/** One launch: milliseconds until /api/health answered 200, then the launcher is stopped. */
async function coldStart(dataDir: string): Promise<number> {
  const start = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', LAUNCH, '--headless', '--data', dataDir], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no address within 60 s:\n${output}`)), 60_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /kiosk ready: (http:\/\/127\.0\.0\.1:\d+\/#k=[\w-]+)/.exec(output);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      void exited.then(() => reject(new Error(`launcher exited:\n${output}`)));
    });
    const { origin, hash } = new URL(url);
    const secret = new URLSearchParams(hash.slice(1)).get('k') ?? '';
    for (;;) {
      const response = await fetch(`${origin}/api/health`, { headers: { 'X-Kiosk-Secret': secret } }).catch(() => null);
      if (response?.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return performance.now() - start;
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

async function main(): Promise<void> {
  const node = median([0, 1, 2].map(() => timeSpawn(['-e', '0'])));
  const tsx = median([0, 1, 2].map(() => timeSpawn(['--import', 'tsx', '-e', '0'])));
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-cold-start-'));
  try {
    const first = await coldStart(dataDir);
    const warm: number[] = [];
    for (let i = 0; i < WARM_RUNS; i++) warm.push(await coldStart(dataDir));
    const warmMs = median(warm);
    console.log(`baseline node -e 0:                 ${node.toFixed(0)} ms`);
    console.log(`baseline node --import tsx -e 0:    ${tsx.toFixed(0)} ms`);
    console.log(`first launch (seeds the platform):  ${first.toFixed(0)} ms`);
    console.log(`launch to ready, median of ${WARM_RUNS}:     ${warmMs.toFixed(0)} ms (runs: ${warm.map((t) => t.toFixed(0)).join(', ')})`);
    console.log(`ratio launch / node -e 0:           ${(warmMs / node).toFixed(1)}x`);
    console.log(`ratio launch / tsx -e 0:            ${(warmMs / tsx).toFixed(1)}x`);
    console.log(`goal <= ${GOAL_MS} ms:                     ${warmMs <= GOAL_MS ? 'met' : 'NOT met'}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
