import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueEndpoints as ep, isStoreLinkRefusal } from '../../../protocol/endpoints/catalogue.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { errListOf, expectCode, failureOf, itemRow, linksOf, productItem, saleStoresOf, treatmentItem } from './helpers.ts';

/**
 * Specification: Products and Treatments (DELETE, status, sale_stores, links), States and
 * transitions, Product and treatment codes. Products and treatments run the same suite; where
 * they differ (delete by source, 40066 / 40089) each has its own test.
 */
const KINDS = [
  {
    kind: 'product' as const, create: ep.createProducts, remove: ep.deleteProducts, status: ep.productStatus, saleStores: ep.productSaleStores,
    links: ep.productLinks, notForSale: 40066, item: productItem, listKey: 'product_list' as const,
  },
  {
    kind: 'treatment' as const, create: ep.createTreatments, remove: ep.deleteTreatments, status: ep.treatmentStatus, saleStores: ep.treatmentSaleStores,
    links: ep.treatmentLinks, notForSale: 40089, item: treatmentItem, listKey: 'treatment_list' as const,
  },
];

describe('catalogue item operations', () => {
  let tp: TestPlatform;
  beforeAll(async () => {
    tp = await startTestPlatform();
  });
  afterAll(async () => {
    await tp.stop();
  });
  const client = () => tp.client(tp.app('primary'));

  describe.each(KINDS)('$kind', (k) => {
    const n = (id: string) => `${k.kind === 'product' ? 'Q' : 'V'}${id}`;
    const row = (id: string) => itemRow(tp, 'primary', k.kind, id);
    async function create(...ids: string[]): Promise<void> {
      const items = ids.map((id) => k.item(id));
      // Each kind's create endpoint takes its own list key.
      if (k.kind === 'product') await client().call(ep.createProducts, { body: { product_list: items as Array<ReturnType<typeof productItem>> } });
      else await client().call(ep.createTreatments, { body: { treatment_list: items as Array<ReturnType<typeof treatmentItem>> } });
    }

    describe('DELETE', () => {
      it('removes the listed items with their sale stores and links', async () => {
        await create(n('D1'), n('D2'));
        const id = (await row(n('D1')))?.id ?? 0;
        await client().call(k.saleStores, { body: { custom_id: n('D1'), sell_type: 2, store_list: ['SG001'] } });
        await client().call(k.links, { body: { custom_id: n('D1'), link_list: [{ store_custom_id: 'SG001', link_type: 1, link: 'https://s.example.com/d1' }] } });
        expect(await client().call(k.remove, { body: { custom_id_list: [n('D1'), n('D2'), n('D1')] } })).toEqual({ err_list: [] });
        expect(await row(n('D1'))).toBeUndefined();
        expect(await row(n('D2'))).toBeUndefined();
        expect(await saleStoresOf(tp, id)).toEqual([]);
        expect(await linksOf(tp, id)).toEqual([]);
      });

      it('reports unknown numbers with 40067 and removes the others', async () => {
        await create(n('D3'));
        const errors = errListOf(await failureOf(client().call(k.remove, { body: { custom_id_list: ['NOPE', n('D3')] } })));
        expect(errors).toEqual([{ custom_id: 'NOPE', err_code: 40067, err_msg: expect.stringContaining('does not exist') }]);
        expect(await row(n('D3'))).toBeUndefined();
      });

      it('refuses a missing or malformed list with 40055 and more than 100 numbers with 40058', async () => {
        await expectCode(client().call(k.remove, { body: { custom_id_list: [] } }), 40055);
        await expectCode(client().call(k.remove, { body: { custom_id_list: ['ok', 'not ok'] } }), 40055);
        await expectCode(client().call(k.remove, { body: { custom_id_list: Array.from({ length: 101 }, (_, i) => `P${i}`) } }), 40058);
      });
    });

    describe('PATCH status/{status}', () => {
      it('disables and enables each listed item, reporting unknown numbers with 40067', async () => {
        await create(n('S1'), n('S2'));
        expect(await client().call(k.status, { params: { status: -1 }, body: { custom_id_list: [n('S1'), n('S2')] } })).toEqual({ err_list: [] });
        expect([(await row(n('S1')))?.status, (await row(n('S2')))?.status]).toEqual([-1, -1]);
        const errors = errListOf(await failureOf(client().call(k.status, { params: { status: 1 }, body: { custom_id_list: [n('S1'), 'NOPE'] } })));
        expect(errors.map((e) => [e.custom_id, e.err_code])).toEqual([['NOPE', 40067]]);
        expect([(await row(n('S1')))?.status, (await row(n('S2')))?.status]).toEqual([1, -1]);
      });

      it('applies to store-created items too', async () => {
        const seeded = k.kind === 'product' ? 'P1013' : 'T2003';
        await client().call(k.status, { params: { status: -1 }, body: { custom_id_list: [seeded] } });
        expect((await itemRow(tp, 'primary', k.kind, seeded))?.status).toBe(-1);
        await client().call(k.status, { params: { status: 1 }, body: { custom_id_list: [seeded] } });
        expect((await itemRow(tp, 'primary', k.kind, seeded))?.status).toBe(1);
      });

      it('refuses a status other than 1 or -1 with 400', async () => {
        for (const status of [0, 2, 'x']) {
          const error = await expectCode(client().call(k.status, { params: { status }, body: { custom_id_list: [n('S1')] } }), 400);
          expect(error.httpStatus).toBe(400);
          expect(error.detail).toMatch(/^params\.status/);
        }
      });
    });

    describe('PATCH sale_stores', () => {
      it('sell_type 2 sells at exactly the listed stores; a new list replaces the old one', async () => {
        await create(n('A1'));
        const id = (await row(n('A1')))?.id ?? 0;
        expect((await row(n('A1')))?.sell_type).toBe(1);
        expect(await client().call(k.saleStores, { body: { custom_id: n('A1'), sell_type: 2, store_list: ['SG001', 'SG002', 'SG001'] } })).toEqual({});
        expect((await row(n('A1')))?.sell_type).toBe(2);
        expect(await saleStoresOf(tp, id)).toEqual(['SG001', 'SG002']);
        await client().call(k.saleStores, { body: { custom_id: n('A1'), sell_type: 2, store_list: ['MY001', 'SG009'] } });
        expect(await saleStoresOf(tp, id)).toEqual(['MY001', 'SG009']);
      });

      it('sell_type 1 sells everywhere and forgets the list', async () => {
        await client().call(k.saleStores, { body: { custom_id: n('A1'), sell_type: 1, store_list: ['SG001'] } });
        expect((await row(n('A1')))?.sell_type).toBe(1);
        expect(await saleStoresOf(tp, (await row(n('A1')))?.id ?? 0)).toEqual([]);
      });

      it('refuses an unknown item (40067), a malformed store number (11029), an unknown store or a missing list (400)', async () => {
        await expectCode(client().call(k.saleStores, { body: { custom_id: 'NOPE', sell_type: 1 } }), 40067);
        await expectCode(client().call(k.saleStores, { body: { custom_id: 'bad id', sell_type: 1 } }), 40055);
        await expectCode(client().call(k.saleStores, { body: { custom_id: n('A1'), sell_type: 2, store_list: ['SG-1'] } }), 11029);
        const unknown = await expectCode(client().call(k.saleStores, { body: { custom_id: n('A1'), sell_type: 2, store_list: ['SG001', 'ZZ999'] } }), 400);
        expect(unknown.detail).toContain('body.store_list.1');
        await expectCode(client().call(k.saleStores, { body: { custom_id: n('A1'), sell_type: 2 } }), 400);
        await expectCode(client().call(k.saleStores, { body: { custom_id: n('A1'), sell_type: 3 as 1 } }), 400);
        expect((await row(n('A1')))?.sell_type).toBe(1);
      });

      it('a store of another merchant is unknown', async () => {
        await expectCode(client().call(k.saleStores, { body: { custom_id: n('A1'), sell_type: 2, store_list: ['HK001'] } }), 400);
      });

      it('narrowing the stores removes the links of stores that no longer sell the item (decision C-012)', async () => {
        await create(n('A2'));
        const id = (await row(n('A2')))?.id ?? 0;
        await client().call(k.links, { body: { custom_id: n('A2'), link_list: [{ store_custom_id: 'SG001', link_type: 1, link: 'https://s.example.com/a2' }] } });
        await client().call(k.saleStores, { body: { custom_id: n('A2'), sell_type: 2, store_list: ['SG002'] } });
        expect(await linksOf(tp, id)).toEqual([]);
      });
    });

    describe('PATCH links', () => {
      it('sets store links at a Premium store; other stores keep theirs (decision C-013)', async () => {
        await create(n('L1'));
        const id = (await row(n('L1')))?.id ?? 0;
        const body = { custom_id: n('L1'), link_list: [{ store_custom_id: 'SG001', link_type: 1 as const, link: 'https://s.example.com/l1' }] };
        expect(await client().call(k.links, { body })).toEqual({});
        expect(await linksOf(tp, id)).toEqual([{ store: 'SG001', link_type: 1, link: 'https://s.example.com/l1' }]);
        await client().call(k.links, { body: { custom_id: n('L1'), link_list: [{ store_custom_id: 'SG001', link_type: 0, link: 'https://dropped.example.com' }] } });
        expect(await linksOf(tp, id)).toEqual([{ store: 'SG001', link_type: 0, link: '' }]);
      });

      it('refuses a store that is not a Premium Version store with 40068, writing nothing', async () => {
        const id = (await row(n('L1')))?.id ?? 0;
        for (const store of ['SG002', 'MY001', 'SG009']) {
          const error = await expectCode(client().call(k.links, {
            body: { custom_id: n('L1'), link_list: [{ store_custom_id: 'SG001', link_type: 1, link: 'https://s.example.com/new' }, { store_custom_id: store, link_type: 0 }] },
          }), 40068);
          expect(error.detail).toContain('link_list.1');
          expect(isStoreLinkRefusal(error.code)).toBe(true);
        }
        expect(await linksOf(tp, id)).toEqual([{ store: 'SG001', link_type: 0, link: '' }]);
      });

      it(`refuses a Premium store that does not sell the item with ${k.notForSale}`, async () => {
        await create(n('L2'));
        await client().call(k.saleStores, { body: { custom_id: n('L2'), sell_type: 2, store_list: ['SG002'] } });
        const error = await expectCode(client().call(k.links, { body: { custom_id: n('L2'), link_list: [{ store_custom_id: 'SG001', link_type: 0 }] } }), k.notForSale);
        expect(isStoreLinkRefusal(error.code)).toBe(true);
        await client().call(k.saleStores, { body: { custom_id: n('L2'), sell_type: 2, store_list: ['SG001'] } });
        await client().call(k.links, { body: { custom_id: n('L2'), link_list: [{ store_custom_id: 'SG001', link_type: 0 }] } });
      });

      it('checks Premium before availability: a non-Premium store that does not sell the item is 40068', async () => {
        await expectCode(client().call(k.links, { body: { custom_id: n('L2'), link_list: [{ store_custom_id: 'SG002', link_type: 0 }] } }), 40068);
      });

      it('refuses an unknown item (40067), a malformed link (40035), a bad store number (11029), a missing link or an unknown store (400)', async () => {
        const entry = { store_custom_id: 'SG001', link_type: 1 as const, link: 'https://s.example.com/x' };
        await expectCode(client().call(k.links, { body: { custom_id: 'NOPE', link_list: [entry] } }), 40067);
        // decision D-040: a required value missing is 400; 40035 is for a link that is there.
        await expectCode(client().call(k.links, { body: { custom_id: n('L1'), link_list: [{ store_custom_id: 'SG001', link_type: 1 }] } }), 400);
        await expectCode(client().call(k.links, { body: { custom_id: n('L1'), link_list: [{ ...entry, link: 'not a url' }] } }), 40035);
        await expectCode(client().call(k.links, { body: { custom_id: n('L1'), link_list: [{ ...entry, store_custom_id: 'SG 1' }] } }), 11029);
        await expectCode(client().call(k.links, { body: { custom_id: n('L1'), link_list: [{ ...entry, store_custom_id: 'HK001' }] } }), 400);
        await expectCode(client().call(k.links, { body: { custom_id: n('L1'), link_list: [{ ...entry, link_type: 2 as 1 }] } }), 400);
        await expectCode(client().call(k.links, { body: { custom_id: n('L1'), link_list: [] } }), 400);
        await expectCode(client().call(k.links, { body: { custom_id: n('L1'), link_list: [entry, entry] } }), 400);
      });

      it('takes up to 100 entries; 101 are 40058', async () => {
        const list = (count: number) => Array.from({ length: count }, () => ({ store_custom_id: 'SG001', link_type: 0 as const }));
        await expectCode(client().call(k.links, { body: { custom_id: n('L1'), link_list: list(101) } }), 40058);
        // 100 entries pass the size rule and then fail as duplicates (400); 100 distinct stores: batch-limits.test.ts.
        await expectCode(client().call(k.links, { body: { custom_id: n('L1'), link_list: list(100) } }), 400);
      });
    });
  });

  describe('treatment delete by source (States and transitions)', () => {
    it('refuses to delete a store-created treatment with 40055 and deletes the merchant-created ones (decision C-008)', async () => {
      await client().call(ep.createTreatments, { body: { treatment_list: [treatmentItem('VX1')] } });
      const errors = errListOf(await failureOf(client().call(ep.deleteTreatments, { body: { custom_id_list: ['T2003', 'VX1', 'T2005'] } })));
      expect(errors).toEqual([
        { custom_id: 'T2003', err_code: 40055, err_msg: expect.stringContaining('store-created') },
        { custom_id: 'T2005', err_code: 40055, err_msg: expect.stringContaining('store-created') },
      ]);
      expect(await itemRow(tp, 'primary', 'treatment', 'T2003')).toBeDefined();
      expect(await itemRow(tp, 'primary', 'treatment', 'VX1')).toBeUndefined();
    });

    it('deletes a store-created product: the source rule is the treatments’ only', async () => {
      await client().call(ep.deleteProducts, { body: { custom_id_list: ['P1013'] } });
      expect(await itemRow(tp, 'primary', 'product', 'P1013')).toBeUndefined();
    });

    it('deleting a product removes it from the sets that bundled it (decision C-007)', async () => {
      const setId = (await itemRow(tp, 'primary', 'product', 'P1009'))?.id ?? 0;
      const bundled = async () => (await tp.platform.services.sql.one<{ n: number }>('SELECT COUNT(*) AS n FROM catalogue_bundle_items WHERE set_id = ?', [setId]))?.n;
      expect(await bundled()).toBe(3);
      await client().call(ep.deleteProducts, { body: { custom_id_list: ['P1004'] } });
      expect(await bundled()).toBe(2);
      expect(await itemRow(tp, 'primary', 'product', 'P1009')).toBeDefined();
    });
  });
});
