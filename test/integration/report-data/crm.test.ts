import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformClient } from '../../../main/platform-client/client.ts';
import { PlatformError } from '../../../main/platform-client/errors.ts';
import { deviceSyncEndpoints } from '../../../protocol/endpoints/device-sync.ts';
import { crmQuerySchema } from '../../../protocol/report-data/crm.ts';
import { verifySignature } from '../../../platform/auth/signature.ts';
import { startMerchantReference, type RunningMerchantReference } from '../../../platform/merchant-reference/server.ts';
import { SAMPLE_CUSTOMERS } from '../../../platform/merchant-reference/sample-customers.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';

async function failure(promise: Promise<unknown>): Promise<PlatformError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
}

/** A CRM that answers each request as `behave` says, recording the queries it got. */
async function fakeCrm(behave: (query: URLSearchParams) => { delayMs?: number; status?: number; body: string }): Promise<{ url: string; queries: URLSearchParams[]; server: Server }> {
  const queries: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://x').searchParams;
    queries.push(query);
    const answer = behave(query);
    setTimeout(() => {
      if (!res.destroyed) res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' }).end(answer.body);
    }, answer.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/crm?tenant=lumen`, queries, server };
}

describe('CRM search relayed to the kiosk (GET /device_api/crm/search)', () => {
  let tp: TestPlatform;
  let client: PlatformClient;
  let reference: RunningMerchantReference;
  const servers: Server[] = [];
  const search = (keyword: string, extra: { page?: number; count?: number } = {}) =>
    client.call(deviceSyncEndpoints.crmSearch, { query: { keyword, store_number: 'SG001', ...extra } });
  const useCrm = (url: string) => client.call(deviceSyncEndpoints.updateIntegration, { body: { crm_url: url } });

  beforeAll(async () => {
    tp = await startTestPlatform({ config: { analysisWorkers: 1, allowedPrivateCallbackHosts: ['127.0.0.1:*'] } });
    client = tp.client(tp.app('primary'));
    reference = await startMerchantReference({ secret: tp.app('primary').app_secret, customers: SAMPLE_CUSTOMERS });
  });
  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      server.close();
    }
    await reference.close();
    await tp.stop();
  });

  it('works out of the box against the demo merchant CRM', async () => {
    expect((await client.call(deviceSyncEndpoints.integration)).crm_url).toMatch(/^\/demo_merchant\/\d+\/crm$/);
    const found = await search('tan');
    expect(found.total).toBe(2);
    expect(found.lists.map((c) => c.custom_id)).toEqual(['C1001', 'C1006']);
    expect(await search('nobody-by-this-name')).toEqual({ total: 0, lists: [] });
  });

  it('signs the query like the pull (every parameter but sig, the merchant URL\'s own too) and pages', async () => {
    const fake = await fakeCrm(() => ({ body: JSON.stringify({ total: 0, lists: [] }) }));
    servers.push(fake.server);
    await useCrm(fake.url);
    await search('Chen', { page: 2, count: 5 });
    const query = fake.queries[0]!;
    expect([...query.keys()].sort()).toEqual(['count', 'keyword', 'page', 'sig', 'sig_time', 'store_number', 'tenant']);
    expect(crmQuerySchema.parse(Object.fromEntries(query))).toMatchObject({ keyword: 'Chen', store_number: 'SG001', page: 2, count: 5 });
    expect(verifySignature(Object.fromEntries(query), tp.app('primary').app_secret, query.get('sig')!)).toBe(true);

    await useCrm(`${reference.url}/crm`);
    const page2 = await search('a', { page: 2, count: 2 });
    expect(page2.total).toBeGreaterThan(2);
    expect(page2.lists).toHaveLength(2);
  });

  it('answers 40057 when the CRM takes longer than 5 seconds', async () => {
    const slow = await fakeCrm(() => ({ delayMs: 8000, body: JSON.stringify({ total: 0, lists: [] }) }));
    servers.push(slow.server);
    await useCrm(slow.url);
    const started = Date.now();
    const error = await failure(search('Tan'));
    const elapsed = Date.now() - started;
    expect([error.code, error.msg]).toEqual([40057, 'interface call timeout']);
    expect(elapsed).toBeGreaterThanOrEqual(4900);
    expect(elapsed).toBeLessThan(7000);
  }, 15_000);

  it.each([
    ['not JSON', 'Internal <b>oops</b>'],
    ['the wrong shape', JSON.stringify({ customers: [] })],
    ['a customer without a name', JSON.stringify({ total: 1, lists: [{ custom_id: 'X', gender: 1, phone_cc: 65, phone_number: '1' }] })],
    ['a total below the customers listed', JSON.stringify({ total: 0, lists: [SAMPLE_CUSTOMERS[0]] })],
  ])('answers 46302 when the CRM answers %s', async (_, body) => {
    const garbage = await fakeCrm(() => ({ body }));
    servers.push(garbage.server);
    await useCrm(garbage.url);
    expect((await failure(search('Tan'))).code).toBe(46302);
  });

  it('answers 46303 for an HTTP error, a redirect (never followed) or a CRM that refuses our signature', async () => {
    const broken = await fakeCrm((q) => (q.get('keyword') === 'redirect' ? { status: 302, body: '' } : { status: 500, body: '{}' }));
    servers.push(broken.server);
    await useCrm(broken.url);
    expect((await failure(search('Tan'))).detail).toContain('HTTP 500');
    expect((await failure(search('redirect'))).detail).toContain('HTTP 302');
    const strict = await startMerchantReference({ secret: 'another-secret', customers: SAMPLE_CUSTOMERS });
    await useCrm(`${strict.url}/crm`);
    const refused = await failure(search('Tan'));
    expect([refused.code, refused.detail]).toEqual([46303, 'the CRM answered HTTP 401']);
    await strict.close();
  });

  it('refuses a store of another merchant, a missing CRM, and private addresses not allowed by the operator', async () => {
    await useCrm(`${reference.url}/crm`);
    expect((await failure(client.call(deviceSyncEndpoints.crmSearch, { query: { keyword: 'Tan', store_number: 'HK001' } }))).code).toBe(46202);
    const other = tp.client(tp.app('second'));
    expect((await failure(other.call(deviceSyncEndpoints.crmSearch, { query: { keyword: 'Tan', store_number: 'HK001' } }))).code).toBe(46301);
    await other.call(deviceSyncEndpoints.updateIntegration, { body: { crm_url: 'http://10.1.2.3/crm' } });
    const blocked = await failure(other.call(deviceSyncEndpoints.crmSearch, { query: { keyword: 'Tan', store_number: 'HK001' } }));
    expect([blocked.code, blocked.detail]).toEqual([46303, expect.stringContaining('blocked')]);
  });
});
