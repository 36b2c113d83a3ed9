/**
 * The retention of uploads (D-096), on both databases and both object stores (the real Swift S3
 * server and the local disk): policies expired more than the grace ago whose upload no task
 * used lose their object and row; used and unexpired uploads stay; objects under a resource key
 * that no row names go once older than ttl + grace; analysis outputs no stored result names go
 * once an hour old (D-138), those a result or a running task may still name and other keys never; two
 * sweeps at once are harmless; a policy row lost after its presigned PUT is answered 45013 at
 * task creation (the kiosk uploads again, test/integration/kiosk-sync/upload-policy.test.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformClient } from '../../../main/platform-client/client.ts';
import { PlatformError } from '../../../main/platform-client/errors.ts';
import { uploadFile } from '../../../main/platform-client/upload.ts';
import { skinApiEndpoints } from '../../../protocol/endpoints/skin-api.ts';
import { TaskCodes } from '../../../protocol/skin-api/task-codes.ts';
import { ManualClock } from '../../../platform/clock.ts';
import { LocalObjectStore } from '../../../platform/objects/local-object-store.ts';
import type { ObjectStore } from '../../../platform/objects/object-store.ts';
import { datedKey, daysBetween, keyDay } from '../../../platform/objects/dated-keys.ts';
import { newOutputKey, outputKeys, outputTaskId } from '../../../platform/skin-api/output-keys.ts';
import { UploadRepository } from '../../../platform/skin-api/upload-repository.ts';
import { UploadRetention, type SweepCounts } from '../../../platform/skin-api/upload-retention.ts';
import type { SqlDialect } from '../../../platform/storage/sql.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../../helpers/postgres.ts';
import { startTestS3Server, type TestS3Server } from '../../helpers/s3-server.ts';
import { storeWith } from '../../helpers/object-store-proxy.ts';
import { SQL_BACKENDS } from '../../helpers/sql-backends.ts';
import { expectSucceeded, waitForTask } from '../../helpers/tasks.ts';

const JPEG = readFileSync(new URL('../../fixtures/faces/sample6-frontal.jpg', import.meta.url));
const TTL_SECONDS = 900;
const GRACE_SECONDS = 3600;
/** Past every policy issued so far: expiry, grace and a minute. */
const PAST_GRACE_MS = (TTL_SECONDS + GRACE_SECONDS + 60) * 1000;

const hex = () => randomBytes(16).toString('hex');
const DAY_MS = 24 * 3_600_000;
/** How long after its key's day an orphan can still be made: the longer of ttl + grace and the two days an output is judged by its result. */
const MADE_WITHIN_MS = Math.max((TTL_SECONDS + GRACE_SECONDS) * 1000, 2 * DAY_MS);

/** Runs `test` on a local store in a folder of its own, removed after it. */
async function inOwnLocalStore(prefix: string, test: (store: LocalObjectStore) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  try {
    await test(new LocalObjectStore(dir));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The store, recording the day of each listing asked of it (undefined: the whole store). */
function recordingListings(store: ObjectStore): { store: ObjectStore; listings: (string | undefined)[] } {
  const listings: (string | undefined)[] = [];
  return { store: storeWith(store, { listPages: (pageSize?: number, day?: string) => (listings.push(day), store.listPages(pageSize, day)) }), listings };
}

type StoreKind = 'local' | 's3';
const CASES: [SqlDialect, StoreKind][] = SQL_BACKENDS.flatMap((backend) => (['local', 's3'] as const).map((store): [SqlDialect, StoreKind] => [backend, store]));

describe.each(CASES)('upload retention on %s with the %s store', (backend, storeKind) => {
  let s3: TestS3Server | null = null;
  let postgres: TestPostgresDatabase | null = null;
  let platform: TestPlatform;
  let client: PlatformClient;
  let clock: ManualClock;

  beforeAll(async () => {
    clock = new ManualClock(Date.now());
    postgres = backend === 'postgres' ? await createTestPostgresDatabase() : null;
    s3 = storeKind === 's3' ? await startTestS3Server() : null;
    const objects = s3 ? { objectStore: await s3.createBucket(), objectStoreCredentials: s3.credentials } : {};
    platform = await startTestPlatform({
      clock,
      config: {
        ...objects,
        ...(postgres ? { databaseUrl: postgres.url } : {}),
        uploadTtlSeconds: TTL_SECONDS,
        uploadRetentionGraceSeconds: GRACE_SECONDS,
        analysisWorkers: 1,
      },
    });
    client = platform.client(platform.app('primary'));
  });
  afterAll(async () => {
    await platform?.stop();
    await s3?.stop();
    await postgres?.drop();
  });

  const services = () => platform.platform.services;
  /** Both sweeps, one after the other, whoever's turn the daily walk is. */
  const sweepBoth = async () => ({ unused: await services().uploadRetention.sweepUnused(), orphans: await services().uploadRetention.sweepOrphans() });
  const exists = (key: string) => services().objects.exists(key);
  const hasRow = async (key: string) => (await services().sql.one('SELECT 1 AS found FROM uploads WHERE resource_key = ?', [key])) !== undefined;
  const createTask = (resourceUrl: string) =>
    client.call(skinApiEndpoints.createTask, { body: { api_code: 'facial_analysis', algorithm_variant: 'standard', resources: { front_image: resourceUrl } } });
  const policyOnly = () => client.call(skinApiEndpoints.uploadPolicy, { body: { file_name: 'never-sent.jpg' } });

  it('removes expired unused uploads (object and row) and orphaned objects; keeps used, unexpired, young and non-upload objects', async () => {
    const used = await uploadFile(client, { fileName: 'used.jpg', bytes: JPEG });
    await createTask(used.resource_url);
    const abandoned = await uploadFile(client, { fileName: 'abandoned.jpg', bytes: JPEG });
    const neverSent = await policyOnly();
    const orphan = datedKey(clock.now(), `${hex()}.jpg`);
    // One made before keys carried their day (D-142): the whole store is still walked for those.
    const undatedOrphan = `${hex()}.jpg`;
    const output = `${hex()}-annotation.jpg`;
    const other = 'notes.txt';
    for (const key of [orphan, undatedOrphan, output, other]) await services().objects.put(key, JPEG);

    // Nothing is past its grace yet: nothing goes, the orphans are too young.
    expect(await sweepBoth()).toEqual({ unused: 0, orphans: 0 });
    for (const key of [used.resource_key, abandoned.resource_key, orphan, undatedOrphan, output, other]) expect(await exists(key), key).toBe(true);
    expect(await hasRow(neverSent.resource_key)).toBe(true);

    clock.advance(PAST_GRACE_MS);
    const fresh = await uploadFile(client, { fileName: 'fresh.jpg', bytes: JPEG });
    expect(await sweepBoth()).toEqual({ unused: 2, orphans: 2 });

    expect(await exists(abandoned.resource_key)).toBe(false);
    expect(await hasRow(abandoned.resource_key)).toBe(false);
    expect(await hasRow(neverSent.resource_key)).toBe(false);
    expect(await exists(orphan)).toBe(false);
    expect(await exists(undatedOrphan)).toBe(false);
    for (const key of [used.resource_key, fresh.resource_key, output, other]) expect(await exists(key), key).toBe(true);
    expect(await hasRow(used.resource_key)).toBe(true);
    expect(await hasRow(fresh.resource_key)).toBe(true);
    // The used upload is still served; the abandoned one names nothing any more.
    expect((await request(used.resource_url)).statusCode).toBe(200);
    const refused = await createTask(abandoned.resource_url).then(() => null, (error: unknown) => error);
    expect(refused).toBeInstanceOf(PlatformError);
    expect((refused as PlatformError).code).toBe(TaskCodes.INVALID_RESOURCE_URL.code);
  }, 60_000);

  it('two sweeps at once remove each upload and orphan once, without failing', async () => {
    // The earlier tests' unused uploads out of the way first.
    clock.advance(PAST_GRACE_MS);
    await sweepBoth();
    const uploads = await Promise.all(Array.from({ length: 6 }, (_, i) => uploadFile(client, { fileName: `abandoned-${i}.jpg`, bytes: JPEG })));
    const orphans = Array.from({ length: 5 }, () => datedKey(clock.now(), `${hex()}.png`));
    for (const key of orphans) await services().objects.put(key, JPEG);
    clock.advance(PAST_GRACE_MS);
    const settings = { ttlSeconds: TTL_SECONDS, graceSeconds: GRACE_SECONDS };
    const second = new UploadRetention(services().sql, clock, services().objects, settings);
    const [a, b] = await Promise.all([services().uploadRetention.sweepUnused(), second.sweepUnused()]);
    expect(a + b).toBe(uploads.length);
    // Pages of two: the listing is followed across pages.
    await Promise.all([services().uploadRetention.sweepOrphans(2), second.sweepOrphans(2)]);
    for (const upload of uploads) {
      expect(await exists(upload.resource_key)).toBe(false);
      expect(await hasRow(upload.resource_key)).toBe(false);
    }
    for (const key of orphans) expect(await exists(key)).toBe(false);
  }, 60_000);

  it('a task marks its uploads used in its transaction; one the sweep removed is refused there', async () => {
    const upload = await uploadFile(client, { fileName: 'raced.jpg', bytes: JPEG });
    const repository = new UploadRepository(services().sql);
    clock.advance(PAST_GRACE_MS);
    expect(await services().uploadRetention.sweepUnused()).toBe(1);
    // What the task's transaction meets when the sweep won the race after the upload was found.
    expect(await repository.markUsed([upload.resource_key], clock.now())).toBe(false);
    const kept = await uploadFile(client, { fileName: 'kept.jpg', bytes: JPEG });
    expect(await repository.markUsed([kept.resource_key, kept.resource_key], clock.now())).toBe(true);
  }, 60_000);

  it('removes the analysis outputs no stored result names, once an hour old: a finished task\'s others and a removed task\'s; keeps the named, a running task\'s and older keys', async () => {
    const upload = await uploadFile(client, { fileName: 'analysed.jpg', bytes: JPEG });
    const { task_id } = await client.call(skinApiEndpoints.createTask, { body: { api_code: 'online_skin', algorithm_variant: 'standard', resources: { front_image: upload.resource_url } } });
    expectSucceeded(await waitForTask(client, task_id));
    const stored = await services().sql.one<{ result: string }>('SELECT result FROM tasks WHERE id = ?', [task_id]);
    const named = outputKeys(stored!.result);
    // The worker's own keys carry the task that wrote them.
    expect(named.length).toBeGreaterThan(0);
    for (const key of named) expect(outputTaskId(key)).toBe(task_id);

    // What an attempt leaves when it is killed after writing, or its result is refused: outputs no result names.
    // A clock of its own: the earlier tests moved the platform's far ahead.
    const own = new ManualClock(Date.now());
    const unnamed = newOutputKey(task_id, 'pore-front.png', own.now());
    const ofRemovedTask = newOutputKey(`t${hex().slice(0, 28)}`, 'acne-front.png', own.now());
    // A task still running: its attempt's outputs are written before its result is stored.
    const runningId = `t${hex().slice(0, 28)}`;
    await services().sql.run(
      `INSERT INTO tasks (id, merchant_id, app_id, order_id, api_code, algorithm_variant, request, status, attempts, lease_until, request_hash, created_at, updated_at)
       SELECT ?, merchant_id, app_id, order_id, api_code, algorithm_variant, request, 'running', 1, ?, 'h', created_at, updated_at FROM tasks WHERE id = ?`,
      // Its lease far ahead of the platform's clock: no runner takes it back while the test reads it.
      [runningId, clock.now() + 24 * 3_600_000, task_id],
    );
    const ofRunningTask = newOutputKey(runningId, 'pore-front.png', own.now());
    const beforeTasks = `${hex()}-pore-front.png`;
    for (const key of [unnamed, ofRemovedTask, ofRunningTask, beforeTasks]) await services().objects.put(key, JPEG);

    const sweeper = new UploadRetention(services().sql, own, services().objects, { ttlSeconds: TTL_SECONDS, graceSeconds: GRACE_SECONDS });
    expect(await sweeper.sweepOrphans()).toBe(0);
    // Past an hour and short of the uploads' ttl + grace, so only outputs are judged.
    own.advance(61 * 60_000);
    expect(await sweeper.sweepOrphans()).toBe(2);
    expect(await exists(unnamed)).toBe(false);
    expect(await exists(ofRemovedTask)).toBe(false);
    for (const key of [...named, ofRunningTask, beforeTasks, upload.resource_key]) expect(await exists(key), key).toBe(true);
    // Past two days an output of a task that still exists is judged by its row alone: its result is no longer read.
    // Dated within the days the walk lists three days on (its file's time is what says it is old).
    const lateUnnamed = newOutputKey(task_id, 'late-front.png', own.now() + 3 * DAY_MS);
    await services().objects.put(lateUnnamed, JPEG);
    own.advance(3 * 24 * 3_600_000);
    expect(await sweeper.sweepOrphans()).toBe(0);
    expect(await exists(lateUnnamed)).toBe(true);
    // Out of the later tests' counts: the platform's own clock is not that far on.
    await services().objects.delete(lateUnnamed);
    // The named outputs are still served.
    const served = await request(`${platform.platform.url}/skin_api/file/output/${named[0]!}`);
    expect(served.statusCode).toBe(200);
    expect((await served.body.arrayBuffer()).byteLength).toBeGreaterThan(0);
  }, 120_000);

  it('lists only the days an orphan can still be made in, and the whole store only while keys made before D-142 are young enough to become one (D-142)', async () => {
    await inOwnLocalStore('retention-days-', async (store) => {
      const own = new ManualClock(Date.now());
      const { store: listed, listings } = recordingListings(store);
      const sweeper = new UploadRetention(services().sql, own, listed, { ttlSeconds: TTL_SECONDS, graceSeconds: GRACE_SECONDS });
      const recent = datedKey(own.now(), `${hex()}.jpg`);
      // An orphan whose day is before the walked days (as a failure weeks ago would have left it): not looked at.
      const pastTheWindow = datedKey(own.now() - 7 * DAY_MS, `${hex()}.jpg`);
      const undated = `${hex()}.jpg`;
      // Neither keeps the whole store walked: an undated upload key long past the age of orphans (a row names it), and a key of no upload or output.
      const undatedOld = `${hex()}.png`;
      const notOurs = 'notes.txt';
      for (const key of [recent, pastTheWindow, undated, undatedOld, notOurs]) await store.put(key, JPEG);
      const monthAgo = (Date.now() - 30 * DAY_MS) / 1000;
      utimesSync(store.pathOf(undatedOld), monthAgo, monthAgo);
      const merchant = (await services().sql.one<{ id: number }>('SELECT id FROM merchants ORDER BY id LIMIT 1'))!;
      const { changes } = await services().sql.run(
        `INSERT INTO uploads (resource_key, merchant_id, app_id, method, extension, mime, file_name, max_bytes, expires_at, created_at, used_at)
         VALUES (?, ?, 'test', 'PUT', 'png', 'image/png', 'old.png', 1000, ?, ?, ?)`,
        [undatedOld, merchant.id, monthAgo * 1000, monthAgo * 1000, monthAgo * 1000],
      );
      expect(changes).toBe(1);

      own.advance(PAST_GRACE_MS);
      expect(await sweeper.sweepOrphans()).toBe(2);
      expect(await store.exists(recent)).toBe(false);
      expect(await store.exists(undated)).toBe(false);
      for (const key of [pastTheWindow, undatedOld, notOurs]) expect(await store.exists(key), key).toBe(true);
      // With no walk done before: from a day (a clock behind) before the longer of ttl + grace and the two days outputs are judged by their result, to tomorrow (a clock ahead); then the whole store for keys without a day.
      const walkedDays = daysBetween(own.now() - MADE_WITHIN_MS - DAY_MS, own.now() + DAY_MS);
      expect(listings).toEqual([...walkedDays, undefined]);

      // A key without a day young enough to become an orphan (an old node's, mid-upgrade) keeps the whole store walked.
      const undatedYoung = `${hex()}.png`;
      await store.put(undatedYoung, JPEG);
      listings.length = 0;
      expect(await sweeper.sweepOrphans()).toBe(1);
      expect(await store.exists(undatedYoung)).toBe(false);
      expect(listings.filter((day) => day === undefined)).toHaveLength(1);
      // After it, walks that find none young go on until they span the time orphans are made in and three days; then the whole store is never listed again.
      const cleanFor = MADE_WITHIN_MS + 3 * DAY_MS;
      for (const step of [DAY_MS, cleanFor - DAY_MS, DAY_MS]) {
        own.advance(step);
        listings.length = 0;
        expect(await sweeper.sweepOrphans()).toBe(0);
        expect(listings.filter((day) => day === undefined)).toHaveLength(1);
      }
      own.advance(DAY_MS);
      listings.length = 0;
      await sweeper.sweepOrphans();
      expect(listings).not.toContain(undefined);
      expect(listings.length).toBeGreaterThanOrEqual(3);
      for (const key of [pastTheWindow, undatedOld, notOurs]) expect(await store.exists(key), key).toBe(true);
    });
  }, 60_000);

  it('counts its days back from the last walk that ran to its end: an orphan made before a week switched off is still found (D-142)', async () => {
    await inOwnLocalStore('retention-off-', async (store) => {
      const own = new ManualClock(Date.now());
      const sweeper = new UploadRetention(services().sql, own, store, { ttlSeconds: TTL_SECONDS, graceSeconds: GRACE_SECONDS });
      expect((await sweeper.sweepInTurn()).orphans).toBe(0);
      // An hour later an upload is lost by a crash (its row gone), then the station is off for eight days.
      own.advance(3_600_000);
      const orphan = datedKey(own.now(), `${hex()}.jpg`);
      await store.put(orphan, JPEG);
      own.advance(8 * DAY_MS);
      expect((await sweeper.sweepInTurn()).orphans).toBe(1);
      expect(await store.exists(orphan)).toBe(false);
      // That walk ran to its end: the next one, a day on, counts back from it and no longer lists the week off.
      const { store: listed, listings } = recordingListings(store);
      own.advance(DAY_MS);
      await new UploadRetention(services().sql, own, listed, { ttlSeconds: TTL_SECONDS, graceSeconds: GRACE_SECONDS }).sweepInTurn();
      expect(listings.filter((day) => day !== undefined)).toEqual(daysBetween(own.now() - DAY_MS - MADE_WITHIN_MS - DAY_MS, own.now() + DAY_MS));
    });
  }, 60_000);

  /**
   * A node walks the store (a local one of its own, an orphan in it) while another node's
   * sweeper, on the same clock and database, may come: `beforeListing` runs before each of the
   * walking node's listings, given its number, and `beforeDeleting` before each of its removals.
   */
  type Meanwhile = (count: number, own: ManualClock, otherNode: UploadRetention) => Promise<void>;
  const walkBesideAnotherNode = async (store: LocalObjectStore, beforeListing: Meanwhile, beforeDeleting: Meanwhile = async () => {}) => {
    const own = new ManualClock(Date.now());
    const settings = { ttlSeconds: TTL_SECONDS, graceSeconds: GRACE_SECONDS };
    const other = recordingListings(store);
    const otherNode = new UploadRetention(services().sql, own, other.store, settings);
    let listed = 0;
    let deleting = 0;
    const walking = storeWith(store, {
      listPages: (pageSize?: number, day?: string) =>
        (async function* () {
          listed += 1;
          await beforeListing(listed, own, otherNode);
          yield* store.listPages(pageSize, day);
        })(),
      deleteMany: async (keys: readonly string[]) => {
        // Removals of something only: the unused-upload sweep before the walk removes nothing here.
        if (keys.length > 0) await beforeDeleting((deleting += 1), own, otherNode);
        return store.deleteMany(keys);
      },
    });
    const orphan = datedKey(own.now(), `${hex()}.jpg`);
    await store.put(orphan, JPEG);
    own.advance(PAST_GRACE_MS);
    const walked = await new UploadRetention(services().sql, own, walking, settings).sweepInTurn();
    return { own, otherNode, otherListings: other.listings, orphan, walked, listed };
  };

  it('a walk longer than its hold keeps it: another node\'s hourly sweep meanwhile does not walk the store again (D-143)', async () => {
    await inOwnLocalStore('retention-hold-', async (store) => {
      const seen: { otherSweep?: SweepCounts } = {};
      // Each day's listing takes 40 minutes; as the second starts, 80 minutes into the walk (past the first hold, renewed at half of it), the other node's hourly sweep runs.
      const { own, otherNode, otherListings, walked, listed } = await walkBesideAnotherNode(store, async (n, clock, otherNode) => {
        clock.advance(40 * 60_000);
        if (n === 2) seen.otherSweep = await otherNode.sweepInTurn();
      });
      expect(walked.orphans).toBe(1);
      expect(listed).toBeGreaterThan(3);
      expect(seen.otherSweep?.orphans).toBe(0);
      expect(otherListings).toEqual([]);
      // The walk ran to its end: no node walks again before a day is out.
      own.advance(23 * 3_600_000);
      await otherNode.sweepInTurn();
      expect(otherListings).toEqual([]);
    });
  }, 60_000);

  it('a walk that stalls past its hold loses it: the node that took it walks, the stalled one stops when it resumes and leaves the turn as the other set it (D-143)', async () => {
    await inOwnLocalStore('retention-stall-', async (store) => {
      const seen: { otherSweep?: SweepCounts } = {};
      // The first listing hangs for two hours (a store request that does not answer); meanwhile the other node's sweep comes.
      const { own, otherNode, otherListings, orphan, walked, listed } = await walkBesideAnotherNode(store, async (n, clock, otherNode) => {
        if (n !== 1) return;
        clock.advance(2 * 3_600_000);
        seen.otherSweep = await otherNode.sweepInTurn();
      });
      expect(walked.orphans).toBe(0);
      expect(listed).toBe(1);
      expect(seen.otherSweep?.orphans).toBe(1);
      expect(await store.exists(orphan)).toBe(false);
      // The other node's complete walk set the turn a day on; the stalled node did not move it back.
      own.advance(2 * 3_600_000);
      const before = otherListings.length;
      await otherNode.sweepInTurn();
      expect(otherListings.length).toBe(before);
    });
  }, 60_000);

  it('a walk that loses its hold after its last check does not move the turn the node that took it over set (D-143)', async () => {
    await inOwnLocalStore('retention-late-', async (store) => {
      const turn = `orphan_walk ${store.location}`;
      const doneAt = async () => Number((await services().sql.one<{ done_at: number }>('SELECT done_at FROM background_turns WHERE name = ?', [turn]))!.done_at);
      let otherStarted = 0;
      // An orphan without a day as well: its removal, in the last page of the walk's last listing (the whole store's), comes after
      // the walk's last check of its hold. It hangs two hours; meanwhile the other node claims the turn and walks.
      const undated = `${hex()}.jpg`;
      await store.put(undated, JPEG);
      const { walked } = await walkBesideAnotherNode(store, async () => {}, async (n, clock, otherNode) => {
        if (n !== 2) return;
        clock.advance(2 * 3_600_000);
        otherStarted = clock.now();
        await otherNode.sweepInTurn();
      });
      expect(walked.orphans).toBe(2);
      expect(await store.exists(undated)).toBe(false);
      // The turn counts its days from the other node's walk, not from the stalled one's earlier start.
      expect(await doneAt()).toBe(otherStarted);
    });
  }, 60_000);

  it('the walk for orphans is one node\'s turn a day per store: of two sweepers due at once one walks, none again before a day, a walk cut short is taken up within the hour, another store has its own turn (D-140)', async () => {
    const sql = services().sql;
    // A clock far past the platform's own: its scheduled sweeps never take these turns during the test.
    const own = new ManualClock(clock.now() + 10 * 365 * 24 * 3_600_000);
    const settings = { ttlSeconds: TTL_SECONDS, graceSeconds: GRACE_SECONDS };
    /** The platform's store, counting the walks made through it: each lists the day it runs on once. */
    const counted = (store: ObjectStore) => {
      const walks = { count: 0 };
      const listPages = (pageSize?: number, day?: string) => {
        if (day === keyDay(own.now())) walks.count += 1;
        return store.listPages(pageSize, day);
      };
      return { store: storeWith(store, { listPages }), walks };
    };
    const [sa, sb] = [counted(services().objects), counted(services().objects)];
    const [a, b] = [new UploadRetention(sql, own, sa.store, settings), new UploadRetention(sql, own, sb.store, settings)];
    // The earlier tests' unused uploads go first, so the walk below finds only the orphans put here.
    await a.sweepUnused();
    const turn = `orphan_walk ${services().objects.location}`;
    // The platform's own sweeps may have walked already, on its own clock: this test's walks count their days from its clock alone.
    await sql.run('INSERT INTO background_turns (name, due_at) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET due_at = excluded.due_at, done_at = NULL', [turn, own.now()]);
    const first = datedKey(own.now(), `${hex()}.jpg`);
    await services().objects.put(first, JPEG);
    const [ra, rb] = await Promise.all([a.sweepInTurn(), b.sweepInTurn()]);
    expect(sa.walks.count + sb.walks.count).toBe(1);
    expect(ra.orphans + rb.orphans).toBe(1);
    expect(await exists(first)).toBe(false);

    const second = datedKey(own.now(), `${hex()}.jpg`);
    await services().objects.put(second, JPEG);
    own.advance(23 * 3_600_000);
    expect((await a.sweepInTurn()).orphans + (await b.sweepInTurn()).orphans).toBe(0);
    expect(sa.walks.count + sb.walks.count).toBe(1);
    expect(await exists(second)).toBe(true);
    own.advance(3_600_000);
    expect((await b.sweepInTurn()).orphans).toBe(1);
    expect(await exists(second)).toBe(false);
    expect((await a.sweepInTurn()).orphans).toBe(0);
    expect(sa.walks.count + sb.walks.count).toBe(2);

    // A walk cut short (its node stopping) leaves the turn claimed for the hour only.
    own.advance(24 * 3_600_000);
    const third = datedKey(own.now(), `${hex()}.jpg`);
    await services().objects.put(third, JPEG);
    // Its node is told to stop as its walk starts listing.
    const stoppedStore = storeWith(services().objects, { listPages: (pageSize?: number, day?: string) => (void stopping.stop(), services().objects.listPages(pageSize, day)) });
    const stopping: UploadRetention = new UploadRetention(sql, own, stoppedStore, settings);
    expect((await stopping.sweepInTurn()).orphans).toBe(0);
    expect(await exists(third)).toBe(true);
    own.advance(30 * 60_000);
    expect((await a.sweepInTurn()).orphans).toBe(0);
    own.advance(31 * 60_000);
    expect((await a.sweepInTurn()).orphans).toBe(1);
    expect(await exists(third)).toBe(false);
    expect(sa.walks.count + sb.walks.count).toBe(3);

    // Another store on the same database has a turn of its own.
    const otherDir = mkdtempSync(join(tmpdir(), 'retention-other-store-'));
    try {
      const other = counted(new LocalObjectStore(otherDir));
      await new UploadRetention(sql, own, other.store, settings).sweepInTurn();
      expect(other.walks.count).toBe(1);
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }
  }, 60_000);

  // Only a presigned PUT reaches the store without its row being read (the platform's PUT and POST are refused with 44101).
  if (storeKind === 's3') it('a presigned upload whose policy row was lost is refused with 45013 at task creation, and its object goes as an orphan', async () => {
    const upload = await uploadFile(client, { fileName: 'lost-row.jpg', bytes: JPEG });
    // As a database crash within the asynchronous commit's flush window would (D-096).
    await services().sql.run('DELETE FROM uploads WHERE resource_key = ?', [upload.resource_key]);
    const refused = await createTask(upload.resource_url).then(() => null, (error: unknown) => error);
    expect(refused).toBeInstanceOf(PlatformError);
    expect((refused as PlatformError).code).toBe(TaskCodes.RESOURCE_LOST.code);
    clock.advance(PAST_GRACE_MS);
    expect(await services().uploadRetention.sweepOrphans()).toBe(1);
    expect(await exists(upload.resource_key)).toBe(false);
  }, 60_000);
});

describe('the policy row on PostgreSQL', () => {
  let postgres: TestPostgresDatabase;
  let platform: TestPlatform;

  beforeAll(async () => {
    postgres = await createTestPostgresDatabase();
    platform = await startTestPlatform({ config: { databaseUrl: postgres.url, analysisWorkers: 1 } });
    // Records the commit setting of the session each write to uploads runs in.
    const sql = platform.platform.services.sql;
    await sql.run('CREATE TABLE upload_writes (op TEXT NOT NULL, synchronous_commit TEXT NOT NULL, application_name TEXT NOT NULL)');
    await sql.run(`CREATE FUNCTION record_upload_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO upload_writes VALUES (TG_OP, current_setting('synchronous_commit'), current_setting('application_name'));
        RETURN NEW;
      END $$`);
    await sql.run('CREATE TRIGGER upload_writes BEFORE INSERT OR UPDATE ON uploads FOR EACH ROW EXECUTE FUNCTION record_upload_write()');
  });
  afterAll(async () => {
    await platform?.stop();
    await postgres?.drop();
  });

  it('is inserted on a session with synchronous_commit off; the upload and the task commit durably', async () => {
    const client = platform.client(platform.app('primary'));
    const upload = await uploadFile(client, { fileName: 'front.jpg', bytes: JPEG });
    await client.call(skinApiEndpoints.createTask, { body: { api_code: 'facial_analysis', algorithm_variant: 'standard', resources: { front_image: upload.resource_url } } });
    const writes = await platform.platform.services.sql.all<{ op: string; synchronous_commit: string; application_name: string }>('SELECT op, synchronous_commit, application_name FROM upload_writes');
    expect(writes).toEqual([
      { op: 'INSERT', synchronous_commit: 'off', application_name: 'platform-lazy-commit' },
      // markUploaded, then markUsed in the task's transaction: both wait for the flush, which makes the policy's row durable too.
      { op: 'UPDATE', synchronous_commit: 'on', application_name: '' },
      { op: 'UPDATE', synchronous_commit: 'on', application_name: '' },
    ]);
  }, 60_000);
});
