import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueEndpoints as ep } from '../../../protocol/endpoints/catalogue.ts';
import { CATEGORY_IDS } from '../../../protocol/enums/categories.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { expectCode, raw } from './helpers.ts';

/**
 * Specification: Merchant data: reads (products, treatments, store products, store treatments),
 * Product and Treatment list items, Limits (paging). Read-only: runs against the seeded demo.
 */
describe('catalogue reads', () => {
  let tp: TestPlatform;
  beforeAll(async () => {
    tp = await startTestPlatform();
  });
  afterAll(async () => {
    await tp.stop();
  });
  const client = () => tp.client(tp.app('primary'));
  const allProducts = () => client().call(ep.merchantProducts, { query: { count: 100 } });
  const storeProducts = (store: string) => client().call(ep.storeProducts, { query: { store_custom_id: store, count: 100 } });
  const storeTreatments = (store: string) => client().call(ep.storeTreatments, { query: { store_custom_id: store, count: 100 } });
  const numbers = (page: { list: Array<{ custom_id: string }> }) => page.list.map((i) => i.custom_id);

  describe('GET /open_api/merchant/products', () => {
    it('lists every product of the merchant, disabled ones included, oldest first, with total', async () => {
      const page = await allProducts();
      expect(numbers(page)).toEqual(['P1001', 'P1002', 'P1003', 'P1004', 'P1005', 'P1006', 'P1007', 'P1008', 'P1009', 'P1010', 'P1011', 'P1012', 'P1013']);
      expect(page.total).toBe(13);
      expect(page.list.find((p) => p.custom_id === 'P1011')?.status).toBe(-1);
    });

    it('covers every category 1 to 10 and both sources', async () => {
      const page = await allProducts();
      expect(new Set(page.list.map((p) => p.category_id))).toEqual(new Set(CATEGORY_IDS));
      expect(new Set(page.list.map((p) => p.source))).toEqual(new Set([1, 2]));
    });

    it('answers each field of the product list item', async () => {
      const p = (await allProducts()).list.find((i) => i.custom_id === 'P1003');
      expect(p).toEqual({
        id: expect.stringMatching(/^\d+$/), custom_id: 'P1003', pic: `${tp.platform.url}/demo/catalogue/p1003.png`,
        name: 'Hyaluronic Hydrating Serum', problem: { water: [3, 4], skin_glow: [3, 4] }, label: 'hydrating,bestseller', price_unit: 11, price: 68,
        price_symbol: '$', link: 'https://shop.lumen-demo.example/p1003', store_link: '', source: 2, status: 1, age_limit: 0, min_age: 0, max_age: 0,
        sub_title: 'Three weights of hyaluronic acid', user_level_limit: 0, user_level: '', instruction: 'Apply two drops to damp skin before moisturiser.',
        nurse_stage: 1, category_id: 3,
        lang_data: {
          'zh-Hans': { name: '玻尿酸保湿精华', sub_title: '三重分子玻尿酸', label: '保湿,热销', instruction: '洁面后取两滴涂抹于微湿肌肤。' },
          ar: { name: 'سيروم الترطيب بالهيالورونيك', sub_title: 'ثلاثة أوزان من حمض الهيالورونيك', label: 'مرطب,رائج', instruction: 'ضعي قطرتين على بشرة رطبة قبل المرطب.' },
        },
      });
    });

    it('derives user_level_limit and carries age ranges', async () => {
      const list = (await allProducts()).list;
      expect(list.find((p) => p.custom_id === 'P1012')).toMatchObject({ user_level: 'gold,platinum', user_level_limit: 1 });
      expect(list.find((p) => p.custom_id === 'P1011')).toMatchObject({ age_limit: 1, min_age: 25, max_age: 70 });
    });

    it('answers price_symbol from the price unit of each merchant', async () => {
      const hk = await tp.client(tp.app('second')).call(ep.merchantProducts, {});
      expect(hk.list.map((p) => [p.price_unit, p.price_symbol])).toEqual([[6, 'HK$'], [6, 'HK$']]);
      // The mainland merchant is served by its own region's instance (D-008).
      await tp.addOtherRegion();
      const cn = await tp.client(tp.app('mainland')).call(ep.merchantProducts, {});
      expect(cn.list.map((p) => [p.price_unit, p.price_symbol, p.name])).toEqual([[0, '¥', '氨基酸洁面乳']]);
    });

    it('pages with page and count (default 20, count clamped to 100)', async () => {
      const second = await client().call(ep.merchantProducts, { query: { page: 2, count: 5 } });
      expect(numbers(second)).toEqual(['P1006', 'P1007', 'P1008', 'P1009', 'P1010']);
      expect(second.total).toBe(13);
      const last = await client().call(ep.merchantProducts, { query: { page: 3, count: 5 } });
      expect(numbers(last)).toEqual(['P1011', 'P1012', 'P1013']);
      expect(await client().call(ep.merchantProducts, { query: { page: 99, count: 5 } })).toEqual({ list: [], total: 13 });
      expect((await client().call(ep.merchantProducts, {})).list).toHaveLength(13);
      expect((await client().call(ep.merchantProducts, { query: { count: 500 } })).list).toHaveLength(13);
      expect(await client().call(ep.merchantProducts, { query: { page: 999999999999999, count: 100 } })).toEqual({ list: [], total: 13 });
    });

    it('refuses a page or count below 1 or not an integer with 400', async () => {
      for (const query of [{ page: 0 }, { count: 0 }, { page: 'x' }, { count: 1.5 }]) {
        await expectCode(client().call(ep.merchantProducts, { query: query as { page: number } }), 400);
      }
    });
  });

  describe('GET /open_api/merchant/treatments', () => {
    it('lists both sources with the goods attributes, and no store_link', async () => {
      const page = await client().call(ep.merchantTreatments, {});
      expect(numbers(page)).toEqual(['T2001', 'T2002', 'T2003', 'T2004', 'T2005']);
      expect(page.list.map((t) => t.source)).toEqual([2, 2, 1, 2, 1]);
      expect(page.list.find((t) => t.custom_id === 'T2002')).toMatchObject({ goods_attributes_code: 'ACNE,SOOTHE', goods_attributes_limit: '1', status: 1 });
      expect(page.list.find((t) => t.custom_id === 'T2004')?.status).toBe(-1);
      const body = await raw(tp, 'GET', '/open_api/merchant/treatments', { token: await client().accessToken() });
      const rawList = (body.json.response as { list: Array<Record<string, unknown>> }).list;
      expect(rawList[0]).not.toHaveProperty('store_link');
      expect(rawList[0]).toHaveProperty('goods_attributes_limit');
    });

    it('normalises numeric-string levels of problem to numbers', async () => {
      const t = (await client().call(ep.merchantTreatments, {})).list.find((i) => i.custom_id === 'T2004');
      expect(t?.problem).toEqual({ firmness: [3, 4], nasolabial_folds: [3, 4] });
    });
  });

  describe('GET /open_api/store/products', () => {
    it('lists the active products sold at the Premium store, with its store links', async () => {
      const page = await storeProducts('SG001');
      expect(numbers(page)).toEqual(['P1001', 'P1002', 'P1003', 'P1004', 'P1005', 'P1006', 'P1007', 'P1008', 'P1009', 'P1010', 'P1012', 'P1013']);
      expect(page.total).toBe(12);
      const links = Object.fromEntries(page.list.map((p) => [p.custom_id, p.store_link]));
      expect(links).toMatchObject({ P1003: 'https://shop.lumen-demo.example/orchard/p1003', P1012: 'https://shop.lumen-demo.example/orchard/p1012', P1001: '', P1002: '' });
    });

    it('leaves out products sold at selected other stores and disabled ones (decision C-011)', async () => {
      expect(numbers(await storeProducts('SG002'))).toEqual(['P1001', 'P1002', 'P1003', 'P1004', 'P1005', 'P1006', 'P1007', 'P1008', 'P1009', 'P1010']);
      expect(numbers(await storeProducts('MY001'))).toEqual(['P1001', 'P1002', 'P1003', 'P1005', 'P1006', 'P1007', 'P1008', 'P1009', 'P1010']);
      expect((await storeProducts('SG002')).list.every((p) => p.store_link === '')).toBe(true);
    });

    it('pages the store list', async () => {
      const page = await client().call(ep.storeProducts, { query: { store_custom_id: 'SG001', page: 3, count: 5 } });
      expect(numbers(page)).toEqual(['P1012', 'P1013']);
      expect(page.total).toBe(12);
    });

    it('requires store_custom_id (400) and refuses an unknown store or one of another merchant (400)', async () => {
      for (const query of [{}, { store_custom_id: 'ZZ999' }, { store_custom_id: 'HK001' }, { store_custom_id: 'S-1' }]) {
        const error = await expectCode(client().call(ep.storeProducts, { query: query as { store_custom_id: string } }), 400);
        expect(error.detail).toMatch(/^query\.store_custom_id/);
      }
    });
  });

  describe('GET /open_api/store/treatments', () => {
    it('lists active treatments sold at the store, each with store_link', async () => {
      const sg001 = await storeTreatments('SG001');
      expect(numbers(sg001)).toEqual(['T2001', 'T2002', 'T2003', 'T2005']);
      expect(sg001.list.map((t) => t.store_link)).toEqual(['https://shop.lumen-demo.example/orchard/t2001', '', '', '']);
      expect(numbers(await storeTreatments('SG002'))).toEqual(['T2001', 'T2002', 'T2003']);
      const hk = await tp.client(tp.app('second')).call(ep.storeTreatments, { query: { store_custom_id: 'HK001' } });
      expect(numbers(hk)).toEqual(['T2001', 'T3001']);
    });
  });

  describe('with a group token', () => {
    it('reads the merchant named in merchant-id', async () => {
      const group = tp.client(tp.app('group'));
      const second = await group.call(ep.merchantProducts, { merchantId: tp.app('second').merchant_id ?? '' });
      expect(numbers(second)).toEqual(['P1001', 'P3002']);
      expect(second.list[0]?.name).toBe('保濕爽膚水');
      const store = await group.call(ep.storeProducts, { merchantId: tp.app('primary').merchant_id ?? '', query: { store_custom_id: 'SG001' } });
      expect(store.total).toBe(12);
    });

    it('refuses a group token without merchant-id with 400', async () => {
      const error = await expectCode(tp.client(tp.app('group')).call(ep.merchantTreatments, {}), 400);
      expect(error.detail).toContain('merchant-id');
    });
  });
});
