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
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
import { newOutputKey, outputKeys, outputTaskId } from '../../../platform/skin-api/output-keys.ts';
import { UploadRepository } from '../../../platform/skin-api/upload-repository.ts';
import { UploadRetention } from '../../../platform/skin-api/upload-retention.ts';
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
    const orphan = `${hex()}.jpg`;
    const output = `${hex()}-annotation.jpg`;
    const other = 'notes.txt';
    for (const key of [orphan, output, other]) await services().objects.put(key, JPEG);

    // Nothing is past its grace yet: nothing goes, the orphan is too young.
    expect(await sweepBoth()).toEqual({ unused: 0, orphans: 0 });
    for (const key of [used.resource_key, abandoned.resource_key, orphan, output, other]) expect(await exists(key), key).toBe(true);
    expect(await hasRow(neverSent.resource_key)).toBe(true);

    clock.advance(PAST_GRACE_MS);
    const fresh = await uploadFile(client, { fileName: 'fresh.jpg', bytes: JPEG });
    expect(await sweepBoth()).toEqual({ unused: 2, orphans: 1 });

    expect(await exists(abandoned.resource_key)).toBe(false);
    expect(await hasRow(abandoned.resource_key)).toBe(false);
    expect(await hasRow(neverSent.resource_key)).toBe(false);
    expect(await exists(orphan)).toBe(false);
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
    const orphans = Array.from({ length: 5 }, () => `${hex()}.png`);
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
    const unnamed = newOutputKey(task_id, 'pore-front.png');
    const ofRemovedTask = newOutputKey(`t${hex().slice(0, 28)}`, 'acne-front.png');
    // A task still running: its attempt's outputs are written before its result is stored.
    const runningId = `t${hex().slice(0, 28)}`;
    await services().sql.run(
      `INSERT INTO tasks (id, merchant_id, app_id, order_id, api_code, algorithm_variant, request, status, attempts, lease_until, request_hash, created_at, updated_at)
       SELECT ?, merchant_id, app_id, order_id, api_code, algorithm_variant, request, 'running', 1, ?, 'h', created_at, updated_at FROM tasks WHERE id = ?`,
      // Its lease far ahead of the platform's clock: no runner takes it back while the test reads it.
      [runningId, clock.now() + 24 * 3_600_000, task_id],
    );
    const ofRunningTask = newOutputKey(runningId, 'pore-front.png');
    const beforeTasks = `${hex()}-pore-front.png`;
    for (const key of [unnamed, ofRemovedTask, ofRunningTask, beforeTasks]) await services().objects.put(key, JPEG);

    // A clock of its own: the earlier tests moved the platform's far ahead.
    const own = new ManualClock(Date.now());
    const sweeper = new UploadRetention(services().sql, own, services().objects, { ttlSeconds: TTL_SECONDS, graceSeconds: GRACE_SECONDS });
    expect(await sweeper.sweepOrphans()).toBe(0);
    // Past an hour and short of the uploads' ttl + grace, so only outputs are judged.
    own.advance(61 * 60_000);
    expect(await sweeper.sweepOrphans()).toBe(2);
    expect(await exists(unnamed)).toBe(false);
    expect(await exists(ofRemovedTask)).toBe(false);
    for (const key of [...named, ofRunningTask, beforeTasks, upload.resource_key]) expect(await exists(key), key).toBe(true);
    // Past two days an output of a task that still exists is judged by its row alone: its result is no longer read.
    const lateUnnamed = newOutputKey(task_id, 'late-front.png');
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

  it('the walk for orphans is one node\'s turn a day per store: of two sweepers due at once one walks, none again before a day, a walk cut short is taken up within the hour, another store has its own turn (D-140)', async () => {
    const sql = services().sql;
    // A clock far past the platform's own: its scheduled sweeps never take these turns during the test.
    const own = new ManualClock(clock.now() + 10 * 365 * 24 * 3_600_000);
    const settings = { ttlSeconds: TTL_SECONDS, graceSeconds: GRACE_SECONDS };
    /** The platform's store, counting the walks made through it. */
    const counted = (store: ObjectStore) => {
      const walks = { count: 0 };
      return { store: storeWith(store, { listPages: (pageSize?: number) => ((walks.count += 1), store.listPages(pageSize)) }), walks };
    };
    const [sa, sb] = [counted(services().objects), counted(services().objects)];
    const [a, b] = [new UploadRetention(sql, own, sa.store, settings), new UploadRetention(sql, own, sb.store, settings)];
    // The earlier tests' unused uploads go first, so the walk below finds only the orphans put here.
    await a.sweepUnused();
    const turn = `orphan_walk ${services().objects.location}`;
    await sql.run('INSERT INTO background_turns (name, due_at) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET due_at = excluded.due_at', [turn, own.now()]);
    const first = `${hex()}.jpg`;
    await services().objects.put(first, JPEG);
    const [ra, rb] = await Promise.all([a.sweepInTurn(), b.sweepInTurn()]);
    expect(sa.walks.count + sb.walks.count).toBe(1);
    expect(ra.orphans + rb.orphans).toBe(1);
    expect(await exists(first)).toBe(false);

    const second = `${hex()}.jpg`;
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
    const third = `${hex()}.jpg`;
    await services().objects.put(third, JPEG);
    // Its node is told to stop as its walk starts listing.
    const stoppedStore = storeWith(services().objects, { listPages: (pageSize?: number) => (void stopping.stop(), services().objects.listPages(pageSize)) });
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
