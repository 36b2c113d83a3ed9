/**
 * Platform cold start (`npm run bench:platform-cold-start`; issue 14 aim: ≤ 1 s to /readyz ok on
 * SQLite). Compiles the platform as `npm run build:platform` does (into .tmp/, leaving dist/
 * alone), then times `node <build>/platform/cli.js` from spawn to the first answer of /healthz
 * (listening) and to /readyz answering 200, on a fresh data directory (first start: migrations
 * and the demo seed) and warm starts on the same directory (the normal restart).
 *
 * Measured in the same run, as the baseline: a bare Fastify server in a new Node process, from
 * spawn to its first answer, and `node -e 0` (how loaded the machine is). Prints medians and the
 * ratio; not a test.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPlatform } from '../../test/helpers/platform-build.ts';
import { median } from '../median.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RUNS = 5;
const GOAL_MS = 1000;


async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).status === 200;
  } catch {
    return false;
  }
}

/** Spawns `args`, reads the address it prints, and times the first 200 of each probe path. */
async function timeStart(args: string[], env: NodeJS.ProcessEnv, probes: string[]): Promise<number[]> {
  const start = performance.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    let output = '';
    const base = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no address within 30 s:\n${output}`)), 30_000);
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening on (http:\/\/\S+)/.exec(output);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
    });
    const times: number[] = [];
    for (const path of probes) {
      while (!(await answers(`${base}${path}`))) await new Promise((resolve) => setTimeout(resolve, 2));
      times.push(performance.now() - start);
    }
    return times;
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

async function main(): Promise<void> {
  console.log('compiling the platform (tsconfig.platform.json)…');
  const build = await buildPlatform();
  const bareDir = mkdtempSync(join(ROOT, '.tmp', 'bare-fastify-'));
  const bare = join(bareDir, 'bare.mjs');
  // In .tmp/ of the repository, so 'fastify' resolves to the same node_modules the platform uses.
  writeFileSync(
    bare,
    `import Fastify from 'fastify';
     const app = Fastify();
     app.get('/healthz', async () => ({ ok: true }));
     await app.listen({ port: 0, host: '127.0.0.1' });
     console.log('listening on http://127.0.0.1:' + app.server.address().port);
     process.on('SIGTERM', () => app.close().then(() => process.exit(0)));`,
  );
  try {
    // How slow this machine starts any Node process right now (shared cores make it vary).
    const nodes: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      spawnSync(process.execPath, ['-e', '0'], { stdio: 'ignore' });
      nodes.push(performance.now() - start);
    }
    const baseline: number[] = [];
    for (let i = 0; i < RUNS; i++) baseline.push((await timeStart([bare], {}, ['/healthz']))[0]!);

    const dataDir = mkdtempSync(join(tmpdir(), 'platform-cold-'));
    const env = { PLATFORM_PORT: '0', PLATFORM_DATA: dataDir, PLATFORM_LOG_LEVEL: 'warn', PLATFORM_MODELS: join(ROOT, 'models') };
    const [firstListening, firstReady] = await timeStart([build.cli], env, ['/healthz', '/readyz']);
    const listening: number[] = [];
    const ready: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const [l, r] = await timeStart([build.cli], env, ['/healthz', '/readyz']);
      listening.push(l!);
      ready.push(r!);
    }
    rmSync(dataDir, { recursive: true, force: true });

    const b = median(baseline);
    const r = median(ready);
    console.log(`node -e 0                         ${median(nodes).toFixed(0)} ms (median of ${RUNS})`);
    console.log(`bare Fastify (baseline)           ${b.toFixed(0)} ms to its first answer (median of ${RUNS})`);
    console.log(`first start (migrate + seed)      ${firstListening!.toFixed(0)} ms listening, ${firstReady!.toFixed(0)} ms /readyz ok`);
    console.log(`warm start                        ${median(listening).toFixed(0)} ms listening, ${r.toFixed(0)} ms /readyz ok (median of ${RUNS})`);
    console.log(`ratio warm /readyz to baseline    ${(r / b).toFixed(2)}×`);
    console.log(`aim: /readyz ok ≤ ${GOAL_MS} ms on SQLite: ${r <= GOAL_MS && firstReady! <= GOAL_MS ? 'met' : 'NOT met'} (first ${firstReady!.toFixed(0)} ms, warm ${r.toFixed(0)} ms)`);
  } finally {
    build.remove();
    rmSync(bareDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
