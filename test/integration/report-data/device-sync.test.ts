import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformClient } from '../../../main/platform-client/client.ts';
import { PlatformError } from '../../../main/platform-client/errors.ts';
import { deviceSyncEndpoints, sharedLinkEndpoints } from '../../../protocol/endpoints/device-sync.ts';
import { REPORT_PAGE_TTL_SECONDS } from '../../../protocol/device-sync/shared-links.ts';
import { ManualClock } from '../../../platform/clock.ts';
import type { DemoApp } from '../../../platform/seed/demo-seed.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { uploadResources } from '../../helpers/uploads.ts';
import { captureSession, clientId, reportBody, syncUser, userBody, WHITE_KEYS } from './helpers.ts';

async function codeOf(promise: Promise<unknown>): Promise<number> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(PlatformError);
  return (error as PlatformError).code;
}

describe('device sync: customers and reports', () => {
  const clock = new ManualClock(Date.UTC(2026, 4, 10, 8));
  let tp: TestPlatform;
  let app: DemoApp;
  let client: PlatformClient;
  let merchantId: number;
  const count = async (table: 'users' | 'reports') => (await tp.platform.services.sql.one<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))!.n;

  beforeAll(async () => {
    tp = await startTestPlatform({ clock, config: { analysisWorkers: 1 } });
    app = tp.app('primary');
    client = tp.client(app);
    merchantId = Number(app.merchant_id);
  });
  afterAll(() => tp.stop());

  describe('customers (POST /device_api/users)', () => {
    it('registers once however often the same call is retried, concurrently too', async () => {
      const body = userBody();
      const before = await count('users');
      const answers = await Promise.all([1, 2, 3, 4].map(() => client.call(deviceSyncEndpoints.syncUser, { body })));
      const again = await client.call(deviceSyncEndpoints.syncUser, { body });
      expect(await count('users')).toBe(before + 1);
      for (const answer of [...answers, again]) expect(answer).toEqual(answers[0]);
      expect(answers[0]).toMatchObject({ client_user_id: body.client_user_id, revision: 0, consented: true, user: { name: 'Chen Jing', store_custom_id: 'SG001', merchant_id: merchantId } });
    });

    it('numbers customers per merchant', async () => {
      const a = await syncUser(client);
      const b = await syncUser(client);
      expect(b.user.id).toBe(a.user.id + 1);
      const other = await syncUser(tp.client(tp.app('second')), { store_custom_id: 'HK001' });
      expect(other.user.merchant_id).toBe(Number(tp.app('second').merchant_id));
    });

    it('updates on a higher revision, ignores a stale one, and refuses other content at the same revision', async () => {
      const body = userBody({ agree_clause_ids: ['user_agreement'] });
      const first = await client.call(deviceSyncEndpoints.syncUser, { body });
      expect(first.consented).toBe(false);
      const updated = await client.call(deviceSyncEndpoints.syncUser, { body: { ...body, revision: 2, name: 'Chen Jing Wei', agree_clause_ids: ['user_agreement', 'privacy_policy'] } });
      expect(updated).toMatchObject({ revision: 2, consented: true, user: { id: first.user.id, name: 'Chen Jing Wei', created_at: first.user.created_at } });
      const stale = await client.call(deviceSyncEndpoints.syncUser, { body: { ...body, revision: 1, name: 'Old name' } });
      expect(stale).toEqual(updated);
      expect(await codeOf(client.call(deviceSyncEndpoints.syncUser, { body: { ...body, revision: 2, name: 'Another name' } }))).toBe(46201);
    });

    it('refuses an unknown store (46202), a foreign employee (46206), a clause agreed and rejected at once (400)', async () => {
      expect(await codeOf(syncUser(client, { store_custom_id: 'HK001' }))).toBe(46202);
      const foreignAccount = (await tp.platform.services.sql.one<{ id: number }>('SELECT id FROM accounts WHERE merchant_id <> ? ORDER BY id LIMIT 1', [merchantId]))!;
      expect(await codeOf(syncUser(client, { account_id: foreignAccount.id }))).toBe(46206);
      expect(await codeOf(syncUser(client, { agree_clause_ids: ['privacy_policy'], reject_clause_ids: ['privacy_policy'] }))).toBe(400);
      expect(await codeOf(syncUser(client, { client_user_id: 'short' }))).toBe(400);
    });

    it('refuses a created_at ahead of its clock beyond 300 s with 46209 (a fast device clock), not 400', async () => {
      const nowSeconds = Math.floor(clock.now() / 1000);
      expect(await codeOf(syncUser(client, { created_at: nowSeconds + 301 }))).toBe(46209);
      expect((await syncUser(client, { created_at: nowSeconds + 299 })).user.id).toBeGreaterThan(0);
    });
  });

  describe('reports (POST /device_api/reports)', () => {
    it('stores a report once however often it is retried, and refuses the id with other content', async () => {
      const user = await syncUser(client);
      const session = await captureSession(tp, client, merchantId);
      const body = reportBody(user.client_user_id, session);
      const before = await count('reports');
      const answers = await Promise.all([1, 2, 3].map(() => client.call(deviceSyncEndpoints.submitReport, { body })));
      expect(await count('reports')).toBe(before + 1);
      for (const answer of answers) expect(answer).toEqual(answers[0]);
      expect(answers[0]).toMatchObject({ client_report_id: body.client_report_id, source_type: 'device20', user_id: user.user.id, created_at: body.created_at });
      expect(await codeOf(client.call(deviceSyncEndpoints.submitReport, { body: { ...body, device_sn: 'DV-0002' } }))).toBe(46201);
      // The same session under a second id would be a second report of one analysis.
      expect(await codeOf(client.call(deviceSyncEndpoints.submitReport, { body: { ...body, client_report_id: clientId('report') } }))).toBe(46207);
    });

    it('refuses an unknown customer, a task of another merchant or not finished, and files it did not upload', async () => {
      const user = await syncUser(client);
      const session = await captureSession(tp, client, merchantId);
      expect(await codeOf(client.call(deviceSyncEndpoints.submitReport, { body: reportBody(clientId('nobody'), session) }))).toBe(46203);

      const second = tp.app('second');
      const secondClient = tp.client(second);
      const foreign = await captureSession(tp, secondClient, Number(second.merchant_id));
      expect(await codeOf(client.call(deviceSyncEndpoints.submitReport, { body: reportBody(user.client_user_id, { ...session, taskId: foreign.taskId }) }))).toBe(46204);
      expect(await codeOf(client.call(deviceSyncEndpoints.submitReport, { body: reportBody(user.client_user_id, { ...session, images: foreign.images }) }))).toBe(46205);
      const external = Object.fromEntries(WHITE_KEYS.map((key) => [key, `https://images.example.com/${key}.jpg`]));
      expect(await codeOf(client.call(deviceSyncEndpoints.submitReport, { body: reportBody(user.client_user_id, { ...session, images: external }) }))).toBe(46205);

      await tp.platform.services.sql.run("UPDATE tasks SET status = 'running', result = NULL WHERE id = ?", [session.taskId]);
      expect(await codeOf(client.call(deviceSyncEndpoints.submitReport, { body: reportBody(user.client_user_id, session) }))).toBe(46204);
      const { white_front_image: _, ...missing } = session.images;
      expect(await codeOf(client.call(deviceSyncEndpoints.submitReport, { body: reportBody(user.client_user_id, { ...session, images: missing }) }))).toBe(400);
    });
  });

  describe('the customer report page (report_url)', () => {
    it('serves the report without personal data while the link is valid, then refuses it', async () => {
      const user = await syncUser(client, { name: 'Private Name', phone_number: '99998888' });
      const images = await uploadResources(client, WHITE_KEYS);
      const session = { images, taskId: (await captureSession(tp, client, merchantId)).taskId };
      const report = await client.call(deviceSyncEndpoints.submitReport, { body: reportBody(user.client_user_id, session) });
      expect(report.report_url_expires_at).toBe(Math.floor(clock.now() / 1000) + REPORT_PAGE_TTL_SECONDS);

      const open = async (url: string) => {
        const res = await request(url);
        return { status: res.statusCode, text: await res.body.text() };
      };
      const page = await open(report.report_url);
      expect(page.status).toBe(200);
      expect(page.text).not.toContain('Private Name');
      expect(page.text).not.toContain('99998888');
      const link = new URL(report.report_url);
      const viaClient = await client.call(sharedLinkEndpoints.reportPage, {
        params: { key: link.pathname.split('/').pop()! },
        query: { expires: Number(link.searchParams.get('expires')), signature: link.searchParams.get('signature')! },
      });
      expect(viaClient).toMatchObject({ report_id: report.report_id, store_name: 'Orchard Flagship', merchant_name: 'Lumen Skin Studio', overall_score: 82.5 });
      expect((await open((viaClient.images as Record<string, string>)['white_front_image']!)).status).toBe(200);

      const tampered = report.report_url.replace(/expires=(\d+)/, (_, e: string) => `expires=${Number(e) + 60}`);
      expect(JSON.parse((await open(tampered)).text).meta.code).toBe(46101);
      clock.advance(REPORT_PAGE_TTL_SECONDS * 1000);
      const expired = await open(report.report_url);
      expect([expired.status, JSON.parse(expired.text).meta.code]).toEqual([403, 46102]);
      clock.advance(-REPORT_PAGE_TTL_SECONDS * 1000);
    });
  });
});
