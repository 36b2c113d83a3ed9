/**
 * Read paths of the platform against a bare Fastify hello route, measured in the same run with
 * load from a second process (issue 14, item 7; D-054). Aims: an authenticated task-result poll
 * at least 50 % and a 20-item /open_api/ catalogue page at least 25 % of the bare route's
 * requests per second. Prints requests/s, the server's CPU time per request (which other load on
 * the machine changes less than requests/s), the load process's own (when it nears the server's,
 * the client sets the pace; D-094), latency and the ratios; not a test.
 *
 * Options (npm run bench:http -- --name=N): --duration=S seconds measured per target and round
 * (default 5), --rounds=N (default 3; the median round counts), --connections=N (default 10),
 * --only=result|page (that target and the bare route, e.g. under `node --cpu-prof`),
 * --encoding=identity|gzip (each read is measured without Accept-Encoding and with the kiosk
 * client's `gzip`, D-081; this keeps one).
 * Backend: --database=postgres://… or DATABASE_URL; else the embedded SQLite file.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { PlatformClient } from '../../main/platform-client/client.ts';
import { ACCEPT_ENCODING } from '../../main/platform-client/transport.ts';
import { catalogueEndpoints } from '../../protocol/endpoints/catalogue.ts';
import { ACCESS_TOKEN_HEADER, MERCHANT_ID_HEADER } from '../../protocol/token.ts';
import type { DemoApp } from '../../platform/seed/demo-seed.ts';
import { startPlatform, type RunningPlatform } from '../../platform/server.ts';
import { intArg } from '../skin-api/bench-args.ts';
import { backendFromArgs, type Backend } from './backend.ts';
import { finishedSkinTask } from './fixtures.ts';
import type { LoadResult, LoadSpec } from './load.ts';
import { median } from '../median.ts';

const DURATION_MS = intArg('duration', 5) * 1000;
const ROUNDS = intArg('rounds', 3);
const CONNECTIONS = intArg('connections', 10);
const WARMUP_MS = 1000;
const PAGE_SIZE = 20;

interface Target {
  readonly key: 'bare' | 'result' | 'page';
  /** The Accept-Encoding sent: none, or what the kiosk's client sends (D-081). */
  readonly encoding: 'identity' | 'gzip';
  readonly label: string;
  readonly origin: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly expectPrefix: string;
  /** The aim as a share of the bare route, or null for the bare route itself. */
  readonly aim: number | null;
}

/** A load run and the server CPU time this process spent in its measured window. */
interface Measured extends LoadResult {
  readonly serverCpuMs: number;
}

/** One measurement in the load process; resolves with what it printed and the CPU time spent here meanwhile. */
function measure(target: Target): Promise<Measured> {
  const spec: LoadSpec = {
    origin: target.origin, path: target.path, headers: target.headers, connections: CONNECTIONS,
    warmupMs: WARMUP_MS, durationMs: DURATION_MS, expectPrefix: target.expectPrefix,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', new URL('./load.ts', import.meta.url).pathname, JSON.stringify(spec)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  let cpuAtStart: NodeJS.CpuUsage | null = null;
  let cpuMs = NaN;
  // CPU time rather than requests/s alone: other processes on the machine slow both sides alike.
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
    if (cpuAtStart === null && out.includes('start\n')) cpuAtStart = process.cpuUsage();
    if (cpuAtStart !== null && Number.isNaN(cpuMs) && out.includes('end\n')) {
      const used = process.cpuUsage(cpuAtStart);
      cpuMs = (used.user + used.system) / 1000;
    }
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`load process exited with ${code}`));
      const result = JSON.parse(out.slice(out.lastIndexOf('{'))) as LoadResult;
      resolve({ ...result, serverCpuMs: cpuMs });
    });
  });
}

async function startBare(): Promise<{ origin: string; close: () => Promise<void> }> {
  const app = Fastify({ logger: false });
  app.get('/hello', async () => ({ hello: 'world' }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  return { origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, close: () => app.close() };
}

async function startOn(backend: Backend, dataDir: string): Promise<RunningPlatform> {
  const platform = await startPlatform({
    port: 0, dataDir, logLevel: 'silent', analysisWorkers: 1,
    ...(backend.kind === 'postgres' ? { databaseUrl: backend.url } : {}),
  });
  if (platform.services.sql.dialect !== backend.kind) {
    await platform.close();
    throw new Error(`asked for ${backend.kind}, the platform opened ${platform.services.sql.dialect}: it does not open PostgreSQL yet (issue 14, item 2)`);
  }
  return platform;
}

function primaryApp(dataDir: string): DemoApp {
  const creds = JSON.parse(readFileSync(join(dataDir, 'demo-credentials.json'), 'utf8')) as { apps: DemoApp[] };
  const app = creds.apps.find((a) => a.level === 'merchant' && a.merchant_name === 'Lumen Skin Studio');
  if (!app?.merchant_id) throw new Error('no demo merchant app');
  return app;
}

/** The page the bench reads must be full: the demo catalogue has fewer products, so add some through the API. */
async function fillCatalogue(client: PlatformClient): Promise<void> {
  const product_list = Array.from({ length: PAGE_SIZE }, (_, i) => ({
    custom_id: `BENCH${String(i).padStart(3, '0')}`, category_id: 3 as const, name: `Bench serum ${i}`, pic: `https://cdn.example.com/p/bench-${i}.jpg`,
    sub_title: 'Deep hydration', price_unit: 11, price: '129.50', problem: { water: [3, 4], pore: [2] }, label: 'hydrating,bestseller',
    lang_data: { 'zh-Hans': { name: '保湿精华' }, ar: { name: 'سيروم مرطب' } },
  }));
  const res = await client.call(catalogueEndpoints.createProducts, { body: { product_list } });
  if ((res.err_list ?? []).length > 0) throw new Error(`catalogue fill failed: ${JSON.stringify(res.err_list)}`);
}


async function main(): Promise<void> {
  const backend = backendFromArgs();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-http-'));
  const bare = await startBare();
  const platform = await startOn(backend, dataDir).catch(async (error: unknown) => {
    await bare.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  const app = primaryApp(dataDir);
  const merchantId = String(app.merchant_id);
  const client = new PlatformClient({ addresses: { cn: platform.url, overseas: platform.url }, region: 'overseas', appId: app.app_id, appSecret: app.app_secret, merchantId });
  await fillCatalogue(client);
  const taskId = await finishedSkinTask(platform.services, Number(app.merchant_id));
  const headers = { [ACCESS_TOKEN_HEADER]: await client.accessToken(), [MERCHANT_ID_HEADER]: merchantId };
  const ok = '{"meta":{"code":0,';
  const resultPath = `/skin_api/analyze/result?task_id=${taskId}`;
  const pagePath = `/open_api/merchant/products?page=1&count=${PAGE_SIZE}`;
  // Each read twice: without Accept-Encoding (curl, most integrations) and as the kiosk's client
  // asks (gzip, main/platform-client/transport.ts), which also decodes the answer in the load process.
  const kiosk = { ...headers, 'accept-encoding': ACCEPT_ENCODING };
  const allTargets: Target[] = [
    { key: 'bare', encoding: 'identity', label: 'bare Fastify GET /hello', origin: bare.origin, path: '/hello', headers: {}, expectPrefix: '{"hello"', aim: null },
    { key: 'result', encoding: 'identity', label: 'GET /skin_api/analyze/result (finished task)', origin: platform.url, path: resultPath, headers, expectPrefix: ok, aim: 0.5 },
    { key: 'result', encoding: 'gzip', label: 'GET /skin_api/analyze/result (finished task), accept-encoding: gzip', origin: platform.url, path: resultPath, headers: kiosk, expectPrefix: ok, aim: 0.5 },
    { key: 'page', encoding: 'identity', label: `GET /open_api/merchant/products (${PAGE_SIZE} items)`, origin: platform.url, path: pagePath, headers, expectPrefix: ok, aim: 0.25 },
    { key: 'page', encoding: 'gzip', label: `GET /open_api/merchant/products (${PAGE_SIZE} items), accept-encoding: gzip`, origin: platform.url, path: pagePath, headers: kiosk, expectPrefix: ok, aim: 0.25 },
  ];
  // --only=result (or page, bare) measures one read alone, as when profiling the platform;
  // --encoding=identity or gzip only that way of asking.
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  const encoding = process.argv.find((a) => a.startsWith('--encoding='))?.slice('--encoding='.length);
  const targets = allTargets.filter((t) => t.key === 'bare' || ((only === undefined || t.key === only) && (encoding === undefined || t.encoding === encoding)));
  // Each target once per round, in turn, so drifting machine load touches all alike.
  const runs = new Map<Target, Measured[]>(targets.map((t) => [t, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const target of targets) runs.get(target)?.push(await measure(target));
  }
  const rps = (r: LoadResult) => (r.requests / r.elapsedMs) * 1000;
  const cpuUs = (r: Measured) => (r.serverCpuMs * 1000) / (r.requests + r.errors);
  const bareRps = median((runs.get(targets[0]!) ?? []).map(rps));
  const bareCpu = median((runs.get(targets[0]!) ?? []).map(cpuUs));
  const clientCpuUs = (r: Measured) => (r.clientCpuMs * 1000) / (r.requests + r.errors);
  console.log(`${backend.kind}; ${CONNECTIONS} connections from a second process; ${ROUNDS} rounds of ${DURATION_MS / 1000} s, median round`);
  for (const target of targets) {
    const results = runs.get(target) ?? [];
    const byRps = [...results].sort((a, b) => rps(a) - rps(b));
    const mid = byRps[Math.floor(byRps.length / 2)]!;
    const errors = results.reduce((n, r) => n + r.errors, 0);
    const cpu = median(results.map(cpuUs));
    const ratio = target.aim === null ? '' : `  ratio ${(rps(mid) / bareRps).toFixed(2)} (aim >= ${target.aim.toFixed(2)}; by CPU ${(bareCpu / cpu).toFixed(2)})`;
    const bytes = mid.bodyBytes / Math.max(1, mid.requests + mid.errors);
    console.log(`  ${target.label}: ${rps(mid).toFixed(0)} req/s  server CPU ${cpu.toFixed(0)} us/req  client CPU ${median(results.map(clientCpuUs)).toFixed(0)} us/req  body ${bytes.toFixed(0)} B  p50 ${mid.p50Ms.toFixed(2)} ms  p99 ${mid.p99Ms.toFixed(2)} ms  errors ${errors}${ratio}`);
  }
  await client.close();
  await platform.close();
  await bare.close();
  rmSync(dataDir, { recursive: true, force: true });
}

await main();
