/**
 * POST /device_api/deletions (decision R-019) against the real platform: the customer, their
 * reports, files and push events go in one call, the merchant's webhook gets no event the
 * specification does not list (no "user.deleted"), a retry is harmless, deleted ids stay refused
 * and are never handed out again, and files of a deletion a crash interrupted go at the next start.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformClient } from '../../../main/platform-client/client.ts';
import { PlatformError } from '../../../main/platform-client/errors.ts';
import { deviceSyncEndpoints } from '../../../protocol/endpoints/device-sync.ts';
import type { PushBody } from '../../../protocol/report-data/push.ts';
import { OUTPUT_PATH } from '../../../platform/skin-api/task-presenter.ts';
import { DeletionService } from '../../../platform/report-data/deletions.ts';
import type { PlatformConfigInput } from '../../../platform/config.ts';
import type { DemoApp } from '../../../platform/seed/demo-seed.ts';
import { startMerchantReference, type RunningMerchantReference } from '../../../platform/merchant-reference/server.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { captureSession, pull, reportBody, signedQuery, syncUser, userBody, WHITE_KEYS } from './helpers.ts';
import { uploadResources } from '../../helpers/uploads.ts';
import { storeWith } from '../../helpers/object-store-proxy.ts';

const CONFIG: Partial<PlatformConfigInput> = { analysisWorkers: 1, pushPollMs: 50, allowedPrivateCallbackHosts: ['127.0.0.1:*'] };

async function codeOf(promise: Promise<unknown>): Promise<number> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(PlatformError);
  return (error as PlatformError).code;
}

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('deletion on request (POST /device_api/deletions)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-deletions-'));
  let tp: TestPlatform;
  let app: DemoApp;
  let client: PlatformClient;
  let merchantId: number;
  let receiver: RunningMerchantReference;
  const received: PushBody[] = [];

  const sql = () => tp.platform.services.sql;
  const count = async (query: string, params: (string | number)[] = []) => (await sql().one<{ n: number }>(query, params))!.n;
  const objects = () => tp.platform.services.objects;
  /** Object keys of a report: its images and its result's analysis outputs. */
  const keysOf = async (clientReportId: string): Promise<string[]> => {
    const row = (await sql().one<{ images: string; result: string }>('SELECT images, result FROM reports WHERE client_report_id = ?', [clientReportId]))!;
    const outputs = [...row.result.matchAll(new RegExp(`${OUTPUT_PATH}/([\\w.-]+)`, 'g'))].map((m) => m[1]!);
    return [...Object.values(JSON.parse(row.images) as Record<string, string>), ...outputs];
  };
  const existing = async (keys: readonly string[]) => (await Promise.all(keys.map((k) => objects().exists(k)))).filter(Boolean).length;
  const pullIds = async (dataType: 'user' | 'report') => {
    const query = signedQuery(app, { data_type: dataType, begin: 1_600_000_000, end: 1_600_000_000 + 30 * 24 * 3600, ...(dataType === 'report' ? { source_type: 'device20' } : {}) }, tp);
    return (await pull(client, query)).lists.map((item) => (item as { id: number }).id);
  };
  const submit = async (clientUserId: string) => {
    const session = await captureSession(tp, client, merchantId);
    const body = reportBody(clientUserId, session, { created_at: 1_600_000_000 + 3600 });
    const answer = await client.call(deviceSyncEndpoints.submitReport, { body });
    return { ...answer, session };
  };

  beforeAll(async () => {
    tp = await startTestPlatform({ dataDir, config: CONFIG });
    app = tp.app('primary');
    client = tp.client(app);
    merchantId = Number(app.merchant_id);
    receiver = await startMerchantReference({ secret: app.app_secret, onEvent: (event) => void received.push(event) });
    await client.call(deviceSyncEndpoints.updateIntegration, { body: { webhook_url: `${receiver.url}/webhook` } });
  });
  afterAll(async () => {
    await receiver.close();
    await tp.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('deletes the customer, every report, their files and push events; sends no event of it; a retry removes nothing more', async () => {
    const user = await syncUser(client, { name: 'Erase Me', created_at: 1_600_000_000 + 60 });
    const first = await submit(user.client_user_id);
    const second = await submit(user.client_user_id);
    const keys = [...(await keysOf(first.client_report_id)), ...(await keysOf(second.client_report_id))];
    expect(keys).toHaveLength(8);
    expect(await existing(keys)).toBe(8);
    await waitFor('the customer\'s events delivered', () => received.filter((e) => e.data_type !== 'test').length >= 3);
    expect(await pullIds('user')).toContain(user.user.id);

    const lastEventBefore = (await sql().one<{ id: number }>('SELECT COALESCE(MAX(id), 0) AS id FROM push_events'))!.id;
    const answer = await client.call(deviceSyncEndpoints.deleteData, { body: { client_user_id: user.client_user_id } });
    expect(answer).toEqual({ deleted: { users: 1, reports: 2, files: 8, push_events: 3 } });
    expect(await existing(keys)).toBe(0);
    expect(await pullIds('user')).not.toContain(user.user.id);
    expect(await pullIds('report')).not.toEqual(expect.arrayContaining([first.report_id]));
    expect(await pullIds('report')).not.toEqual(expect.arrayContaining([second.report_id]));
    expect(await count("SELECT COUNT(*) AS n FROM push_events WHERE data LIKE '%Erase Me%'")).toBe(0);
    // Nothing left pointing at what went (SQLite checks foreign keys only when asked).
    expect(await count('SELECT COUNT(*) AS n FROM push_attempts a LEFT JOIN push_events e ON e.id = a.event_id WHERE e.id IS NULL')).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM reports r LEFT JOIN users u ON u.id = r.user_id WHERE u.id IS NULL')).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM push_events e LEFT JOIN users u ON u.id = e.user_id WHERE e.user_id IS NOT NULL AND u.id IS NULL')).toBe(0);

    // "No other events are sent" (specification, Events): the deletion queues no event for the
    // merchant's webhook (every push goes through this outbox).
    expect(await count('SELECT COUNT(*) AS n FROM push_events WHERE id > ?', [lastEventBefore])).toBe(0);

    const again = await client.call(deviceSyncEndpoints.deleteData, { body: { client_user_id: user.client_user_id, client_report_ids: [first.client_report_id] } });
    expect(again).toEqual({ deleted: { users: 0, reports: 0, files: 0, push_events: 0 } });
  });

  it('refuses the deleted ids afterwards (46208) and never hands out a deleted number again', async () => {
    const user = await syncUser(client, { name: 'Last One' });
    const report = await submit(user.client_user_id);
    await client.call(deviceSyncEndpoints.deleteData, { body: { client_user_id: user.client_user_id } });

    expect(await codeOf(client.call(deviceSyncEndpoints.syncUser, { body: userBody({ client_user_id: user.client_user_id }) }))).toBe(46208);
    const other = await syncUser(client, { name: 'Next One' });
    expect(other.user.id).toBe(user.user.id + 1);
    const session = await captureSession(tp, client, merchantId);
    expect(await codeOf(client.call(deviceSyncEndpoints.submitReport, { body: reportBody(user.client_user_id, session) }))).toBe(46208);
    expect(await codeOf(client.call(deviceSyncEndpoints.submitReport, { body: reportBody(other.client_user_id, session, { client_report_id: report.client_report_id }) }))).toBe(46208);
    const next = await client.call(deviceSyncEndpoints.submitReport, { body: reportBody(other.client_user_id, session) });
    expect(next.report_id).toBeGreaterThan(report.report_id);
  });

  it('a customer who did not consent: deleted with their report and its files', async () => {
    const user = await syncUser(client, { agree_clause_ids: ['user_agreement'] });
    await submit(user.client_user_id);
    const answer = await client.call(deviceSyncEndpoints.deleteData, { body: { client_user_id: user.client_user_id } });
    expect(answer).toMatchObject({ deleted: { users: 1, reports: 1, files: 4 } });
  });

  it('one report (a session deleted at the kiosk): the customer and their other report stay', async () => {
    const user = await syncUser(client, { created_at: 1_600_000_000 + 60 });
    const dropped = await submit(user.client_user_id);
    const kept = await submit(user.client_user_id);
    const droppedKeys = await keysOf(dropped.client_report_id);
    const answer = await client.call(deviceSyncEndpoints.deleteData, { body: { client_report_ids: [dropped.client_report_id] } });
    expect(answer).toMatchObject({ deleted: { users: 0, reports: 1, files: 4 } });
    expect(await existing(droppedKeys)).toBe(0);
    expect(await existing(await keysOf(kept.client_report_id))).toBe(4);
    expect(await pullIds('user')).toContain(user.user.id);
    expect(await pullIds('report')).toContain(kept.report_id);
    expect(await pullIds('report')).not.toContain(dropped.report_id);
  });

  it('uploads and a task that never became a report go by task id and resource URL; another merchant\'s stay', async () => {
    const session = await captureSession(tp, client, merchantId);
    const task = (await sql().one<{ result: string }>('SELECT result FROM tasks WHERE id = ?', [session.taskId]))!;
    const outputKey = /output\/([\w.-]+)/.exec(task.result)![1]!;
    const second = tp.client(tp.app('second'));
    const foreign = await uploadResources(second, WHITE_KEYS.slice(0, 1));
    const foreignKey = Object.values(foreign)[0]!.split('/').pop()!;

    const answer = await client.call(deviceSyncEndpoints.deleteData, { body: { task_ids: [session.taskId, `t${randomBytes(8).toString('hex')}`], resource_urls: [...Object.values(session.images), ...Object.values(foreign)] } });
    expect(answer.deleted.files).toBe(4);
    expect(await existing([...Object.values(session.images).map((u) => u.split('/').pop()!), outputKey])).toBe(0);
    expect(await objects().exists(foreignKey)).toBe(true);
  });

  it('refuses a request that names nothing (400)', async () => {
    expect(await codeOf(client.call(deviceSyncEndpoints.deleteData, { body: {} }))).toBe(400);
    expect(await codeOf(client.call(deviceSyncEndpoints.deleteData, { body: { client_user_id: 'x' } }))).toBe(400);
  });

  it('removes only its own files: what else is listed (another merchant removed, D-135) is left to the background pass', async () => {
    const key = `${randomBytes(16).toString('hex')}.png`;
    await objects().put(key, Buffer.from('\x89PNG another tenant'));
    await sql().run('INSERT INTO object_deletions (object_key, requested_at) VALUES (?, ?)', [key, Date.now()]);
    const user = await syncUser(client, { name: 'Only Mine' });
    await submit(user.client_user_id);
    const answer = await client.call(deviceSyncEndpoints.deleteData, { body: { client_user_id: user.client_user_id } });
    // Its three photos and the analysis output.
    expect(answer.deleted.files).toBe(4);
    expect(await objects().exists(key)).toBe(true);
    expect(await count('SELECT COUNT(*) AS n FROM object_deletions')).toBe(1);
    await tp.platform.services.reportData.deletions.removePendingFiles();
    expect(await objects().exists(key)).toBe(false);
  });

  it('a listed file the store refuses to delete stays listed while the pass goes past it, and the pass fails naming it (D-139)', async () => {
    const keys = Array.from({ length: 3 }, (_, i) => `${i}${randomBytes(16).toString('hex').slice(1)}.png`).sort();
    for (const key of keys) {
      await objects().put(key, Buffer.from('\x89PNG listed'));
      await sql().run('INSERT INTO object_deletions (object_key, requested_at) VALUES (?, ?)', [key, Date.now()]);
    }
    const refusedKey = keys[0]!;
    // What S3 answers for a key it will not delete (AccessDenied, an object lock): the others are deleted.
    const refusing = storeWith(objects(), {
      deleteMany: async (all: readonly string[]) => [...(await objects().deleteMany(all.filter((key) => key !== refusedKey))), ...all.filter((key) => key === refusedKey)],
    });
    const { clock, reportData } = tp.platform.services;
    const pass = new DeletionService(sql(), clock, reportData.store, refusing);
    await expect(pass.removePendingFiles()).rejects.toThrow(`refused to delete 1 listed file(s), e.g. ${refusedKey}; 2 removed`);
    expect(await objects().exists(refusedKey)).toBe(true);
    for (const key of keys.slice(1)) expect(await objects().exists(key), key).toBe(false);
    expect(await count('SELECT COUNT(*) AS n FROM object_deletions')).toBe(1);
    expect(await reportData.deletions.removePendingFiles()).toBe(1);
    expect(await objects().exists(refusedKey)).toBe(false);
    expect(await count('SELECT COUNT(*) AS n FROM object_deletions')).toBe(0);
  });

  it('files a crash left listed are removed at the next start', async () => {
    const key = `${randomBytes(16).toString('hex')}.png`;
    await objects().put(key, Buffer.from('\x89PNG leftover'));
    await sql().run('INSERT INTO object_deletions (object_key, requested_at) VALUES (?, ?)', [key, Date.now()]);
    await receiver.close();
    await tp.stop();
    tp = await startTestPlatform({ dataDir, config: CONFIG });
    client = tp.client(app);
    receiver = await startMerchantReference({ secret: app.app_secret, onEvent: (event) => void received.push(event) });
    // The file goes first, its row just after: wait for both, or a loaded machine reads between them.
    const listed = () => count('SELECT COUNT(*) AS n FROM object_deletions');
    await waitFor('the leftover removed', async () => !(await objects().exists(key)) && (await listed()) === 0);
    expect(await listed()).toBe(0);
  });
});

