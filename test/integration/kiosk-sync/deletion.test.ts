/**
 * Deletion of a customer's data on request, end to end (issue 7 Build 3, decision R-019): the
 * kiosk deletes at once, queues the platform's copy in its durable outbox while the platform is
 * down, keeps it across a kiosk restart, and drains it once the platform is back; the platform
 * then never returns the customer or their report, their files are gone, and no push event still
 * carries their data.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withKioskDb } from '../../helpers/kiosk-db.ts';
import { PlatformClient } from '../../../main/platform-client/client.ts';
import { PlatformError } from '../../../main/platform-client/errors.ts';
import { deviceSyncEndpoints } from '../../../protocol/endpoints/device-sync.ts';
import { OUTPUT_PATH } from '../../../platform/skin-api/task-presenter.ts';
import { REQUIRED_CONSENT, captureSession, removeDir, startKiosk, startPlatformChild, waitFor } from './helpers.ts';
import type { PlatformChild } from './helpers.ts';
import { withPlatformSql } from './platform-db.ts';
import { pullAll, statusOf, storedObjects } from './pull.ts';

/** Object keys of a stored report: its images and the analysis outputs its result names. */
async function reportObjectKeys(dataDir: string, clientReportId: string): Promise<string[]> {
  const row = (await withPlatformSql(dataDir, (sql) => sql.one<{ images: string; result: string }>('SELECT images, result FROM reports WHERE client_report_id = ?', [clientReportId])))!;
  const outputs = [...row.result.matchAll(new RegExp(`${OUTPUT_PATH}/([\\w.-]+)`, 'g'))].map((m) => m[1]!);
  return [...Object.values(JSON.parse(row.images) as Record<string, string>), ...outputs];
}

function platformRows(dataDir: string, clientUserId: string, name: string): Promise<{ users: number; reports: number; events: number; tombstones: number }> {
  return withPlatformSql(dataDir, async (sql) => {
    const count = async (query: string, params: string[]) => (await sql.one<{ n: number }>(query, params))!.n;
    return {
      users: await count('SELECT COUNT(*) AS n FROM users WHERE client_user_id = ?', [clientUserId]),
      reports: await count('SELECT COUNT(*) AS n FROM reports r JOIN users u ON u.id = r.user_id WHERE u.client_user_id = ?', [clientUserId]),
      // Any event, sent or not, that carries the customer (user events hold their name).
      events: await count('SELECT COUNT(*) AS n FROM push_events WHERE data LIKE ?', [`%${name}%`]),
      tombstones: await count("SELECT COUNT(*) AS n FROM deleted_clients WHERE client_id = ? AND kind = 'user'", [clientUserId]),
    };
  });
}

describe('deletion of a customer on request reaches the platform', () => {
  let platform: PlatformChild;
  beforeAll(async () => {
    platform = await startPlatformChild();
  });
  afterAll(() => platform.stop());

  it('deleted on the kiosk while the platform is down: queued, survives a restart, drains, and nothing of the customer is left anywhere', async () => {
    const first = await startKiosk(platform.url, platform.app, { profile: 'multi_light', lights: ['white'] });
    const dataDir = first.dataDir;
    let second: Awaited<ReturnType<typeof startKiosk>> | null = null;
    const direct = new PlatformClient({
      addresses: { cn: platform.url, overseas: platform.url },
      region: 'overseas',
      appId: platform.app.app_id,
      appSecret: platform.app.app_secret,
      ...(platform.app.merchant_id ? { merchantId: platform.app.merchant_id } : {}),
    });
    try {
      // A customer who stays, and one who asks to be deleted; both synced with a report.
      const kept = await captureSession(first, 'Kept Kwan');
      const gone = await captureSession(first, 'Gone Goh');
      for (const { sessionId } of [kept, gone]) {
        await waitFor(`sync of ${sessionId}`, () => first.engine.job(sessionId)?.stage, (s) => s === 'done' || s === 'failed', 60_000);
        expect(first.engine.job(sessionId)).toMatchObject({ stage: 'done', reportId: expect.any(Number) });
      }
      const goneUserId = first.store.getCustomer(gone.customerId)!.platformUserId!;
      const goneReportId = first.engine.job(gone.sessionId)!.reportId!;
      const users = await pullAll(platform.url, platform.app, 'user');
      const reports = await pullAll(platform.url, platform.app, 'report', 'device20');
      expect(users.map((u) => u.id)).toContain(goneUserId);
      const pulledReport = reports.find((r) => r.id === goneReportId)!;
      expect(pulledReport).toBeDefined();
      const imageUrl = (pulledReport['images'] as Record<string, string>)['white_front_image']!;
      expect(await statusOf(imageUrl)).toBe(200);
      const keys = await reportObjectKeys(platform.dataDir, gone.sessionId);
      expect(keys.length).toBeGreaterThan(3);
      for (const key of keys) expect(storedObjects(platform.dataDir).has(key)).toBe(true);
      // The merchant's webhook has events of the customer (their registration).
      expect((await platformRows(platform.dataDir, gone.customerId, 'Gone Goh')).events).toBeGreaterThan(0);
      const localFiles = first.store.listCaptures(gone.sessionId).map((c) => c.path);
      expect(localFiles.every((path) => existsSync(path))).toBe(true);

      // The platform goes down; staff delete the customer on the kiosk.
      await platform.kill();
      await first.api.deleteCustomer({ customerId: gone.customerId });
      expect(first.store.getCustomer(gone.customerId)).toBeNull();
      expect(first.store.getSession(gone.sessionId)).toBeNull();
      expect(localFiles.some((path) => existsSync(path))).toBe(false);
      const queued = await waitFor(
        'an offline attempt',
        () => withKioskDb(first.store.dataDir, (db) => db.prepare('SELECT kind, client_id, attempts, waiting, request FROM platform_deletions').all() as { kind: string; client_id: string; attempts: number; waiting: string | null; request: string }[]),
        (rows) => rows.length === 1 && rows[0]!.attempts > 0,
        20_000,
      );
      expect(queued[0]).toMatchObject({ kind: 'customer', client_id: gone.customerId, waiting: 'network' });
      expect(JSON.parse(queued[0]!.request)).toMatchObject({ client_user_id: gone.customerId, client_report_ids: [gone.sessionId], task_ids: [expect.any(String)] });
      expect((JSON.parse(queued[0]!.request) as { resource_urls: string[] }).resource_urls).toHaveLength(3);
      const { checks } = await first.api.getDiagnostics({});
      expect(checks.find((c) => c.name === 'platform_deletions')).toMatchObject({ ok: false, detail: { key: 'diag.deletions_pending', params: { count: 1 }, text: expect.stringContaining('not yet confirmed by the platform: 1;') } });

      // The kiosk restarts while the platform is still down: the request is still queued.
      await first.close();
      second = await startKiosk(platform.url, platform.app, { dataDir, profile: 'multi_light', lights: ['white'] });
      expect(second.store.deletions.pending()).toBe(1);

      // The platform is back: the queue drains.
      await platform.restart();
      await waitFor('the deletion to drain', () => second!.store.deletions.pending(), (n) => n === 0, 60_000);

      // Pull no longer returns the customer or their report; the other customer is untouched.
      const usersAfter = await pullAll(platform.url, platform.app, 'user');
      const reportsAfter = await pullAll(platform.url, platform.app, 'report', 'device20');
      expect(usersAfter.map((u) => u.id)).not.toContain(goneUserId);
      expect(reportsAfter.map((r) => r.id)).not.toContain(goneReportId);
      expect(usersAfter.map((u) => u.id)).toContain(second.store.getCustomer(kept.customerId)!.platformUserId);
      expect(reportsAfter.map((r) => r.id)).toContain(second.engine.job(kept.sessionId)!.reportId);
      // Files gone: from the object store and behind the link a merchant once pulled.
      const objects = storedObjects(platform.dataDir);
      for (const key of keys) expect(objects.has(key)).toBe(false);
      expect(await statusOf(imageUrl)).toBe(404);
      expect(await platformRows(platform.dataDir, gone.customerId, 'Gone Goh')).toEqual({ users: 0, reports: 0, events: 0, tombstones: 1 });

      // Deleting again is fine and removes nothing more; the id cannot be registered again.
      const again = await direct.call(deviceSyncEndpoints.deleteData, { body: { client_user_id: gone.customerId, client_report_ids: [gone.sessionId] } });
      expect(again).toEqual({ deleted: { users: 0, reports: 0, files: 0, push_events: 0 } });
      const refused = await direct
        .call(deviceSyncEndpoints.syncUser, { body: { client_user_id: gone.customerId, store_custom_id: platform.app.store_custom_ids[0]!, name: 'Gone Goh', agree_clause_ids: REQUIRED_CONSENT } })
        .then(() => null, (e: unknown) => e);
      expect(refused).toBeInstanceOf(PlatformError);
      expect((refused as PlatformError).code).toBe(46208);
      // The kiosk's diagnostics are clear again.
      const after = await second.api.getDiagnostics({});
      expect(after.checks.find((c) => c.name === 'platform_deletions')).toMatchObject({ ok: true });
    } finally {
      await direct.close();
      await first.close();
      await second?.close();
      removeDir(dataDir);
    }
  }, 180_000);
});
