import { afterEach, describe, expect, it, vi } from 'vitest';
import { pino } from 'pino';
import { TaskDispatcher } from '../../../platform/analysis/dispatcher.ts';
import type { ImageSource } from '../../../platform/analysis/image-source.ts';
import { TaskQueue, MAX_ATTEMPTS } from '../../../platform/analysis/task-queue.ts';
import type { WorkerPool } from '../../../platform/analysis/worker-pool.ts';
import { ManualClock } from '../../../platform/clock.ts';
import { ApiError } from '../../../platform/http/api-error.ts';
import type { ObjectStore } from '../../../platform/objects/object-store.ts';
import { OrderRepository } from '../../../platform/skin-api/order-repository.ts';
import { TaskService } from '../../../platform/skin-api/task-service.ts';
import { UploadRepository } from '../../../platform/skin-api/upload-repository.ts';
import type { UploadService } from '../../../platform/skin-api/upload-service.ts';
import { PostgresDatabase } from '../../../platform/storage/postgres-database.ts';
import type { SqlDatabase } from '../../../platform/storage/sql.ts';
import { openTestDatabase, SQL_BACKENDS, type TestDatabase } from '../../helpers/sql-backends.ts';

/** Resources outside the platform: task creation reads no upload and persists no file. */
const ONLINE_SKIN = { api_code: 'online_skin', algorithm_variant: 'standard', resources: { front_image: 'https://images.example/a.jpg' } };
const FACIAL = { api_code: 'facial_analysis', algorithm_variant: 'standard', resources: { front_image: 'https://images.example/a.jpg' } };
const NO_UPLOADS = { storedFile: async () => undefined } as unknown as UploadService;
const NO_OBJECTS = { persist: async () => [] } as unknown as ObjectStore;
/** A dispatcher on the shared queue runs nothing in these tests: its pool and images are never used. */
const NO_POOL = {} as WorkerPool;
const NO_IMAGES = {} as ImageSource;
const LEASE_MS = 60_000;

interface Counters {
  quota_total: number;
  quota_used: number;
  quota_reserved: number;
}

/**
 * Uploads, tasks, quota and the task queue on both backends (issue 14; D-056). The concurrency
 * aims run across two connection pools on PostgreSQL, standing for two platform processes on one
 * database; on SQLite both "processes" share the one connection, as instances on one file do.
 */
describe.each(SQL_BACKENDS)('Skin API storage on %s', (backend) => {
  let test: TestDatabase | undefined;
  let second: PostgresDatabase | undefined;
  afterEach(async () => {
    await second?.close();
    second = undefined;
    await test?.close();
    test = undefined;
  });

  const clock = new ManualClock(Date.UTC(2026, 5, 1));

  /** The database, a second pool on it (PostgreSQL) and a merchant with an order of `quota` units. */
  async function open(quota: number): Promise<{ db: SqlDatabase; other: SqlDatabase; merchantId: number; orderId: number }> {
    test = await openTestDatabase(backend);
    const db = test.db;
    second = test.url === undefined ? undefined : new PostgresDatabase(test.url, { poolSize: 10 });
    const now = clock.now();
    const group = await db.one<{ id: number }>('INSERT INTO groups (name, created_at) VALUES (?, ?) RETURNING id', ['g', now]);
    const merchant = await db.one<{ id: number }>("INSERT INTO merchants (group_id, name, region, created_at) VALUES (?, ?, 'overseas', ?) RETURNING id", [group!.id, 'm', now]);
    const order = await db.one<{ id: number }>(
      'INSERT INTO skin_orders (merchant_id, valid_from, valid_until, quota_total, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id',
      [merchant!.id, now - 1000, now + 86_400_000, quota, now],
    );
    return { db, other: second ?? db, merchantId: merchant!.id, orderId: order!.id };
  }

  const tasksOn = (db: SqlDatabase) => new TaskService(db, clock, NO_UPLOADS, NO_OBJECTS, () => {});
  const counters = async (db: SqlDatabase, orderId: number) =>
    (await db.one<Counters>('SELECT quota_total, quota_used, quota_reserved FROM skin_orders WHERE id = ?', [orderId]))!;
  const codeOf = (error: unknown) => (error instanceof ApiError ? error.info.code : error);

  it('makes one task per idempotency key under 30 concurrent creations from two processes', async () => {
    const { db, other, merchantId, orderId } = await open(100);
    const services = [tasksOn(db), tasksOn(other)];
    const ids = await Promise.all(Array.from({ length: 30 }, (_, i) => services[i % 2]!.create(merchantId, 'app', ONLINE_SKIN, 'visit-7', [])));
    expect(new Set(ids).size).toBe(1);
    expect(await db.one('SELECT COUNT(*) AS n FROM tasks WHERE idempotency_key = ?', ['visit-7'])).toEqual({ n: 1 });
    expect(await counters(db, orderId)).toEqual({ quota_total: 100, quota_used: 0, quota_reserved: 1 });
    // The key stays bound to its request.
    await expect(services[1]!.create(merchantId, 'app', FACIAL, 'visit-7', []).catch(codeOf)).resolves.toBe(45012);
  });

  it('never reserves more units than the order holds under 30 concurrent creations', async () => {
    const { db, other, merchantId, orderId } = await open(10);
    const services = [tasksOn(db), tasksOn(other)];
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, i) => services[i % 2]!.create(merchantId, 'app', ONLINE_SKIN, `key-${i}`, []).then(() => 'created', codeOf)),
    );
    expect(outcomes.filter((o) => o === 'created')).toHaveLength(10);
    expect(outcomes.filter((o) => o !== 'created')).toEqual(Array(20).fill(45021));
    expect(await counters(db, orderId)).toEqual({ quota_total: 10, quota_used: 0, quota_reserved: 10 });
    expect(await db.one('SELECT COUNT(*) AS n FROM tasks')).toEqual({ n: 10 });
  });

  it('hands each queued task to exactly one of two competing claimers', async () => {
    const { db, other, merchantId } = await open(100);
    for (let i = 0; i < 24; i++) await tasksOn(db).create(merchantId, 'app', FACIAL, undefined, []);
    const claimer = async (queue: TaskQueue) => {
      const mine: string[] = [];
      for (let task = await queue.claimNext(LEASE_MS); task; task = await queue.claimNext(LEASE_MS)) mine.push(task.id);
      return mine;
    };
    const claimed = await Promise.all([db, other, db, other].map((on) => claimer(new TaskQueue(on, clock, 'overseas'))));
    const all = claimed.flat();
    expect(all).toHaveLength(24);
    expect(new Set(all).size).toBe(24);
    expect(await db.one("SELECT COUNT(*) AS n FROM tasks WHERE status = 'running' AND attempts = 1")).toEqual({ n: 24 });
  });

  it('charges each task exactly once when two processes finish it', async () => {
    const { db, other, merchantId, orderId } = await open(10);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await tasksOn(db).create(merchantId, 'app', ONLINE_SKIN, undefined, []));
    const queues = [new TaskQueue(db, clock, 'overseas'), new TaskQueue(other, clock, 'overseas')];
    const claimed = [];
    for (let task = await queues[0]!.claimNext(LEASE_MS); task; task = await queues[0]!.claimNext(LEASE_MS)) claimed.push(task);
    expect(claimed).toHaveLength(6);
    // Half succeed, half fail; every outcome is reported twice at once, by both processes.
    const wins = await Promise.all(
      claimed.flatMap((task, i) =>
        queues.map((queue) => (i % 2 === 0 ? queue.succeed(task.id, task.attempts, { ok: i }) : queue.fail(task.id, task.attempts, { code: 45101, msg: 'no' }))),
      ),
    );
    expect(wins.filter(Boolean)).toHaveLength(6);
    expect(await counters(db, orderId)).toEqual({ quota_total: 10, quota_used: 3, quota_reserved: 0 });
    const rows = await db.all<{ status: string; quota_reserved: number; quota_charged: number }>('SELECT status, quota_reserved, quota_charged FROM tasks ORDER BY id');
    expect(rows.filter((r) => r.status === 'succeeded' && r.quota_charged === 1)).toHaveLength(3);
    expect(rows.filter((r) => r.status === 'failed' && r.quota_charged === 0)).toHaveLength(3);
    expect(rows.every((r) => r.quota_reserved === 0)).toBe(true);
  });

  it('takes back an expired lease, ignores the late runner and gives up after the last attempt', async () => {
    const { db, other, merchantId, orderId } = await open(10);
    const id = await tasksOn(db).create(merchantId, 'app', ONLINE_SKIN, undefined, []);
    const first = new TaskQueue(db, clock, 'overseas');
    const rescuer = new TaskQueue(other, clock, 'overseas');
    let held = await first.claimNext(LEASE_MS);
    expect(held).toMatchObject({ id, attempts: 1 });
    // A live runner's lease is not taken.
    expect(await rescuer.reclaimExpiredLeases()).toBe(0);
    expect(await rescuer.claimNext(LEASE_MS)).toBeUndefined();
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      clock.advance(LEASE_MS + 1);
      // The sweep names the task it took back: the shared queue adds its job at once (D-073).
      expect(await rescuer.reclaimExpiredLeaseIds()).toEqual([id]);
      const late = held!;
      held = await rescuer.claimNext(LEASE_MS);
      expect(held).toMatchObject({ id, attempts: attempt });
      // The runner whose lease ended finishes late: its attempt no longer counts.
      expect(await first.succeed(late.id, late.attempts, { stale: true })).toBe(false);
    }
    clock.advance(LEASE_MS + 1);
    expect(await rescuer.reclaimExpiredLeases()).toBe(1);
    expect(await rescuer.claimNext(LEASE_MS)).toBeUndefined();
    expect(await db.one('SELECT status, error_code, quota_reserved, quota_charged FROM tasks WHERE id = ?', [id])).toEqual({
      status: 'failed',
      error_code: 45199,
      quota_reserved: 0,
      quota_charged: 0,
    });
    expect(await counters(db, orderId)).toEqual({ quota_total: 10, quota_used: 0, quota_reserved: 0 });
  });

  it('keeps a renewed lease, and requeues at once a task its runner hands back', async () => {
    const { db, other, merchantId } = await open(10);
    const id = await tasksOn(db).create(merchantId, 'app', FACIAL, undefined, []);
    const runner = new TaskQueue(db, clock, 'overseas');
    const sweeper = new TaskQueue(other, clock, 'overseas');
    const held = (await runner.claimNext(30_000))!;
    clock.advance(20_000);
    expect(await runner.renew(id, held.attempts, clock.now() + 30_000)).toBe(true);
    clock.advance(20_000);
    expect(await sweeper.reclaimExpiredLeases()).toBe(0);
    expect(await runner.handBack(id, held.attempts)).toBe(true);
    const next = (await sweeper.claimNext(30_000))!;
    expect(next).toMatchObject({ id, attempts: 2 });
    // The first runner's attempt is over: it can neither renew nor hand back the new one.
    expect(await runner.renew(id, held.attempts, clock.now() + 30_000)).toBe(false);
    expect(await runner.handBack(id, held.attempts)).toBe(false);
    expect(await db.one('SELECT status, attempts FROM tasks WHERE id = ?', [id])).toEqual({ status: 'running', attempts: 2 });
  });

  it('requeues running tasks at start only where the instance is the region\'s one runner', async () => {
    const { db, merchantId } = await open(10);
    await tasksOn(db).create(merchantId, 'app', FACIAL, undefined, []);
    const queue = new TaskQueue(db, clock, 'overseas');
    expect(await queue.claimNext(LEASE_MS)).toBeDefined();
    // SQLite: one runner per region (D-008); PostgreSQL: another process may be running it (D-056).
    expect(await new TaskQueue(db, clock, 'overseas').requeueInterrupted()).toBe(backend === 'sqlite' ? 1 : 0);
    expect(await new TaskQueue(db, clock, 'cn').requeueInterrupted()).toBe(0);
  });

  it('writes an upload policy only under a valid order, and records one file per policy when two uploads finish at once', async () => {
    const { db, other, merchantId } = await open(1);
    const now = clock.now();
    const upload = (resourceKey: string) => ({
      resourceKey, merchantId, appId: 'app', method: 'PUT' as const, extension: 'jpg', mime: 'image/jpeg', fileName: null,
      maxBytes: 100, expiresAt: now + 900_000, createdAt: now,
    });
    // Written only for a merchant with an order valid at the time given (D-090): one statement.
    expect(await new UploadRepository(db).insertForValidOrder(upload('late.jpg'), now + 86_400_000)).toBe(false);
    expect(await new UploadRepository(db).insertForValidOrder(upload('early.jpg'), now - 2000)).toBe(false);
    expect(await new UploadRepository(db).find('late.jpg')).toBeUndefined();
    expect(await new UploadRepository(db).find('early.jpg')).toBeUndefined();
    expect(await new UploadRepository(db).insertForValidOrder(upload('k.jpg'), now)).toBe(true);
    expect(await new UploadRepository(db).find('k.jpg')).toMatchObject({ merchant_id: merchantId, method: 'PUT', uploaded_at: null, expires_at: now + 900_000 });
    expect(await new UploadRepository(db).findStored('k.jpg')).toBeUndefined();
    const marks = await Promise.all([db, other, db, other].map((on, i) => new UploadRepository(on).markUploaded('k.jpg', now + i, 10 + i, 'ab')));
    expect(marks.filter(Boolean)).toHaveLength(1);
    expect(await new UploadRepository(other).findStored('k.jpg')).toMatchObject({ resource_key: 'k.jpg', merchant_id: merchantId, mime: 'image/jpeg' });
  });

  it('marks an upload used once, and lets many tasks naming it at once through without rerunning on its row (D-096)', async () => {
    const { db, other, merchantId } = await open(1);
    const now = clock.now();
    const upload = { merchantId, appId: 'app', method: 'PUT' as const, extension: 'jpg', mime: 'image/jpeg', fileName: null, maxBytes: 100, expiresAt: now + 900_000, createdAt: now };
    expect(await new UploadRepository(db).insertForValidOrder({ ...upload, resourceKey: 'shared.jpg' }, now)).toBe(true);
    expect(await new UploadRepository(db).markUsed(['shared.jpg'], now)).toBe(true);
    // 40 transactions at once on two pools, each naming the used upload and writing a row of its
    // own, as task creations do: none writes the upload's row, so none conflicts on it.
    let attempts = 0;
    const marks = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 === 0 ? db : other).transaction(async (tx) => {
          attempts += 1;
          const used = await new UploadRepository(tx).markUsed(['shared.jpg'], now + 1 + i);
          await tx.run('INSERT INTO rate_limits (bucket, hits, window_start) VALUES (?, 1, ?)', [`mark-${i}`, now]);
          return used;
        }),
      ),
    );
    expect(marks.every(Boolean)).toBe(true);
    expect(attempts).toBe(40);
    expect(await db.one('SELECT used_at FROM uploads WHERE resource_key = ?', ['shared.jpg'])).toEqual({ used_at: now });
    expect(await new UploadRepository(db).markUsed(['shared.jpg', 'gone.jpg'], now)).toBe(false);
  });

  it('finds the valid order with the most units left', async () => {
    const { db, merchantId, orderId } = await open(5);
    const now = clock.now();
    const bigger = await db.one<{ id: number }>(
      'INSERT INTO skin_orders (merchant_id, valid_from, valid_until, quota_total, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id',
      [merchantId, now - 1000, now + 1000, 50, now],
    );
    const orders = new OrderRepository(db);
    expect((await orders.findValid(merchantId, now))?.id).toBe(bigger!.id);
    expect((await orders.findValid(merchantId, now + 1000))?.id).toBe(orderId);
    expect(await orders.findValid(merchantId, now + 86_400_000)).toBeUndefined();
  });

  it("gives each task its sweep takes back from a dead runner to the shared queue at once, one failure not stopping the others", async () => {
    const { db, other, merchantId } = await open(10);
    const ids = [await tasksOn(db).create(merchantId, 'app', ONLINE_SKIN, undefined, []), await tasksOn(db).create(merchantId, 'app', ONLINE_SKIN, undefined, [])];
    const requeued: string[] = [];
    let sweeps = 0;
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const dispatcher = new TaskDispatcher(new TaskQueue(db, clock, 'overseas'), NO_POOL, NO_IMAGES, NO_OBJECTS, pino({ level: 'silent' }), LEASE_MS, () => clock.now());
    try {
      dispatcher.shared = {
        async requeued(id) {
          requeued.push(id);
          // The queue engine's database blinks while the first is added.
          if (requeued.length === 1) throw new Error('connection lost');
        },
        async afterSweep() {
          sweeps += 1;
        },
        handOver: () => Promise.reject(new Error('no job runs a task in this test')),
      };
      dispatcher.start();
      // Another process claimed both and died.
      const dead = new TaskQueue(other, clock, 'overseas');
      expect([(await dead.claimNext(LEASE_MS))?.id, (await dead.claimNext(LEASE_MS))?.id].sort()).toEqual([...ids].sort());
      await vi.advanceTimersByTimeAsync(5_000);
      await vi.waitFor(() => expect(sweeps).toBe(1));
      // Live leases are not taken.
      expect(requeued).toEqual([]);
      clock.advance(LEASE_MS + 1);
      await vi.advanceTimersByTimeAsync(5_000);
      await vi.waitFor(() => expect(sweeps).toBe(2));
      expect([...requeued].sort()).toEqual([...ids].sort());
      expect(await db.all("SELECT id FROM tasks WHERE status = 'queued' ORDER BY id")).toEqual([...ids].sort().map((id) => ({ id })));
    } finally {
      await dispatcher.stop();
      vi.useRealTimers();
    }
  });
  /** Creates tasks one millisecond apart (the queue's "oldest" is by creation time), from an app, with more fields of the body. */
  async function createFrom(db: SqlDatabase, merchantId: number, sources: readonly { app: string; body?: Record<string, unknown> }[]): Promise<string[]> {
    const ids: string[] = [];
    for (const source of sources) {
      clock.advance(1);
      ids.push(await tasksOn(db).create(merchantId, source.app, { ...ONLINE_SKIN, ...source.body }, undefined, []));
    }
    return ids;
  }
  const FLOOD = 6;
  const fromStore = (store: string) => ({ app: 'kiosk', body: { metadata: { store_custom_id: store, visit: 'v1' } } });

  it("runs one store's task second when it comes after another store's flood of the same merchant, each store in its own order (D-085)", async () => {
    const { db, merchantId } = await open(100);
    const flood = await createFrom(db, merchantId, Array.from({ length: FLOOD }, () => fromStore('A1')));
    const [late] = await createFrom(db, merchantId, [fromStore('B1')]);
    const queue = new TaskQueue(db, clock, 'overseas');
    const order: string[] = [];
    // One runner: the first task still runs when the second is claimed.
    for (let task = await queue.claimNext(LEASE_MS); task; task = await queue.claimNext(LEASE_MS)) order.push(task.id);
    expect(order).toEqual([flood[0], late, ...flood.slice(1)]);
  });

  it('gives the turn to the store that started a task least recently once the runner is free again (D-085)', async () => {
    const { db, merchantId } = await open(100);
    const flood = await createFrom(db, merchantId, Array.from({ length: FLOOD }, () => fromStore('A1')));
    const [late] = await createFrom(db, merchantId, [fromStore('B1')]);
    const queue = new TaskQueue(db, clock, 'overseas');
    const first = (await queue.claimNext(LEASE_MS))!;
    expect(first.id).toBe(flood[0]);
    clock.advance(1);
    expect(await queue.succeed(first.id, first.attempts, { ok: true })).toBe(true);
    // Both stores have nothing running: B1 never started one, A1 just did.
    expect((await queue.claimNext(LEASE_MS))?.id).toBe(late);
  });

  it("runs, for a job naming a task, its merchant's task whose store's turn it is, and nothing for a task no longer queued (D-085)", async () => {
    const { db, merchantId } = await open(100);
    const flood = await createFrom(db, merchantId, Array.from({ length: 3 }, () => fromStore('A1')));
    const [late] = await createFrom(db, merchantId, [fromStore('B1')]);
    const queue = new TaskQueue(db, clock, 'overseas');
    expect((await queue.claim(flood[0]!, LEASE_MS))?.id).toBe(flood[0]);
    // The job of the flood's second task runs store B1's task; the second stays queued for the next job.
    expect((await queue.claim(flood[1]!, LEASE_MS))?.id).toBe(late);
    expect(await db.one('SELECT status FROM tasks WHERE id = ?', [flood[1]!])).toEqual({ status: 'queued' });
    // A job whose task already runs (a stale or duplicate job) runs nothing.
    expect(await queue.claim(late!, LEASE_MS)).toBeUndefined();
    expect(await queue.claim(flood[0]!, LEASE_MS)).toBeUndefined();
    expect(await db.one("SELECT COUNT(*) AS n FROM tasks WHERE status = 'queued'")).toEqual({ n: 2 });
  });

  /** A second merchant of the same group and region, with an order of its own. */
  async function otherMerchant(db: SqlDatabase, merchantId: number): Promise<number> {
    const now = clock.now();
    const merchant = await db.one<{ id: number }>(
      "INSERT INTO merchants (group_id, name, region, created_at) SELECT group_id, 'n', 'overseas', ? FROM merchants WHERE id = ? RETURNING id",
      [now, merchantId],
    );
    await db.run('INSERT INTO skin_orders (merchant_id, valid_from, valid_until, quota_total, created_at) VALUES (?, ?, ?, ?, ?)', [merchant!.id, now - 1000, now + 86_400_000, 100, now]);
    return merchant!.id;
  }

  it("takes merchants in turn in the embedded claim loop: another merchant's task runs second behind a flood (D-086)", async () => {
    const { db, merchantId } = await open(100);
    const other = await otherMerchant(db, merchantId);
    const flood = await createFrom(db, merchantId, Array.from({ length: FLOOD }, () => ({ app: 'busy' })));
    const [late] = await createFrom(db, other, [{ app: 'quiet' }, { app: 'quiet' }]);
    const queue = new TaskQueue(db, clock, 'overseas');
    const first = (await queue.claimNext(LEASE_MS))!;
    expect(first.id).toBe(flood[0]);
    clock.advance(1);
    // The flood's first task still running: the other merchant has none running.
    expect((await queue.claimNext(LEASE_MS))?.id).toBe(late);
    clock.advance(1);
    // Both run one; the flooding merchant started one least recently, so its turn comes again.
    expect((await queue.claimNext(LEASE_MS))?.id).toBe(flood[1]);
  });

  it('serves tasks that name no valid store by their app, and records the key each task is served under (D-085)', async () => {
    const { db, merchantId } = await open(100);
    const flood = await createFrom(db, merchantId, Array.from({ length: FLOOD }, () => ({ app: 'integration-1' })));
    const others = await createFrom(db, merchantId, [
      { app: 'integration-2', body: { metadata: { store_custom_id: 'not-a-store' } } },
      { app: 'integration-3', body: { metadata: { store_custom_id: 'S'.repeat(21) } } },
      { app: 'integration-3', body: { metadata: { store_custom_id: 42 } } },
      // The compatibility field custom is metadata.
      { app: 'integration-4', body: { custom: { store_custom_id: 'C7' } } },
    ]);
    const keys = await db.all<{ store_key: string }>('SELECT store_key FROM tasks ORDER BY created_at');
    expect(keys.map((row) => row.store_key)).toEqual([...Array<string>(FLOOD).fill('app:integration-1'), 'app:integration-2', 'app:integration-3', 'app:integration-3', 'store:C7']);
    const queue = new TaskQueue(db, clock, 'overseas');
    const order: string[] = [];
    for (let task = await queue.claimNext(LEASE_MS); task; task = await queue.claimNext(LEASE_MS)) order.push(task.id);
    // Each app's or store's first task within the first four claims, not after the flood.
    expect(order.slice(0, 4)).toEqual([flood[0], others[0], others[1], others[3]]);
    expect(order).toHaveLength(FLOOD + others.length);
  });
});
