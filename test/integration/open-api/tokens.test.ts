import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { merchantEndpoints as ep } from '../../../protocol/endpoints/merchant.ts';
import { Transport, type RawRequest, type RawResponse } from '../../../main/platform-client/transport.ts';
import { ManualClock } from '../../../platform/clock.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { failureOf, rawCall } from '../../helpers/open-api.ts';

/**
 * Specification: Authentication 1 and 4, States and transitions (access token rows): a token is
 * invalid once a new one is issued for the same app and once 7200 s have passed; either way the
 * call answers meta.code 1001. The kiosk's client takes a fresh token and retries once (D-009).
 */
describe('access tokens on GET /open_api/merchant/stores', () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 22, 9, 0, 0));
  let tp: TestPlatform;
  beforeAll(async () => {
    tp = await startTestPlatform({ clock });
  });
  afterAll(async () => {
    await tp.stop();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  async function issue(which: 'primary' | 'group' = 'primary'): Promise<string> {
    const app = tp.app(which);
    const res = await rawCall(tp, 'GET', `/open_api/common/access_token?app_id=${app.app_id}&app_secret=${encodeURIComponent(app.app_secret)}`);
    expect(res.json.meta.code).toBe(0);
    return res.json.response['access_token'] as string;
  }

  const storesWith = (token: string) => rawCall(tp, 'GET', '/open_api/merchant/stores', { headers: { 'access-token': token } });

  it('a token answers until a new one is issued for the same app, then 1001 (HTTP 200)', async () => {
    const first = await issue();
    expect((await storesWith(first)).json.meta.code).toBe(0);
    const second = await issue();
    const stale = await storesWith(first);
    expect([stale.status, stale.json.meta.code]).toEqual([200, 1001]);
    expect(stale.json.response).toEqual({});
    expect((await storesWith(second)).json.meta.code).toBe(0);
  });

  it('a token issued from the skin_api endpoint also replaces the open_api one (D-006)', async () => {
    const first = await issue();
    const app = tp.app('primary');
    await rawCall(tp, 'GET', `/skin_api/common/access_token?app_id=${app.app_id}&app_secret=${encodeURIComponent(app.app_secret)}`);
    expect((await storesWith(first)).json.meta.code).toBe(1001);
  });

  it("issuing another app's token does not touch this app's", async () => {
    const mine = await issue('primary');
    await issue('group');
    expect((await storesWith(mine)).json.meta.code).toBe(0);
  });

  it('a token answers for 7199 s and is 1001 once 7200 s have passed', async () => {
    const token = await issue();
    clock.advance(7199 * 1000);
    expect((await storesWith(token)).json.meta.code).toBe(0);
    clock.advance(1000);
    const expired = await storesWith(token);
    expect([expired.status, expired.json.meta.code]).toEqual([200, 1001]);
  });

  it('a missing, empty or made-up token is 1001', async () => {
    for (const headers of [{}, { 'access-token': '' }, { 'access-token': 'x'.repeat(40) }] as Record<string, string>[]) {
      expect((await rawCall(tp, 'GET', '/open_api/merchant/stores', { headers })).json.meta.code).toBe(1001);
    }
  });

  describe('the client', () => {
    it('after a rotation, refreshes its token and retries the call once, transparently', async () => {
      const client = tp.client(tp.app('primary'));
      await client.call(ep.listStores);
      const cached = await client.accessToken();
      await issue(); // someone else rotates the app's token
      const send = vi.spyOn(Transport.prototype, 'send');
      const res = await client.call(ep.listStores);
      expect(res.total).toBe(4);
      expect(send.mock.calls.map(([label]) => label)).toEqual([
        'GET /open_api/merchant/stores',
        'GET /skin_api/common/access_token',
        'GET /open_api/merchant/stores',
      ]);
      expect(await client.accessToken()).not.toBe(cached);
    });

    it('after expiry, refreshes and retries once even when its own clock thought the token fresh', async () => {
      // The client's clock stands still, so it keeps using the cached token past its lifetime.
      const frozen = clock.now();
      const client = tp.client(tp.app('primary'), { now: () => frozen });
      await client.call(ep.listStores);
      clock.advance(7200 * 1000);
      const send = vi.spyOn(Transport.prototype, 'send');
      expect((await client.call(ep.listStores)).total).toBe(4);
      expect(send.mock.calls.map(([label]) => label)).toEqual([
        'GET /open_api/merchant/stores',
        'GET /skin_api/common/access_token',
        'GET /open_api/merchant/stores',
      ]);
    });

    it('retries only once: a second 1001 reaches the caller', async () => {
      const client = tp.client(tp.app('primary'));
      await client.call(ep.listStores);
      const real = Transport.prototype.send;
      const send = vi.spyOn(Transport.prototype, 'send').mockImplementation(async function (this: Transport, label: string, req: RawRequest): Promise<RawResponse> {
        if (!label.startsWith('GET /open_api/merchant/stores')) return real.call(this, label, req);
        const body = { meta: { code: 1001, msg: 'access token invalid or expired', error: '', request_uri: '/open_api/merchant/stores', req_id: 'f'.repeat(32) }, response: {} };
        return { status: 200, headers: {}, body: Buffer.from(JSON.stringify(body)) };
      });
      const error = await failureOf(client.call(ep.listStores));
      expect(error.code).toBe(1001);
      expect(send.mock.calls.map(([label]) => label)).toEqual([
        'GET /open_api/merchant/stores',
        'GET /skin_api/common/access_token',
        'GET /open_api/merchant/stores',
      ]);
    });
  });
});
