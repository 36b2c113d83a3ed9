import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Transport, type RawRequest, type RawResponse } from '../../main/platform-client/transport.ts';
import { merchantEndpoints as ep } from '../../protocol/endpoints/merchant.ts';
import { tokenEndpoints } from '../../protocol/endpoints/token.ts';
import { ManualClock } from '../../platform/clock.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/platform.ts';

/**
 * The typed client's token refresh against the real platform (D-009): however many calls wait
 * for a token, one token request goes out, whether the client has none yet, its token is near
 * expiry, or the platform answered 1001 after a rotation. Every request the client sends is
 * counted on its way to the real server (the transport is observed, not replaced); the token
 * request is slowed so that callers also arrive while it is in flight.
 */
describe('platform client: one shared token refresh for concurrent callers', () => {
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

  /** Labels of every request sent from now on; token requests take 150 ms longer. */
  function countRequests(): string[] {
    const labels: string[] = [];
    const real = Transport.prototype.send;
    vi.spyOn(Transport.prototype, 'send').mockImplementation(async function (this: Transport, label: string, req: RawRequest): Promise<RawResponse> {
      labels.push(label);
      if (label.endsWith('/access_token')) await new Promise((resolve) => setTimeout(resolve, 150));
      return real.call(this, label, req);
    });
    return labels;
  }

  const tokenRequests = (labels: string[]) => labels.filter((l) => l === 'GET /skin_api/common/access_token').length;
  const storeRequests = (labels: string[]) => labels.filter((l) => l === 'GET /open_api/merchant/stores').length;

  /** 20 calls at once, then 10 more while the first token request is still in flight. */
  async function burst(client: ReturnType<TestPlatform['client']>): Promise<number[]> {
    const first = Array.from({ length: 20 }, () => client.call(ep.listStores));
    await new Promise((resolve) => setTimeout(resolve, 40));
    const late = Array.from({ length: 10 }, () => client.call(ep.listStores));
    return (await Promise.all([...first, ...late])).map((page) => page.total ?? -1);
  }

  it('a client without a token sends one token request for 30 concurrent calls', async () => {
    const client = tp.client(tp.app('primary'));
    const labels = countRequests();
    expect(await burst(client)).toEqual(Array.from({ length: 30 }, () => 4));
    expect(tokenRequests(labels)).toBe(1);
    expect(storeRequests(labels)).toBe(30);
  });

  it('refreshes once, ahead of expiry, however many calls are waiting', async () => {
    const client = tp.client(tp.app('primary'));
    await client.call(ep.listStores);
    const before = await client.accessToken();
    // 299 s before expiry: inside the 5-minute margin, while the platform still accepts the token.
    clock.advance((7200 - 299) * 1000);
    const labels = countRequests();
    expect(await burst(client)).toEqual(Array.from({ length: 30 }, () => 4));
    expect(tokenRequests(labels)).toBe(1);
    // No call failed and was retried: the refresh came before the token lapsed.
    expect(storeRequests(labels)).toBe(30);
    expect(await client.accessToken()).not.toBe(before);
  });

  it('after a rotation, every call that got 1001 waits for the same refresh', async () => {
    const client = tp.client(tp.app('primary'));
    await client.call(ep.listStores);
    // Another client of the same app takes a token: the cached one now answers 1001.
    const app = tp.app('primary');
    await tp.client(app).call(tokenEndpoints.openApiAccessToken, { query: { app_id: app.app_id, app_secret: app.app_secret } });
    const labels = countRequests();
    const totals = await Promise.all(Array.from({ length: 15 }, () => client.call(ep.listStores)));
    expect(totals.map((page) => page.total)).toEqual(Array.from({ length: 15 }, () => 4));
    expect(tokenRequests(labels)).toBe(1);
    // Each call: one refused with the old token, one retried with the new.
    expect(storeRequests(labels)).toBe(30);
  });
});
