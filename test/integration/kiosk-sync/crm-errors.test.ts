/**
 * What staff see at the kiosk when the merchant's CRM misbehaves (issue 6: a CRM slower than
 * 5 seconds, a CRM answering garbage): searchCustomers through the kiosk API, the real platform
 * relaying to a real CRM server on loopback. Local results are always shown beside the message.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kioskApiContract } from '../../../main/kiosk-api/contract.ts';
import { deviceSyncEndpoints } from '../../../protocol/endpoints/device-sync.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { REQUIRED_CONSENT, removeDir, startKiosk } from './helpers.ts';

type Kiosk = Awaited<ReturnType<typeof startKiosk>>;

/** A CRM that answers every search after `delayMs` with `status` and `body`. */
async function crmServer(answer: { delayMs?: number; status?: number; body: string }): Promise<{ url: string; server: Server; calls: () => number }> {
  let calls = 0;
  const server = createServer((_req, res) => {
    calls++;
    setTimeout(() => {
      if (!res.destroyed) res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' }).end(answer.body);
    }, answer.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/crm`, server, calls: () => calls };
}

describe('CRM search failures as staff see them (kiosk API searchCustomers)', () => {
  let tp: TestPlatform;
  let kiosk: Kiosk;
  const servers: Server[] = [];

  const useCrm = async (answer: Parameters<typeof crmServer>[0]) => {
    const crm = await crmServer(answer);
    servers.push(crm.server);
    await tp.client(tp.app('primary')).call(deviceSyncEndpoints.updateIntegration, { body: { crm_url: crm.url } });
    return crm;
  };
  const search = async (keyword: string) => kioskApiContract.searchCustomers.output.parse(await kiosk.api.searchCustomers({ keyword }));

  beforeAll(async () => {
    tp = await startTestPlatform({ config: { analysisWorkers: 1, allowedPrivateCallbackHosts: ['127.0.0.1:*'] } });
    kiosk = await startKiosk(tp.platform.url, tp.app('primary') as Parameters<typeof startKiosk>[1], { extra: { startSync: false } });
    await kiosk.api.registerCustomer({ customer: { name: 'Local Lim', phoneNumber: '87654321' }, agreedClauseIds: REQUIRED_CONSENT, rejectedClauseIds: [] });
  });
  afterAll(async () => {
    await kiosk.close();
    removeDir(kiosk.dataDir);
    for (const server of servers) {
      server.closeAllConnections();
      server.close();
    }
    await tp.stop();
  });

  it('a CRM slower than 5 seconds: told it did not answer within 5 seconds, local results shown', async () => {
    const crm = await useCrm({ delayMs: 7000, body: JSON.stringify({ total: 0, lists: [] }) });
    const started = Date.now();
    const found = await search('Lim');
    // The platform's 5-second deadline answered, not the kiosk's own (longer) client timeout.
    expect(Date.now() - started).toBeLessThan(7000);
    expect(crm.calls()).toBe(1);
    expect(found.crmError).toMatchObject({
      key: 'crm.timeout',
      text: 'The merchant CRM did not answer within 5 seconds; local results are shown. Search again in a moment; if it keeps happening, the merchant should check their CRM.',
    });
    expect(found.local.map((c) => c.name)).toEqual(['Local Lim']);
    expect(found.crm).toEqual([]);
  }, 20_000);

  for (const [what, body] of [
    ['an HTML error page', '<html><body>Service temporarily unavailable</body></html>'],
    ['JSON of another shape', JSON.stringify({ customers: [{ name: 'x' }] })],
    ['a list of records without the customer fields', JSON.stringify({ total: 1, lists: [{ id: 1 }] })],
  ] as const) {
    it(`a CRM answering garbage (${what}): told the CRM answered something that is not a customer list`, async () => {
      await useCrm({ body });
      const found = await search('Lim');
      expect(found.crmError).toMatchObject({
        key: 'crm.bad_answer',
        text: 'The merchant CRM answered something that is not a customer list; local results are shown. The merchant must fix their CRM search answer.',
      });
      expect(found.crmError?.text).not.toMatch(/46302/);
      expect(found.local.map((c) => c.name)).toEqual(['Local Lim']);
      expect(found.crm).toEqual([]);
    });
  }

  it('a CRM answering an HTTP error: told it could not be reached', async () => {
    await useCrm({ status: 503, body: '{}' });
    const found = await search('Lim');
    expect(found.crmError).toMatchObject({ key: 'crm.unreachable', text: expect.stringMatching(/^The merchant CRM could not be reached/) });
    expect(found.local).toHaveLength(1);
  });

  it('a working CRM again: its customers beside the local ones, no message', async () => {
    await useCrm({ body: JSON.stringify({ total: 1, lists: [{ custom_id: 'C9', name: 'Crm Chan', gender: 2, birthday: '', phone_cc: 65, phone_number: '91112222', email: '' }] }) });
    const found = await search('Chan');
    expect(found.crmError).toBeNull();
    expect(found.crm).toMatchObject([{ customId: 'C9', name: 'Crm Chan' }]);
  });

  it('a new customer with a number the CRM or this kiosk has is asked first, up to four numbers; a CRM away or slow never holds registration up (D-131, D-132)', async () => {
    const register = (phoneNumber: string, extra: { customId?: string; sharedPhoneConfirmed?: boolean } = {}) =>
      kiosk.api.registerCustomer({
        customer: { name: 'New Ng', phoneNumber, ...(extra.customId ? { customId: extra.customId } : {}) },
        agreedClauseIds: REQUIRED_CONSENT,
        rejectedClauseIds: [],
        ...(extra.sharedPhoneConfirmed ? { sharedPhoneConfirmed: true } : {}),
      });
    const asked = { code: 'conflict', field: 'customer.phoneNumber', message: 'A customer with this mobile number is registered already.' };
    const crm = await useCrm({
      body: JSON.stringify({
        total: 2,
        lists: [
          { custom_id: 'C9', name: 'Crm Chan', gender: 2, birthday: '', phone_cc: 65, phone_number: '91112222', email: '' },
          // A CRM's own spelling of a number is the same number.
          { custom_id: 'C8', name: 'Crm Chua', gender: 1, birthday: '', phone_cc: 65, phone_number: '+65 9111-3333', email: '' },
        ],
      }),
    });
    await expect(register('91112222')).rejects.toMatchObject(asked);
    await expect(register('91113333')).rejects.toMatchObject(asked);
    const calls = crm.calls();
    // Another calling code is another number.
    expect((await kiosk.api.registerCustomer({ customer: { name: 'New Ng', phoneCc: 60, phoneNumber: '91112222' }, agreedClauseIds: REQUIRED_CONSENT, rejectedClauseIds: [] })).phoneCc).toBe(60);
    // Confirmed as shared, or the CRM's own customer chosen: registered.
    expect((await register('91112222', { sharedPhoneConfirmed: true })).phoneNumber).toBe('91112222');
    expect((await register('91112222', { customId: 'C9' })).customId).toBe('C9');
    // Neither of those, nor a customer without a number, asks the CRM anything.
    const noNumber = await kiosk.api.registerCustomer({ customer: { name: 'No Number' }, agreedClauseIds: REQUIRED_CONSENT, rejectedClauseIds: [] });
    expect(noNumber.phoneNumber).toBe('');
    expect(crm.calls() - calls).toBe(1);

    // This kiosk's own customer: asked whatever the CRM says.
    await useCrm({ status: 503, body: '{}' });
    await expect(register('87654321')).rejects.toMatchObject(asked);
    expect((await register('87650000')).phoneNumber).toBe('87650000');

    // A CRM slower than the check's 2.5 s: registered after it, not after the CRM's answer.
    await useCrm({ delayMs: 7000, body: JSON.stringify({ total: 1, lists: [{ custom_id: 'C10', name: 'Slow Soh', gender: 1, birthday: '', phone_cc: 65, phone_number: '87651111', email: '' }] }) });
    const started = Date.now();
    expect((await register('87651111')).phoneNumber).toBe('87651111');
    expect(Date.now() - started).toBeGreaterThanOrEqual(2400);
    expect(Date.now() - started).toBeLessThan(5000);

    // Asked about three numbers so far; the fourth is asked too, a fifth no longer is (D-132):
    // registering one known number after another must not list who the merchant's customers are.
    await useCrm({ status: 503, body: '{}' });
    await expect(register('87651111')).rejects.toMatchObject(asked);
    expect((await register('87650000')).phoneNumber).toBe('87650000');
    // The numbers already asked about are still asked.
    await expect(register('87654321')).rejects.toMatchObject(asked);
  }, 30_000);

  it('asks about four numbers at most when registrations arrive side by side (D-132)', async () => {
    const fresh = await startKiosk(tp.platform.url, tp.app('primary') as Parameters<typeof startKiosk>[1], { extra: { startSync: false } });
    try {
      const numbers = ['86660001', '86660002', '86660003', '86660004', '86660005', '86660006'];
      const register = (phoneNumber: string, sharedPhoneConfirmed = false) =>
        fresh.api.registerCustomer({ customer: { name: 'Side Sim', phoneNumber }, agreedClauseIds: REQUIRED_CONSENT, rejectedClauseIds: [], ...(sharedPhoneConfirmed ? { sharedPhoneConfirmed } : {}) });
      for (const number of numbers) await register(number, true);
      const outcomes = await Promise.allSettled(numbers.map((number) => register(number)));
      expect(outcomes.filter((o) => o.status === 'rejected')).toHaveLength(4);
      for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toMatchObject({ code: 'conflict', field: 'customer.phoneNumber' });
    } finally {
      await fresh.close();
      removeDir(fresh.dataDir);
    }
  }, 30_000);
});
