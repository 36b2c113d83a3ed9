import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformClient } from '../../../main/platform-client/client.ts';
import { PlatformError } from '../../../main/platform-client/errors.ts';
import { deviceSyncEndpoints } from '../../../protocol/endpoints/device-sync.ts';
import type { ReportItemDeviceV } from '../../../protocol/report-data/report-items.ts';
import { pullReportResponseSchema, pullUserResponseSchema } from '../../../protocol/report-data/pull-response.ts';
import type { UserItem } from '../../../protocol/report-data/user-item.ts';
import { sign } from '../../../platform/auth/signature.ts';
import { ManualClock } from '../../../platform/clock.ts';
import type { DemoApp } from '../../../platform/seed/demo-seed.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { FACE_JPEG } from '../../helpers/uploads.ts';
import { captureSession, CONSENT, nowSeconds, pull, rawPull, reportBody, signedQuery, syncUser } from './helpers.ts';

const BEGIN = 1_699_000_000;
const END = BEGIN + 30 * 86400;

async function refusal(promise: Promise<unknown>): Promise<PlatformError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
}

function queryString(values: Record<string, string>): string {
  return new URLSearchParams(values).toString();
}

describe('pull authentication, scope and data rules', () => {
  const clock = new ManualClock(Date.UTC(2026, 2, 1, 9));
  let tp: TestPlatform;
  let primary: DemoApp;
  let second: DemoApp;
  let group: DemoApp;
  let client: PlatformClient;
  let consentingName: string;
  const reportQuery = { begin: BEGIN, end: END, data_type: 'report' as const, source_type: 'device20' as const };

  beforeAll(async () => {
    tp = await startTestPlatform({ clock, config: { analysisWorkers: 1 } });
    [primary, second, group] = [tp.app('primary'), tp.app('second'), tp.app('group')];
    client = tp.client(primary);
    const secondClient = tp.client(second);
    for (const [app, kiosk, store] of [[primary, client, 'SG001'], [second, secondClient, 'HK001']] as const) {
      const merchantId = Number(app.merchant_id);
      const agreed = await syncUser(kiosk, { store_custom_id: store, name: `Agreed ${store}`, created_at: BEGIN + 10 });
      const refused = await syncUser(kiosk, { store_custom_id: store, name: `Refused ${store}`, agree_clause_ids: ['user_agreement'], created_at: BEGIN + 20 });
      const rejected = await syncUser(kiosk, { store_custom_id: store, name: `Rejected ${store}`, agree_clause_ids: ['user_agreement'], reject_clause_ids: ['privacy_policy'], created_at: BEGIN + 30 });
      for (const user of [agreed, refused, rejected]) {
        const session = await captureSession(tp, kiosk, merchantId);
        await kiosk.call(deviceSyncEndpoints.submitReport, { body: reportBody(user.client_user_id, session, { store_custom_id: store, created_at: BEGIN + 100 }) });
      }
      if (app === primary) consentingName = agreed.user.name;
    }
  });
  afterAll(() => tp.stop());

  describe('signature', () => {
    it('accepts a valid signature, in lower or upper case', async () => {
      const query = signedQuery(primary, reportQuery, tp);
      expect((await pull(client, query)).lists).toHaveLength(1);
      expect((await pull(client, { ...query, sig: query['sig']!.toUpperCase() })).lists).toHaveLength(1);
    });

    it('refuses a signature made with another secret, and an unknown app_id alike (46001)', async () => {
      expect((await refusal(pull(client, signedQuery(primary, reportQuery, tp, 'not-the-secret')))).code).toBe(46001);
      expect((await refusal(pull(client, signedQuery({ ...primary, app_id: 'app_unknown' }, reportQuery, tp)))).code).toBe(46001);
    });

    it('refuses a parameter removed, added or changed after signing (46001)', async () => {
      const signed = signedQuery(primary, { ...reportQuery, limit: 10 }, tp);
      const { limit: _, ...withoutLimit } = signed;
      expect((await rawPull(tp, queryString(withoutLimit))).code).toBe(46001);
      expect((await rawPull(tp, queryString({ ...signed, skin_mode: 'standard' }))).code).toBe(46001);
      expect((await rawPull(tp, queryString({ ...signed, limit: '11' }))).code).toBe(46001);
      expect((await rawPull(tp, queryString({ ...signed, merchant_id: second.merchant_id! }))).code).toBe(46001);
    });

    it('refuses an unknown or repeated parameter, and a missing required one, with 400', async () => {
      const signed = signedQuery(primary, reportQuery, tp);
      const unknown = { ...signed, extra: '1' };
      const resigned = { ...unknown, sig: sign(Object.fromEntries(Object.entries(unknown).filter(([k]) => k !== 'sig')), primary.app_secret) };
      const extra = await rawPull(tp, queryString(resigned));
      expect([extra.status, extra.code, extra.error]).toEqual([400, 400, 'query.extra: unknown parameter']);
      expect((await rawPull(tp, `${queryString(signed)}&limit=5&limit=6`)).code).toBe(400);
      const { begin: _, ...noBegin } = reportQuery;
      const missing = await rawPull(tp, queryString(signedQuery(primary, noBegin as typeof reportQuery, tp)));
      expect([missing.status, missing.error]).toEqual([400, expect.stringContaining('query.begin')]);
      const { sig_time: __, ...noSigTime } = signed;
      expect((await rawPull(tp, queryString(noSigTime))).status).toBe(400);
    });

    it('refuses a sig_time more than 300 s away from the platform clock (46002), either way', async () => {
      const now = nowSeconds(tp);
      expect((await pull(client, signedQuery(primary, { ...reportQuery, sig_time: now - 300 }, tp))).lists).toHaveLength(1);
      expect((await pull(client, signedQuery(primary, { ...reportQuery, sig_time: now + 300 }, tp))).lists).toHaveLength(1);
      expect((await refusal(pull(client, signedQuery(primary, { ...reportQuery, sig_time: now - 301 }, tp)))).code).toBe(46002);
      expect((await refusal(pull(client, signedQuery(primary, { ...reportQuery, sig_time: now + 301 }, tp)))).code).toBe(46002);
    });

    it('accepts a cursor only with the parameters it was made for', async () => {
      const first = await pull(client, signedQuery(group, { ...reportQuery, limit: 1 }, tp));
      expect(first.next).not.toBe('');
      expect((await pull(client, signedQuery(group, { ...reportQuery, limit: 5, next: first.next }, tp))).lists).toHaveLength(1);
      const moved = await refusal(pull(client, signedQuery(group, { ...reportQuery, begin: BEGIN + 1, limit: 1, next: first.next }, tp)));
      expect([moved.code, moved.detail]).toEqual([400, expect.stringContaining('query.next')]);
      expect((await refusal(pull(client, signedQuery(group, { ...reportQuery, next: `${first.next.split('.')[0]}.AAAAAAAAAAAAAAAAAAAAAA` }, tp)))).code).toBe(400);
    });
  });

  describe('tenants and consent', () => {
    it("gives a merchant app its own merchant's data only", async () => {
      const own = await pull(client, signedQuery(primary, { begin: BEGIN, end: END, data_type: 'user' }, tp));
      expect((own.lists as UserItem[]).map((u) => [u.merchant_id, u.name])).toEqual([[Number(primary.merchant_id), consentingName]]);
      const foreign = await refusal(pull(client, signedQuery(primary, { begin: BEGIN, end: END, data_type: 'user', merchant_id: second.merchant_id! }, tp)));
      expect([foreign.code, foreign.detail]).toEqual([400, 'query.merchant_id: not a merchant of this app']);
      const reports = await pull(client, signedQuery(second, reportQuery, tp));
      expect((reports.lists as ReportItemDeviceV[]).map((r) => r.merchant_id)).toEqual([Number(second.merchant_id)]);
    });

    it("gives a group app its group's merchants of this region, or one of them by merchant_id", async () => {
      const all = await pull(client, signedQuery(group, { begin: BEGIN, end: END, data_type: 'user' }, tp));
      expect((all.lists as UserItem[]).map((u) => u.merchant_id).sort()).toEqual([Number(primary.merchant_id), Number(second.merchant_id)].sort());
      const one = await pull(client, signedQuery(group, { begin: BEGIN, end: END, data_type: 'user', merchant_id: second.merchant_id! }, tp));
      expect((one.lists as UserItem[]).map((u) => u.merchant_id)).toEqual([Number(second.merchant_id)]);
      const mainland = tp.app('mainland');
      expect((await refusal(pull(client, signedQuery(group, { begin: BEGIN, end: END, data_type: 'user', merchant_id: mainland.merchant_id! }, tp)))).code).toBe(44099);
    });

    it('never returns a user without both consents, nor their reports', async () => {
      const users = (await pull(client, signedQuery(group, { begin: BEGIN, end: END, data_type: 'user' }, tp))).lists as UserItem[];
      expect(users).toHaveLength(2);
      for (const user of users) expect(user.agree_clause_ids).toEqual(expect.arrayContaining(CONSENT));
      const page = await pull(client, signedQuery(group, reportQuery, tp));
      const reports = pullReportResponseSchema('device20').parse(page).lists;
      expect(reports.map((r) => `${r.merchant_id}/${r.user_id}`).sort()).toEqual(users.map((u) => `${u.merchant_id}/${u.id}`).sort());
      expect(pullUserResponseSchema.safeParse({ next: '', lists: users }).success).toBe(true);
    });
  });

  describe('file addresses', () => {
    it('are signed and expire after 24 hours; a changed address is refused', async () => {
      const [report] = (await pull(client, signedQuery(primary, reportQuery, tp))).lists as ReportItemDeviceV[];
      const image = report!.images.white_front_image!;
      const annotation = report!.dimensions[0]!.annotations[0]!.url;
      const fetchFile = async (url: string) => {
        const res = await request(url);
        const body = Buffer.from(await res.body.arrayBuffer());
        return { status: res.statusCode, body, json: res.headers['content-type']?.toString().startsWith('application/json') ? (JSON.parse(body.toString()) as { meta: { code: number } }) : null };
      };
      const fresh = await fetchFile(image);
      expect(fresh.status).toBe(200);
      expect(fresh.body.equals(FACE_JPEG)).toBe(true);
      expect((await fetchFile(annotation)).status).toBe(200);

      const tampered = image.replace(/signature=([A-Za-z0-9_-])/, (_, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`);
      expect((await fetchFile(tampered)).json?.meta.code).toBe(46101);
      const stretched = image.replace(/expires=(\d+)/, (_, e: string) => `expires=${Number(e) + 3600}`);
      expect((await fetchFile(stretched)).json?.meta.code).toBe(46101);
      const otherFile = image.replace(/files\/[^?]+/, `files/${new URL(report!.images.white_left_image!).pathname.split('/').pop()}`);
      expect((await fetchFile(otherFile)).json?.meta.code).toBe(46101);

      clock.advance(24 * 3600 * 1000 - 1000);
      expect((await fetchFile(image)).status).toBe(200);
      clock.advance(1000);
      const expired = await fetchFile(image);
      expect([expired.status, expired.json?.meta.code]).toEqual([403, 46102]);
      expect((await fetchFile(annotation)).json?.meta.code).toBe(46102);
      // A new pull hands out fresh addresses.
      const [again] = (await pull(client, signedQuery(primary, reportQuery, tp))).lists as ReportItemDeviceV[];
      expect((await fetchFile(again!.images.white_front_image!)).status).toBe(200);
    });
  });
});
