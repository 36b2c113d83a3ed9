import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, skinApiEndpoints } from '../../../protocol/endpoints/skin-api.ts';
import { ANALYSIS_TASK_JOB } from '../../../protocol/queue/jobs.ts';
import { PlatformError } from '../../../main/platform-client/errors.ts';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../../helpers/postgres.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { uploadResources } from '../../helpers/uploads.ts';
import { jobKeyOf, TaskJobRepository } from '../../../platform/analysis/task-job-repository.ts';
import { TaskQueue } from '../../../platform/analysis/task-queue.ts';
import { systemClock } from '../../../platform/clock.ts';
import { SharedTaskQueue } from '../../../platform/analysis/shared-queue.ts';

/**
 * Issue 15 item 4 (D-073): the shared queue serves merchants fairly, and a merchant's queue has a
 * limit answered with 45014. An API-only node queues tasks and runs none, so the order the
 * queue engine will hand them out in can be read from its jobs before any worker takes one.
 */
const LIMIT = 10;

describe('fair shared queue on PostgreSQL', () => {
  let database: TestPostgresDatabase;
  let test: TestPlatform;

  beforeAll(async () => {
    database = await createTestPostgresDatabase();
    test = await startTestPlatform({ config: { databaseUrl: database.url, role: 'api', maxQueuedTasksPerMerchant: LIMIT } });
  }, 60_000);
  afterAll(async () => {
    await test?.stop();
    await database?.drop();
  });

  it("puts another merchant's tasks ahead of a flood, and refuses a merchant's tasks past its limit with 45014", async () => {
    const flooder = test.client(test.app('primary'));
    const other = test.client(test.app('second'));
    const create = (client: typeof flooder, resources: Record<string, string>, key: string) =>
      client.call(skinApiEndpoints.createTask, { body: { api_code: 'online_skin', algorithm_variant: 'all_race', resources }, headers: { [IDEMPOTENCY_KEY_HEADER]: key } });

    const floodResources = await uploadResources(flooder, ['front_image']);
    const flood: string[] = [];
    for (let i = 0; i < LIMIT; i++) flood.push((await create(flooder, floodResources, `flood-${i}`)).task_id);
    // One more is refused, and nothing is stored for it.
    const refused = await create(flooder, floodResources, 'flood-over').then(
      () => expect.fail('the task past the limit was accepted'),
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(PlatformError);
    expect(refused).toMatchObject({ code: 45014, httpStatus: 429 });
    // A retry of an accepted request still gets its task while the queue is full.
    expect((await create(flooder, floodResources, 'flood-3')).task_id).toBe(flood[3]);

    const otherResources = await uploadResources(other, ['front_image']);
    const late = [(await create(other, otherResources, 'other-0')).task_id, (await create(other, otherResources, 'other-1')).task_id];

    // graphile-worker hands jobs out by priority, then run_at (its get_job query).
    const jobs = await test.platform.services.sql.all<{ key: string }>('SELECT key FROM graphile_worker.jobs ORDER BY priority, run_at, id');
    const order = jobs.map((job) => job.key.replace(/^task:/, ''));
    expect(order).toHaveLength(LIMIT + 2);
    // The late merchant's first task runs second (after the flood's first), its second fourth.
    expect(order.indexOf(late[0]!)).toBe(1);
    expect(order.indexOf(late[1]!)).toBe(3);
    // The flood keeps its own order.
    expect(order.filter((id) => flood.includes(id))).toEqual(flood);
  }, 60_000);

  it('finds a queued task whose job was lost, and no longer once its job is added again', async () => {
    const client = test.client(test.app('second'));
    const resources = await uploadResources(client, ['front_image']);
    const { task_id: id } = await client.call(skinApiEndpoints.createTask, { body: { api_code: 'online_skin', algorithm_variant: 'all_race', resources } });
    const sql = test.platform.services.sql;
    const jobs = new TaskJobRepository(sql);
    const region = test.platform.services.config.region;
    const orphanIds = async () => (await jobs.orphans(region, Date.now() + 1_000, 200)).map((task) => task.id);
    // Every queued task has its job (the API node added them after their commits).
    expect(await orphanIds()).toEqual([]);
    // Its API node died between the commit and the job: the sweep's orphan pass finds it.
    await sql.run('SELECT graphile_worker.remove_job(?::text)', [jobKeyOf(id)]);
    expect(await orphanIds()).toEqual([id]);
    // Not while it is younger than the orphan delay.
    expect((await jobs.orphans(region, 0, 200)).map((task) => task.id)).toEqual([]);
    await jobs.addJob(ANALYSIS_TASK_JOB, id, 0, 5);
    expect(await orphanIds()).toEqual([]);
  }, 60_000);

  it('accepts exactly up to the limit when more creations than it allows arrive at once (D-079)', async () => {
    const client = test.client(test.app('second'));
    const resources = await uploadResources(client, ['front_image']);
    const merchantId = Number(test.app('second').merchant_id);
    const queued = async () => Number((await test.platform.services.sql.one<{ n: number }>("SELECT COUNT(*) AS n FROM tasks WHERE merchant_id = ? AND status = 'queued'", [merchantId]))?.n);
    const room = LIMIT - (await queued());
    expect(room).toBeGreaterThan(0);
    const outcomes = await Promise.allSettled(Array.from({ length: 2 * LIMIT }, (_, i) =>
      client.call(skinApiEndpoints.createTask, { body: { api_code: 'online_skin', algorithm_variant: 'all_race', resources }, headers: { [IDEMPOTENCY_KEY_HEADER]: `burst-${i}` } })));
    const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(room);
    for (const error of refused) expect(error).toMatchObject({ code: 45014, httpStatus: 429 });
    expect(await queued()).toBe(LIMIT);
  }, 60_000);

  it("puts a merchant's new task behind its own older ones once part of its backlog has run (D-079)", async () => {
    const flooder = test.client(test.app('primary'));
    const merchantId = Number(test.app('primary').merchant_id);
    const sql = test.platform.services.sql;
    const jobOrder = async () => (await sql.all<{ key: string }>('SELECT key FROM graphile_worker.jobs ORDER BY priority, run_at, id')).map((job) => job.key.replace(/^task:/, ''));
    const backlog = (await sql.all<{ id: string }>("SELECT id FROM tasks WHERE merchant_id = ? AND status = 'queued' ORDER BY created_at", [merchantId])).map((task) => task.id);
    expect(backlog).toHaveLength(LIMIT);
    // A worker runs the first half: each task claimed and finished, its job done.
    const queue = new TaskQueue(sql, systemClock, test.platform.services.config.region);
    const ran = backlog.slice(0, LIMIT / 2);
    for (const id of ran) {
      const claimed = await queue.claim(id, 60_000);
      expect(claimed?.id).toBe(id);
      expect(await queue.fail(id, claimed!.attempts, { code: 45101, msg: 'test' })).toBe(true);
      await sql.run('SELECT graphile_worker.remove_job(?::text)', [jobKeyOf(id)]);
    }
    const resources = await uploadResources(flooder, ['front_image']);
    const { task_id: next } = await flooder.call(skinApiEndpoints.createTask, { body: { api_code: 'online_skin', algorithm_variant: 'all_race', resources }, headers: { [IDEMPOTENCY_KEY_HEADER]: 'after-backlog' } });
    const order = (await jobOrder()).filter((id) => id === next || backlog.includes(id));
    expect(order).toEqual([...backlog.slice(LIMIT / 2), next]);
  }, 60_000);
});

/**
 * D-085: a job is one turn of its merchant; the task it runs is the one whose store's turn it is,
 * and the task the job named takes over the job of the task that ran, in its place. Read from the
 * jobs of an API-only node, as above; the worker's part is played by TaskQueue.claim and
 * SharedTaskQueue.handOver, as the dispatcher calls them.
 */
describe('stores of a merchant take turns on the shared queue', () => {
  let database: TestPostgresDatabase;
  let test: TestPlatform;

  beforeAll(async () => {
    database = await createTestPostgresDatabase();
    test = await startTestPlatform({ config: { databaseUrl: database.url, role: 'api' } });
  }, 60_000);
  afterAll(async () => {
    await test?.stop();
    await database?.drop();
  });

  it("runs a store's task behind another store's flood in the flood's second job, and moves that task's job to the task passed over", async () => {
    const client = test.client(test.app('primary'));
    const merchantId = Number(test.app('primary').merchant_id);
    const sql = test.platform.services.sql;
    const resources = await uploadResources(client, ['front_image']);
    const create = async (store: string) =>
      (await client.call(skinApiEndpoints.createTask, { body: { api_code: 'online_skin', algorithm_variant: 'all_race', resources, metadata: { store_custom_id: store } } })).task_id;
    const flood: string[] = [];
    for (let i = 0; i < 5; i++) flood.push(await create('A1'));
    const late = await create('B1');
    interface Job { key: string; priority: number; run_at: string; locked: boolean }
    const jobs = async () =>
      (await sql.all<Job>('SELECT key, priority, run_at::text AS run_at, locked_at IS NOT NULL AS locked FROM graphile_worker.jobs ORDER BY priority, run_at, id'))
        .map((job) => ({ ...job, key: job.key?.replace(/^task:/, '') ?? null }));
    const before = await jobs();
    expect(before.map((job) => job.key)).toEqual([...flood, late]);
    const lateJob = before.find((job) => job.key === late)!;

    // A worker takes the first job (as graphile-worker's get_job locks it) and runs the flood's first task.
    const lock = (taskId: string) => sql.run("UPDATE graphile_worker._private_jobs SET locked_at = now(), locked_by = 'test' WHERE key = ?", [jobKeyOf(taskId)]);
    const queue = new TaskQueue(sql, systemClock, test.platform.services.config.region);
    await lock(flood[0]!);
    expect((await queue.claim(flood[0]!, 60_000))?.id).toBe(flood[0]);
    // The next job names the flood's second task; store B1 has nothing running, so its task runs.
    await lock(flood[1]!);
    const ran = await queue.claim(flood[1]!, 60_000);
    expect(ran?.id).toBe(late);
    const shared = await SharedTaskQueue.open(database.url, sql);
    await shared.handOver(flood[1]!, late, merchantId);

    const waiting = (await jobs()).filter((job) => !job.locked);
    // The task passed over has the late task's job, in its place; the late task, running, has none.
    expect(waiting.find((job) => job.key === flood[1])).toMatchObject({ priority: lateJob.priority, run_at: lateJob.run_at });
    expect(waiting.map((job) => job.key)).toEqual([...flood.slice(2), flood[1]]);
    // Which task a job runs is chosen when it runs: the next job, naming the flood's third task,
    // runs the flood's second (its store's oldest), which hands its job on in turn.
    await lock(flood[2]!);
    expect((await queue.claim(flood[2]!, 60_000))?.id).toBe(flood[1]);
    await shared.handOver(flood[2]!, flood[1]!, merchantId);
    expect((await jobs()).filter((job) => !job.locked).map((job) => job.key)).toEqual([flood[3], flood[4], flood[2]]);
    // Every queued task has its job: the orphan pass adds none.
    const region = test.platform.services.config.region;
    expect(await new TaskJobRepository(sql).orphans(region, Date.now() + 1_000, 200)).toEqual([]);
    expect(await sql.one<{ n: number }>("SELECT COUNT(*) AS n FROM tasks WHERE merchant_id = ? AND status = 'queued'", [merchantId])).toEqual({ n: 3 });
  }, 60_000);

  it('gives the task passed over a job of its own when the job of the task run was taken meanwhile', async () => {
    const client = test.client(test.app('second'));
    const merchantId = Number(test.app('second').merchant_id);
    const sql = test.platform.services.sql;
    const resources = await uploadResources(client, ['front_image']);
    const create = async (store: string) =>
      (await client.call(skinApiEndpoints.createTask, { body: { api_code: 'online_skin', algorithm_variant: 'all_race', resources, metadata: { store_custom_id: store } } })).task_id;
    const flood = [await create('C1'), await create('C1')];
    const late = await create('D1');
    const lock = (taskId: string) => sql.run("UPDATE graphile_worker._private_jobs SET locked_at = now(), locked_by = 'test' WHERE key = ?", [jobKeyOf(taskId)]);
    const queue = new TaskQueue(sql, systemClock, test.platform.services.config.region);
    await lock(flood[0]!);
    expect((await queue.claim(flood[0]!, 60_000))?.id).toBe(flood[0]);
    // Two workers take the next two jobs at once: the flood's second task's, and the late task's.
    await lock(flood[1]!);
    await lock(late);
    expect((await queue.claim(flood[1]!, 60_000))?.id).toBe(late);
    await (await SharedTaskQueue.open(database.url, sql)).handOver(flood[1]!, late, merchantId);
    // The late task's job, taken, does nothing when it runs (its task is running).
    expect(await queue.claim(late, 60_000)).toBeUndefined();
    // The task passed over has one waiting job; no other task of the merchant has one.
    const waiting = await sql.all<{ key: string }>(
      "SELECT j.key FROM graphile_worker.jobs j JOIN tasks t ON j.key = 'task:' || t.id WHERE t.merchant_id = ? AND j.locked_at IS NULL",
      [merchantId],
    );
    expect(waiting).toEqual([{ key: jobKeyOf(flood[1]!) }]);
    const region = test.platform.services.config.region;
    expect(await new TaskJobRepository(sql).orphans(region, Date.now() + 1_000, 200)).toEqual([]);
  }, 60_000);
});
