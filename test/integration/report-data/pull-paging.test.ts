import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformClient } from '../../../main/platform-client/client.ts';
import { deviceSyncEndpoints } from '../../../protocol/endpoints/device-sync.ts';
import type { DemoApp } from '../../../platform/seed/demo-seed.ts';
import type { ReportRow, UserRow } from '../../../platform/report-data/report-repository.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { bulkReports, captureSession, clientId, pull, reportBody, signedQuery, syncUser, userBody } from './helpers.ts';

const BEGIN = 1_699_000_000;
const END = BEGIN + 30 * 86400;
const inRange = (i: number) => BEGIN + ((i * 7919) % (END - BEGIN));

describe('pull paging (GET /data/lists.json)', () => {
  let tp: TestPlatform;
  let app: DemoApp;
  let client: PlatformClient;
  let template: ReportRow;
  let refuser: UserRow;

  beforeAll(async () => {
    tp = await startTestPlatform({ config: { analysisWorkers: 1 } });
    app = tp.app('primary');
    client = tp.client(app);
    const merchantId = Number(app.merchant_id);
    const consenting = await syncUser(client);
    const declined = await syncUser(client, { agree_clause_ids: ['user_agreement'], reject_clause_ids: ['privacy_policy'] });
    const session = await captureSession(tp, client, merchantId);
    const submitted = await client.call(deviceSyncEndpoints.submitReport, { body: reportBody(consenting.client_user_id, session) });
    const store = tp.platform.services.reportData.store;
    template = (await store.reportByClientId(merchantId, submitted.client_report_id))!;
    refuser = (await store.userByClientId(merchantId, declined.client_user_id))!;
  });
  afterAll(() => tp.stop());

  // Ten thousand single-row inserts take a while over a connection to a server (PostgreSQL run).
  it('walks over 10,000 reports while others arrive between pages: none skipped, none repeated', { timeout: 180_000 }, async () => {
    const expected = new Set<number>([template.report_no, ...(await bulkReports(tp, template, 10_200, inRange))]);
    await bulkReports(tp, template, 300, (i) => END + i); // after the range: never returned
    await bulkReports(tp, template, 300, inRange, refuser); // a customer without consent: never returned

    const seen: number[] = [];
    let next = '';
    let pages = 0;
    do {
      const page = await pull(client, signedQuery(app, { begin: BEGIN, end: END, data_type: 'report', source_type: 'device20', limit: 500, ...(next ? { next } : {}) }, tp));
      pages++;
      for (const item of page.lists as { id: number; merchant_id: number }[]) {
        expect(item.merchant_id).toBe(Number(app.merchant_id));
        seen.push(item.id);
      }
      next = page.next;
      if (next) {
        // Stored now, captured "in the past": before every item already returned, by created_at.
        for (const id of await bulkReports(tp, template, 25, (i) => BEGIN + i)) expected.add(id);
        await bulkReports(tp, template, 5, (i) => BEGIN - 1 - i);
        await bulkReports(tp, template, 5, (i) => BEGIN + i, refuser);
      }
    } while (next);

    expect(pages).toBeGreaterThan(20);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThan(10_000);
    expect([...seen].sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
  });

  it('walks users the same way, and only those who agreed to both clauses', async () => {
    const { sql, clock, reportData } = tp.platform.services;
    const merchantId = Number(app.merchant_id);
    const store = (await sql.one<{ id: number }>("SELECT id FROM stores WHERE merchant_id = ? AND custom_id = 'SG001'", [merchantId]))!;
    const { client_user_id: _, store_custom_id: __, ...profile } = userBody();
    const insert = (count: number, createdAt: (i: number) => number, consent: boolean): Promise<number[]> =>
      reportData.store.inserting('users', async (tx) => {
        const ids: number[] = [];
        for (let i = 0; i < count; i++) {
          const p = { account_id: 0, custom_id: '', gender: 0, birthday: '', phone_cc: 0, phone_number: '', email: '', marital_status: -1, has_baby: -1, has_beauty: -1, is_irritability: -1, target: {}, reject_clause_ids: [], ...profile, name: profile.name, agree_clause_ids: consent ? ['user_agreement', 'privacy_policy'] : ['user_agreement'] };
          const row = await reportData.store.insertUser(tx, { merchantId, clientUserId: clientId('bulk-user'), revision: 0, requestHash: 'bulk', storeId: store.id, profile: p, createdAt: createdAt(i) * 1000, now: clock.now() });
          ids.push(row.user_no);
        }
        return ids;
      });
    const expected = new Set(await insert(1200, inRange, true));
    await insert(100, inRange, false);
    const seen: number[] = [];
    let next = '';
    do {
      const page = await pull(client, signedQuery(app, { begin: BEGIN, end: END, data_type: 'user', limit: 100, ...(next ? { next } : {}) }, tp));
      for (const item of page.lists as { id: number; agree_clause_ids: string[] }[]) {
        expect(item.agree_clause_ids).toEqual(expect.arrayContaining(['user_agreement', 'privacy_policy']));
        seen.push(item.id);
      }
      next = page.next;
      if (next) {
        for (const id of await insert(10, (i) => BEGIN + i, true)) expected.add(id);
        await insert(3, (i) => BEGIN + i, false);
      }
    } while (next);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
  });
});
