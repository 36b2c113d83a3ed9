import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { freePort } from '../../helpers/free-port.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, skinApiEndpoints } from '../../../protocol/endpoints/skin-api.ts';
import { PlatformClient } from '../../../main/platform-client/client.ts';
import { PostgresDatabase } from '../../../platform/storage/postgres-database.ts';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../../helpers/postgres.ts';
import { startPlatformProcess, type PlatformProcess } from '../../helpers/platform-process.ts';
import { startTestS3Server, type TestS3Server } from '../../helpers/s3-server.ts';
import { uploadResources } from '../../helpers/uploads.ts';
import { expectSucceeded, waitForTask } from '../../helpers/tasks.ts';

/**
 * Issue 15 items 3, 5 and 6 (D-073): two API processes and two worker processes on one
 * PostgreSQL database and one S3 server, all on 127.0.0.1. A worker is killed with SIGKILL while
 * it runs a task and an API node is killed mid-request: every task still ends once, with one
 * result and one quota unit, and a retry with the same idempotency key on the other API node
 * gets the same task. Needs PostgreSQL and the S3 server; fails naming them when missing.
 */

interface DemoApp {
  app_id: string;
  app_secret: string;
  merchant_id: string | null;
  merchant_name: string | null;
}


const TASKS = 6;

describe('two API nodes and two workers on one PostgreSQL and one S3 store', () => {
  // One data directory for every node: the signing key and the demo credentials are the
  // deployment's shared secrets, as a mounted secret would be; objects are in S3, rows in PostgreSQL.
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-multinode-'));
  const nodes: PlatformProcess[] = [];
  let database: TestPostgresDatabase;
  let s3: TestS3Server;
  let db: PostgresDatabase;
  let api1: PlatformProcess;
  let worker1: PlatformProcess;
  let worker2: PlatformProcess;
  let opsPort = 0;
  let app: DemoApp;
  /** Each API node's own address (the CLI prints the shared public one). */
  let url1 = '';
  let url2 = '';

  beforeAll(async () => {
    database = await createTestPostgresDatabase();
    s3 = await startTestS3Server();
    const bucket = await s3.createBucket();
    const objects = `s3://${bucket.bucket}?endpoint=${encodeURIComponent(s3.endpoint)}&region=${s3.region}`;
    const env = { AWS_ACCESS_KEY_ID: s3.credentials.accessKeyId, AWS_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey };
    // Behind a load balancer every API node answers for one public address.
    const [port1, port2] = [await freePort(), await freePort()];
    url1 = `http://127.0.0.1:${port1}`;
    url2 = `http://127.0.0.1:${port2}`;
    const publicUrl = url1;
    const common = ['--database', database.url, '--objects', objects, '--public-url', publicUrl, '--shutdown-grace-seconds', '0'];
    const start = async (port: number, args: string[]) => {
      const node = await startPlatformProcess(dataDir, port, [...common, ...args], { env });
      nodes.push(node);
      return node;
    };
    // The first API node seeds the demo tenants; the others start on the seeded database.
    api1 = await start(port1, ['--role', 'api']);
    [, worker1] = await Promise.all([start(port2, ['--role', 'api']), start(0, ['--role', 'worker', '--workers', '1'])]);
    // This one logs at info and serves its probes and metrics: a worker is watched through its
    // log, one line per task, and its ops port (D-128).
    opsPort = await freePort();
    worker2 = await start(0, ['--role', 'worker', '--workers', '1', '--log-level', 'info', '--ops-port', String(opsPort)]);
    db = new PostgresDatabase(database.url, { poolSize: 2 });
    const creds = JSON.parse(readFileSync(join(dataDir, 'demo-credentials.json'), 'utf8')) as { apps: DemoApp[] };
    app = creds.apps.find((a) => a.merchant_name === 'Lumen Skin Studio')!;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.kill()));
    await db?.close();
    await database?.drop();
    await s3?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const clientOf = (url: string) => new PlatformClient({ addresses: { cn: url, overseas: url }, region: 'overseas', appId: app.app_id, appSecret: app.app_secret });
  const quota = async () => (await db.one<{ quota_used: number; quota_reserved: number }>('SELECT quota_used, quota_reserved FROM skin_orders WHERE merchant_id = ?', [Number(app.merchant_id)]))!;

  it('finishes every task once when a worker is killed mid-task, and a retried request on the other API node gets the same task', async () => {
    const client1 = clientOf(url1);
    const client2 = clientOf(url2);
    const resources = await uploadResources(client1, ['front_image']);
    const before = await quota();

    // Tasks created through both API nodes, each with its idempotency key.
    const ids: string[] = [];
    for (let i = 0; i < TASKS; i++) {
      const client = i % 2 === 0 ? client1 : client2;
      const { task_id } = await client.call(skinApiEndpoints.createTask, { body: { api_code: 'online_skin', algorithm_variant: 'all_race', resources }, headers: { [IDEMPOTENCY_KEY_HEADER]: `multi-${i}` } });
      ids.push(task_id);
    }
    // The same key again on the other node: the same task, not a second one.
    const again = await client2.call(skinApiEndpoints.createTask, { body: { api_code: 'online_skin', algorithm_variant: 'all_race', resources }, headers: { [IDEMPOTENCY_KEY_HEADER]: 'multi-0' } });
    expect(again.task_id).toBe(ids[0]);

    // Both workers busy, then one dies without a word.
    const deadline = Date.now() + 60_000;
    while (Number((await db.one<{ n: number }>("SELECT COUNT(*) AS n FROM tasks WHERE status = 'running'"))?.n) < 2) {
      if (Date.now() > deadline) throw new Error('the two workers never ran two tasks at once');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await worker1.kill();

    // An API node killed with a creation in flight: the client retries on the other node.
    const inFlight = client1.call(skinApiEndpoints.createTask, { body: { api_code: 'online_skin', algorithm_variant: 'all_race', resources }, headers: { [IDEMPOTENCY_KEY_HEADER]: 'cut-off' } }).catch(() => null);
    await new Promise((resolve) => setTimeout(resolve, 15));
    await api1.kill();
    await inFlight;
    const retried = await client2.call(skinApiEndpoints.createTask, { body: { api_code: 'online_skin', algorithm_variant: 'all_race', resources }, headers: { [IDEMPOTENCY_KEY_HEADER]: 'cut-off' } });
    ids.push(retried.task_id);
    expect(await db.one("SELECT COUNT(*) AS n FROM tasks WHERE idempotency_key = 'cut-off'")).toEqual({ n: 1 });

    // The surviving worker finishes everything, the killed worker's task after its lease ended.
    for (const id of ids) expectSucceeded(await waitForTask(client2, id, 150_000));
    const rows = await db.all<{ id: string; status: string; quota_charged: number; attempts: number }>('SELECT id, status, quota_charged, attempts FROM tasks');
    expect(rows).toHaveLength(TASKS + 1);
    for (const row of rows) expect(row).toMatchObject({ status: 'succeeded', quota_charged: 1 });
    // The killed worker's task was run again by the other one, which logged it as finished.
    const rerun = rows.find((row) => Number(row.attempts) >= 2);
    expect(rerun).toBeDefined();
    const finished = worker2.output().split('\n').filter((line) => line.includes('"msg":"task finished"')).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(finished).toContainEqual(expect.objectContaining({ task_id: rerun?.id, status: 'succeeded', code: 0, api_code: 'online_skin', attempt: Number(rerun?.attempts), ms: expect.any(Number) }));
    // Its ops port: probes, and the timings of the tasks it ran, which no API node's /metrics has; no API there.
    const ops = `http://127.0.0.1:${opsPort}`;
    expect(worker2.output()).toContain(`probes and metrics on ${ops}`);
    expect((await fetch(`${ops}/healthz`)).status).toBe(200);
    expect((await fetch(`${ops}/readyz`)).status).toBe(200);
    const scraped = await (await fetch(`${ops}/metrics`)).text();
    const ran = /platform_task_duration_seconds_count\{[^}]*status="succeeded"[^}]*\} (\d+)/.exec(scraped);
    expect(Number(ran?.[1])).toBeGreaterThanOrEqual(finished.length);
    expect((await fetch(`${ops}/skin_api/analyze/result?task_id=${ids[0]}`)).status).toBe(404);
    expect(await quota()).toEqual({ quota_used: before.quota_used + TASKS + 1, quota_reserved: before.quota_reserved });
    // The killed attempt's job stays locked by its dead worker, harmlessly; none waits unrun.
    expect(await db.one("SELECT COUNT(*) AS n FROM graphile_worker.jobs WHERE locked_at IS NULL AND run_at < now() - interval '5 seconds' AND attempts < max_attempts")).toEqual({ n: 0 });
    await client1.close();
    await client2.close();
  }, 240_000);
});
