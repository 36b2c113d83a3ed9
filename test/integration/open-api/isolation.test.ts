import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantEndpoints as ep } from '../../../protocol/endpoints/merchant.ts';
import type { PlatformClient } from '../../../main/platform-client/client.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { codeOf, employeeBody, failureOf, rawCall, storeBody, tenantRows } from '../../helpers/open-api.ts';

/**
 * Tenant isolation (decision D-007, M-001, M-002): with merchant A's credentials, a merchant
 * token or the group token naming A in merchant-id, nothing of merchant B is read or changed.
 * A = the primary demo merchant, B = the second one (stores HK001 and HK002).
 */
describe('tenant isolation of merchant data', () => {
  let tp: TestPlatform;
  let bStores: { stores: unknown[]; accounts: unknown[] };
  const bName = (customId: string) => (customId === 'HK001' ? 'Central Bar' : 'Causeway Bay Bar');

  beforeAll(async () => {
    tp = await startTestPlatform();
    // B gets a second store through its own legitimate credentials, so each variant below has
    // a store number of B to try.
    await tp.client(tp.app('group'), { merchantId: tp.app('second').merchant_id ?? undefined }).call(ep.createStore, {
      body: { ...storeBody('HK002'), name: 'Causeway Bay Bar', username: 'causeway_manager' },
    });
    bStores = await tenantRows(tp, tp.app('second').merchant_id);
  });
  afterAll(async () => {
    await tp.stop();
  });

  const variants: [string, string, () => PlatformClient][] = [
    ['merchant token of A', 'HK001', () => tp.client(tp.app('primary'))],
    ['group token with merchant-id A', 'HK002', () => tp.client(tp.app('group'), { merchantId: tp.app('primary').merchant_id ?? undefined })],
  ];
  const bAccounts = ['central_manager', 'causeway_manager'];

  for (const [label, bStore, asA] of variants) {
    describe(label, () => {
      it('reads: stores, employees, regions and languages show only A', async () => {
        const a = asA();
        // By id: A may own a store number or name equal to B's (M-002), never B's rows.
        const b = (await tenantRows(tp, tp.app('second').merchant_id)) as { stores: { id: number }[]; accounts: { id: number; store_id: number }[] };
        const bStoreIds = b.stores.map((r) => String(r.id));
        const bAccountIds = b.accounts.map((r) => String(r.id));
        const stores = await a.call(ep.listStores, { query: { count: 100 } });
        expect(stores.list.filter((s) => bStoreIds.includes(s.id))).toEqual([]);
        const employees = await a.call(ep.listEmployees, { query: { count: 100 } });
        expect(employees.list.filter((e) => bAccountIds.includes(e.id) || bStoreIds.includes(e.store_id))).toEqual([]);
        expect(await a.call(ep.listEmployees, { query: { store_custom_id: bStore } })).toEqual({ list: [], total: 0 });
        const areas = await a.call(ep.listAreas);
        expect(areas.list.map((r) => r.name)).not.toContain('Hong Kong');
        expect((await a.call(ep.langs)).default_lang).toBe('en');
      });

      it("PATCH stores on B's store number is 400 like an unknown one, and B is unchanged", async () => {
        const error = await failureOf(asA().call(ep.updateStore, { body: { custom_id: bStore, name: 'Taken over', new_custom_id: 'XX1' } }));
        expect(error.code).toBe(400);
        expect(error.detail).toBe((await failureOf(asA().call(ep.updateStore, { body: { custom_id: 'ZZ999', name: 'x' } }))).detail);
      });

      it("POST employees into B's store is 400 like an unknown store", async () => {
        expect(await codeOf(asA().call(ep.createEmployee, { body: employeeBody(bStore) }))).toBe(400);
      });

      it("PATCH account on B's accounts is 11028, exactly as for an account that does not exist", async () => {
        for (const username of bAccounts) {
          const error = await failureOf(asA().call(ep.updateAccount, { body: { username, real_name: 'Hijacked', password: 'Hij4ck#ed' } }));
          const missing = await failureOf(asA().call(ep.updateAccount, { body: { username: 'nobody_here', real_name: 'x' } }));
          expect([error.code, error.msg, error.detail]).toEqual([missing.code, missing.msg, missing.detail]);
        }
      });

      it("PATCH account_status on B's accounts is 11028 for both statuses", async () => {
        for (const username of bAccounts) {
          for (const status of [-1, 1]) {
            expect(await codeOf(asA().call(ep.setAccountStatus, { params: { status }, body: { username } }))).toBe(11028);
          }
        }
      });

      it("POST stores with B's store number and name creates A's own store: B's numbers and names are not probed (M-002)", async () => {
        const res = await asA().call(ep.createStore, { body: { ...storeBody(), custom_id: bStore, name: bName(bStore) } });
        const row = await tp.platform.services.sql.one<{ merchant_id: number }>('SELECT merchant_id FROM stores WHERE id = ?', [Number(res.store_id)]);
        expect(row?.merchant_id).toBe(Number(tp.app('primary').merchant_id));
      });

      it("POST stores or employees with a B account's name is 11009: the login name is taken, nothing more is said (M-003)", async () => {
        for (const username of bAccounts) {
          const error = await failureOf(asA().call(ep.createStore, { body: { ...storeBody(), username } }));
          expect(error.code).toBe(11009);
          expect(error.detail).not.toMatch(/second|Harbour|HK0/);
          expect(await codeOf(asA().call(ep.createEmployee, { body: { ...employeeBody('SG001'), username } }))).toBe(11009);
        }
      });

      it("PATCH account renaming an A account to a B account's name is 11009 and changes neither", async () => {
        expect(await codeOf(asA().call(ep.updateAccount, { body: { username: 'orchard_staff', new_username: 'central_manager' } }))).toBe(11009);
      });
    });
  }

  it("naming B in merchant-id with A's merchant token is 400 on every endpoint (D-007)", async () => {
    const a = tp.client(tp.app('primary'), { merchantId: tp.app('second').merchant_id ?? undefined });
    const calls: (() => Promise<unknown>)[] = [
      () => a.call(ep.listStores), () => a.call(ep.listEmployees), () => a.call(ep.langs), () => a.call(ep.listDimensions), () => a.call(ep.listCategories), () => a.call(ep.listAreas),
      () => a.call(ep.createStore, { body: storeBody() }),
      () => a.call(ep.updateStore, { body: { custom_id: 'HK001', name: 'Taken over' } }),
      () => a.call(ep.createEmployee, { body: employeeBody('HK001') }),
      () => a.call(ep.updateAccount, { body: { username: 'central_manager', real_name: 'Hijacked' } }),
      () => a.call(ep.setAccountStatus, { params: { status: -1 }, body: { username: 'central_manager' } }),
    ];
    for (const call of calls) {
      const error = await failureOf(call());
      expect(error.code).toBe(400);
      expect(error.detail).toMatch(/^headers\.merchant-id/);
    }
  });

  it('a group token naming a merchant of another group is 400 like an unknown merchant (D-007)', async () => {
    const db = tp.platform.services.sql;
    const otherGroup = (await db.one<{ id: number }>("INSERT INTO groups (name, created_at) VALUES ('Other group', 0) RETURNING id"))!.id;
    const foreign = (await db.one<{ id: number }>("INSERT INTO merchants (group_id, name, region, created_at) VALUES (?, 'Foreign merchant', 'overseas', 0) RETURNING id", [otherGroup]))!.id;
    await db.run("INSERT INTO stores (merchant_id, custom_id, name, created_at) VALUES (?, 'FX001', 'Foreign store', 0)", [foreign]);
    const group = tp.client(tp.app('group'));
    const foreignError = await failureOf(group.call(ep.listStores, { merchantId: String(foreign) }));
    const unknownError = await failureOf(group.call(ep.listStores, { merchantId: '987654321' }));
    expect([foreignError.code, foreignError.detail]).toEqual([unknownError.code, unknownError.detail]);
    expect(foreignError.code).toBe(400);
    expect(await codeOf(group.call(ep.updateStore, { merchantId: String(foreign), body: { custom_id: 'FX001', name: 'Taken' } }))).toBe(400);
    const merchants = await group.call(ep.listMerchants);
    expect(merchants.list.map((m) => m.merchant_id)).not.toContain(String(foreign));
  });

  it('a header merchant-id that is not a number is 400, never 500', async () => {
    const token = await tp.client(tp.app('group')).accessToken();
    for (const header of ['abc', '-1', '1e3', '9'.repeat(40), "1' OR '1'='1"]) {
      const { status, json } = await rawCall(tp, 'GET', '/open_api/merchant/stores', { headers: { 'access-token': token, 'merchant-id': header } });
      expect(status, header).toBe(400);
      expect(json.meta.code).toBe(400);
    }
  });

  it("after the whole matrix, B's stores and accounts are exactly as before", async () => {
    const after = await tenantRows(tp, tp.app('second').merchant_id);
    expect(after).toEqual(bStores);
    for (const customId of ['HK001', 'HK002']) {
      const row = await tp.platform.services.sql.one<{ name: string }>('SELECT name FROM stores WHERE merchant_id = ? AND custom_id = ?', [Number(tp.app('second').merchant_id), customId]);
      expect(row?.name).toBe(bName(customId));
    }
  });
});
