import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformClient } from '../../../main/platform-client/client.ts';
import { catalogueEndpoints as ep } from '../../../protocol/endpoints/catalogue.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { errListOf, expectCode, failureOf, itemRow, merchantId, productItem, treatmentItem } from './helpers.ts';

/**
 * Tenant isolation (decision D-007, C-003): the primary merchant (A) never reads or changes the
 * second merchant's (B) catalogue. B's numbers do not exist for A (40067); B's stores are unknown
 * to A (400). Every catalogue endpoint is tried with A's merchant token and with the group token
 * naming A in merchant-id.
 */
describe('catalogue tenant isolation', () => {
  let tp: TestPlatform;
  beforeAll(async () => {
    tp = await startTestPlatform();
  });
  afterAll(async () => {
    await tp.stop();
  });

  /** Everything stored for merchant B, to compare before and after A's calls. */
  function snapshotOfB(): Promise<unknown> {
    const b = merchantId(tp, 'second');
    // Each table in the order of its key (no rowid on PostgreSQL).
    const tables = [['catalogue_items', 'id'], ['catalogue_sale_stores', 'item_id, store_id'], ['catalogue_store_links', 'item_id, store_id'], ['catalogue_bundle_items', 'set_id, product_id']];
    return Promise.all(tables.map(([table, key]) => tp.platform.services.sql.all(`SELECT * FROM ${table} WHERE merchant_id = ? ORDER BY ${key}`, [b])));
  }

  type Caller = { name: string; client: () => PlatformClient; merchantId: () => string | undefined };
  const callers: Caller[] = [
    { name: "A's merchant token", client: () => tp.client(tp.app('primary')), merchantId: () => undefined },
    { name: 'the group token naming A', client: () => tp.client(tp.app('group')), merchantId: () => tp.app('primary').merchant_id ?? '' },
  ];

  // B's numbers that A does not have: P3002 (product), T3001 (treatment, store-created).
  const batchOps = [
    { name: 'PATCH products', run: (c: PlatformClient, m?: string) => c.call(ep.updateProducts, { merchantId: m, body: { product_list: [{ custom_id: 'P3002', price: 1 }] } }) },
    { name: 'DELETE products', run: (c: PlatformClient, m?: string) => c.call(ep.deleteProducts, { merchantId: m, body: { custom_id_list: ['P3002'] } }) },
    { name: 'PATCH product status', run: (c: PlatformClient, m?: string) => c.call(ep.productStatus, { merchantId: m, params: { status: -1 }, body: { custom_id_list: ['P3002'] } }) },
    { name: 'PATCH treatments', run: (c: PlatformClient, m?: string) => c.call(ep.updateTreatments, { merchantId: m, body: { treatment_list: [{ custom_id: 'T3001', price: 1 }] } }) },
    { name: 'DELETE treatments', run: (c: PlatformClient, m?: string) => c.call(ep.deleteTreatments, { merchantId: m, body: { custom_id_list: ['T3001'] } }) },
    { name: 'PATCH treatment status', run: (c: PlatformClient, m?: string) => c.call(ep.treatmentStatus, { merchantId: m, params: { status: -1 }, body: { custom_id_list: ['T3001'] } }) },
  ];
  const singleOps = [
    { name: 'PATCH product sale_stores', run: (c: PlatformClient, m?: string) => c.call(ep.productSaleStores, { merchantId: m, body: { custom_id: 'P3002', sell_type: 1 } }) },
    { name: 'PATCH product links', run: (c: PlatformClient, m?: string) => c.call(ep.productLinks, { merchantId: m, body: { custom_id: 'P3002', link_list: [{ store_custom_id: 'SG001', link_type: 0 }] } }) },
    { name: 'PATCH treatment sale_stores', run: (c: PlatformClient, m?: string) => c.call(ep.treatmentSaleStores, { merchantId: m, body: { custom_id: 'T3001', sell_type: 1 } }) },
    { name: 'PATCH treatment links', run: (c: PlatformClient, m?: string) => c.call(ep.treatmentLinks, { merchantId: m, body: { custom_id: 'T3001', link_list: [{ store_custom_id: 'SG001', link_type: 0 }] } }) },
  ];

  describe.each(callers)('$name', (caller) => {
    it.each(batchOps)("$name: B's number does not exist (40067 in err_list), B unchanged", async (op) => {
      const before = await snapshotOfB();
      const errors = errListOf(await failureOf(op.run(caller.client(), caller.merchantId())));
      expect(errors.map((e) => e.err_code)).toEqual([40067]);
      expect(await snapshotOfB()).toEqual(before);
    });

    it.each(singleOps)("$name: B's number does not exist (40067), B unchanged", async (op) => {
      const before = await snapshotOfB();
      await expectCode(op.run(caller.client(), caller.merchantId()), 40067);
      expect(await snapshotOfB()).toEqual(before);
    });

    it("reads list none of B's items and refuse B's store (400)", async () => {
      const c = caller.client();
      const m = caller.merchantId();
      const products = await c.call(ep.merchantProducts, { merchantId: m, query: { count: 100 } });
      expect(products.list.map((p) => p.custom_id)).not.toContain('P3002');
      expect(products.list.find((p) => p.custom_id === 'P1001')?.name).toBe('Balancing Toner');
      const treatments = await c.call(ep.merchantTreatments, { merchantId: m, query: { count: 100 } });
      expect(treatments.list.map((t) => t.custom_id)).not.toContain('T3001');
      await expectCode(c.call(ep.storeProducts, { merchantId: m, query: { store_custom_id: 'HK001' } }), 400);
      await expectCode(c.call(ep.storeTreatments, { merchantId: m, query: { store_custom_id: 'HK001' } }), 400);
    });
  });

  it("a number both merchants use changes only the caller's item", async () => {
    const before = await snapshotOfB();
    const a = tp.client(tp.app('primary'));
    await a.call(ep.updateProducts, { body: { product_list: [{ custom_id: 'P1001', name: 'Renamed by A' }] } });
    await a.call(ep.treatmentStatus, { params: { status: -1 }, body: { custom_id_list: ['T2001'] } });
    await a.call(ep.productSaleStores, { body: { custom_id: 'P1001', sell_type: 2, store_list: ['SG001'] } });
    await a.call(ep.productLinks, { body: { custom_id: 'P1001', link_list: [{ store_custom_id: 'SG001', link_type: 1, link: 'https://a.example.com/p1001' }] } });
    expect((await itemRow(tp, 'primary', 'product', 'P1001'))?.name).toBe('Renamed by A');
    expect((await itemRow(tp, 'primary', 'treatment', 'T2001'))?.status).toBe(-1);
    expect(await snapshotOfB()).toEqual(before);
  });

  it("A may create a number B uses; a bundle item of B's does not exist for A (40067)", async () => {
    const a = tp.client(tp.app('primary'));
    const before = await snapshotOfB();
    const errors = errListOf(await failureOf(a.call(ep.createProducts, {
      body: { product_list: [productItem('P3002'), productItem('SETX', { category_id: 9, suit_custom_id: [{ custom_id: 'P3002x', quantity: 1 }] })] },
    })));
    expect(errors.map((e) => [e.custom_id, e.err_code])).toEqual([['SETX', 40067]]);
    await a.call(ep.createTreatments, { body: { treatment_list: [treatmentItem('T3001')] } });
    expect((await itemRow(tp, 'primary', 'product', 'P3002'))?.name).toBe('Serum P3002');
    expect((await itemRow(tp, 'primary', 'treatment', 'T3001'))?.source).toBe(2);
    expect(await snapshotOfB()).toEqual(before);
  });

  it("B's own token still sees its items untouched", async () => {
    const b = tp.client(tp.app('second'));
    const products = await b.call(ep.merchantProducts, {});
    expect(products.list.map((p) => [p.custom_id, p.name])).toEqual([['P1001', '保濕爽膚水'], ['P3002', '修護面霜']]);
    const store = await b.call(ep.storeProducts, { query: { store_custom_id: 'HK001' } });
    expect(store.list.find((p) => p.custom_id === 'P1001')?.store_link).toBe('https://shop.harbour-demo.example/central/p1001');
  });

  describe('merchant-id header checks on every catalogue endpoint', () => {
    const everyCall = [
      (c: PlatformClient, m: string) => c.call(ep.createProducts, { merchantId: m, body: { product_list: [productItem('HX1')] } }),
      (c: PlatformClient, m: string) => c.call(ep.updateProducts, { merchantId: m, body: { product_list: [{ custom_id: 'P1001' }] } }),
      (c: PlatformClient, m: string) => c.call(ep.deleteProducts, { merchantId: m, body: { custom_id_list: ['P1001'] } }),
      (c: PlatformClient, m: string) => c.call(ep.productStatus, { merchantId: m, params: { status: 1 }, body: { custom_id_list: ['P1001'] } }),
      (c: PlatformClient, m: string) => c.call(ep.productSaleStores, { merchantId: m, body: { custom_id: 'P1001', sell_type: 1 } }),
      (c: PlatformClient, m: string) => c.call(ep.productLinks, { merchantId: m, body: { custom_id: 'P1001', link_list: [{ store_custom_id: 'HK001', link_type: 0 }] } }),
      (c: PlatformClient, m: string) => c.call(ep.merchantProducts, { merchantId: m }),
      (c: PlatformClient, m: string) => c.call(ep.storeProducts, { merchantId: m, query: { store_custom_id: 'HK001' } }),
      (c: PlatformClient, m: string) => c.call(ep.createTreatments, { merchantId: m, body: { treatment_list: [treatmentItem('HX1')] } }),
      (c: PlatformClient, m: string) => c.call(ep.updateTreatments, { merchantId: m, body: { treatment_list: [{ custom_id: 'T2001' }] } }),
      (c: PlatformClient, m: string) => c.call(ep.deleteTreatments, { merchantId: m, body: { custom_id_list: ['T2001'] } }),
      (c: PlatformClient, m: string) => c.call(ep.treatmentStatus, { merchantId: m, params: { status: 1 }, body: { custom_id_list: ['T2001'] } }),
      (c: PlatformClient, m: string) => c.call(ep.treatmentSaleStores, { merchantId: m, body: { custom_id: 'T2001', sell_type: 1 } }),
      (c: PlatformClient, m: string) => c.call(ep.treatmentLinks, { merchantId: m, body: { custom_id: 'T2001', link_list: [{ store_custom_id: 'HK001', link_type: 0 }] } }),
      (c: PlatformClient, m: string) => c.call(ep.merchantTreatments, { merchantId: m }),
      (c: PlatformClient, m: string) => c.call(ep.storeTreatments, { merchantId: m, query: { store_custom_id: 'HK001' } }),
    ];

    it("A's merchant token naming B in merchant-id is 400 on every endpoint, and B is unchanged", async () => {
      const before = await snapshotOfB();
      const a = tp.client(tp.app('primary'));
      for (const call of everyCall) {
        const error = await expectCode(call(a, tp.app('second').merchant_id ?? ''), 400);
        expect(error.detail).toContain('merchant-id');
      }
      expect(await snapshotOfB()).toEqual(before);
    });

    it('the group token naming a merchant of another group is 400 on every endpoint', async () => {
      const sql = tp.platform.services.sql;
      const otherGroup = (await sql.one<{ id: number }>("INSERT INTO groups (name, created_at) VALUES ('Other group', 1) RETURNING id"))?.id;
      const foreign = (await sql.one<{ id: number }>("INSERT INTO merchants (group_id, name, region, created_at) VALUES (?, 'Foreign', 'overseas', 1) RETURNING id", [otherGroup ?? 0]))?.id ?? 0;
      const group = tp.client(tp.app('group'));
      for (const call of everyCall) await expectCode(call(group, String(foreign)), 400);
      expect((await sql.one<{ n: number }>('SELECT COUNT(*) AS n FROM catalogue_items WHERE merchant_id = ?', [foreign]))?.n).toBe(0);
    });
  });
});
