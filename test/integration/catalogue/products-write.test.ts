import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueEndpoints as ep } from '../../../protocol/endpoints/catalogue.ts';
import type { ProductCreateBody, ProductUpdateBody } from '../../../protocol/open-api/catalogue-requests.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { errListOf, expectCode, failureOf, itemCount, itemRow, productItem } from './helpers.ts';

type CreateItem = ProductCreateBody['product_list'][number];
type UpdateItem = ProductUpdateBody['product_list'][number];

/** Specification: Products (create, update), Product and treatment codes, Batch errors. */
describe('products: create and update', () => {
  let tp: TestPlatform;
  beforeAll(async () => {
    tp = await startTestPlatform();
  });
  afterAll(async () => {
    await tp.stop();
  });
  const client = () => tp.client(tp.app('primary'));
  const bundleOf = (setId: number) =>
    tp.platform.services.sql.all<{ custom_id: string; quantity: number }>(
      'SELECT i.custom_id, b.quantity FROM catalogue_bundle_items b JOIN catalogue_items i ON i.id = b.product_id WHERE b.set_id = ? ORDER BY b.position',
      [setId],
    );

  const create = (items: CreateItem[]) => client().call(ep.createProducts, { body: { product_list: items } });
  const update = (items: UpdateItem[]) => client().call(ep.updateProducts, { body: { product_list: items } });

  /** One invalid item alone: 40069 naming it with `code`, and nothing stored. */
  async function expectRefused(item: CreateItem, code: number): Promise<void> {
    const before = await itemCount(tp);
    const errors = errListOf(await failureOf(create([item])));
    expect(errors).toEqual([{ custom_id: typeof item.custom_id === 'string' ? item.custom_id : '', err_code: code, err_msg: expect.any(String) }]);
    expect(await itemCount(tp)).toBe(before);
  }

  describe('POST /open_api/merchant/products', () => {
    it('stores a full item with normalised values and answers err_list []', async () => {
      const res = await create([
        productItem('W1', {
          sub_title: 'Deep hydration', price_unit: 11, price: '1299.50', link: 'https://shop.example.com/w1', problem: { water: [4, '3', 3], pore: ['2'] },
          skin_type: 'dry,combination', age_limit: 1, min_age: 18, max_age: 60, label: 'hydrating，bestseller', nurse_stage: 1, user_level: ['vip', 2],
          instruction: 'Apply morning and evening.', lang_data: { 'zh-Hans': { name: '保湿精华' }, ar: { name: 'سيروم مرطب', label: 'مرطب' } },
        }),
      ]);
      expect(res).toEqual({ err_list: [] });
      const row = await itemRow(tp, 'primary', 'product', 'W1');
      expect(row).toMatchObject({
        category_id: 3, name: 'Serum W1', price_unit: 11, price_cents: 129950, label: 'hydrating,bestseller', user_level: 'vip,2', age_limit: 1, min_age: 18,
        max_age: 60, source: 2, status: 1, sell_type: 1,
      });
      expect(JSON.parse(row?.problem ?? '')).toEqual({ water: [3, 4], pore: [2] });
      expect(JSON.parse(row?.lang_data ?? '')).toEqual({ 'zh-Hans': { name: '保湿精华' }, ar: { name: 'سيروم مرطب', label: 'مرطب' } });
    });

    it('takes the required fields alone, with defaults for the rest', async () => {
      await create([productItem('W2')]);
      expect(await itemRow(tp, 'primary', 'product', 'W2')).toMatchObject({ sub_title: '', price_unit: 0, price_cents: 0, link: '', problem: '{}', age_limit: 0, status: 1 });
    });

    it.each([
      ['40015 without a category', { category_id: undefined }, 40015],
      ['40015 for category 11', { category_id: 11 }, 40015],
      ['40017 without a name', { name: undefined }, 40017],
      ['40017 for a blank name', { name: '   ' }, 40017],
      ['40018 for a name of 151 characters', { name: 'n'.repeat(151) }, 40018],
      ['40025 without pic', { pic: undefined }, 40025],
      ['40025 for a pic that is not a URL', { pic: 'images/p.jpg' }, 40025],
      ['40025 for a pic over 255 characters', { pic: `https://cdn.example.com/${'a'.repeat(240)}.jpg` }, 40025],
      ['40035 for a link that is not a URL', { link: 'shop/p1' }, 40035],
      ['40048 for a sub_title of 301 characters', { sub_title: 's'.repeat(301) }, 40048],
      ['40077 for an instruction of 2001 characters', { instruction: 'i'.repeat(2001) }, 40077],
      ['40077 for a lang_data instruction of 2001 characters', { lang_data: { ar: { instruction: 'i'.repeat(2001) } } }, 40077],
      ['40018 for a lang_data name of 151 characters', { lang_data: { 'zh-Hans': { name: '名'.repeat(151) } } }, 40018],
      ['400 for a price with 3 decimals', { price: 1.234 }, 400],
      ['400 for price_unit 109 (the complete list has 109 entries, 0 to 108)', { price_unit: 109 }, 400],
      ['400 for five label tags', { label: 'a,b,c,d,e' }, 400],
      ['400 for age_limit 1 without ages', { age_limit: 1 }, 400],
      ['400 for a problem level not of the dimension', { problem: { pore: [4] } }, 400],
      ['400 for a lang_data key that is not a language', { lang_data: { de: { name: 'x' } } }, 400],
    ])('refuses %s', async (_name, patch, code) => {
      await expectRefused(productItem('R1', patch), code);
    });

    it('accepts a price unit of the complete list whose symbol is not shown, and answers it with an empty price_symbol', async () => {
      await create([productItem('U20', { price_unit: 20, price: 5 }), productItem('U108', { price_unit: 108, price: 7 })]);
      expect(await itemRow(tp, 'primary', 'product', 'U20')).toMatchObject({ price_unit: 20, price_cents: 500 });
      const listed = (await client().call(ep.merchantProducts, { query: { count: 100 } })).list.filter((p) => p.custom_id.startsWith('U'));
      expect(listed.map((p) => [p.custom_id, p.price_unit, p.price_symbol])).toEqual(expect.arrayContaining([['U20', 20, ''], ['U108', 108, '']]));
    });

    it('accepts every limit at its bound', async () => {
      await create([
        productItem('B1', {
          name: '名'.repeat(150), sub_title: 's'.repeat(300), instruction: 'i'.repeat(2000), pic: `https://c.example.com/${'a'.repeat(229)}.jpg`,
          label: 'abcdefghij,b,c,d', price: 9999999.99,
        }),
      ]);
      expect((await itemRow(tp, 'primary', 'product', 'B1'))?.price_cents).toBe(999999999);
      expect((await itemRow(tp, 'primary', 'product', 'B1'))?.pic).toHaveLength(255);
    });

    it('40055 for a malformed number, a number that exists, and a number repeated in the batch', async () => {
      await expectRefused(productItem('P-1'), 40055);
      await expectRefused(productItem('P1001'), 40055);
      const errors = errListOf(await failureOf(create([productItem('D1'), productItem('D1', { name: 'Second' })])));
      expect(errors).toEqual([{ custom_id: 'D1', err_code: 40055, err_msg: expect.stringContaining('repeated') }]);
      expect((await itemRow(tp, 'primary', 'product', 'D1'))?.name).toBe('Serum D1');
    });

    it('applies the valid items of a mixed batch and reports each invalid one in request order', async () => {
      const error = await failureOf(
        create([
          productItem('M1'), productItem('M2', { name: '' }), productItem('M3', { price: 5 }), productItem('P1003'),
          productItem('M4', { sub_title: 's'.repeat(301) }), productItem('M5', { category_id: 9, suit_custom_id: [{ custom_id: 'NOPE', quantity: 1 }] }),
        ]),
      );
      expect(errListOf(error).map((e) => [e.custom_id, e.err_code])).toEqual([['M2', 40017], ['P1003', 40055], ['M4', 40048], ['M5', 40067]]);
      expect(error.detail).toContain('4 item(s) failed');
      expect(await itemRow(tp, 'primary', 'product', 'M1')).toBeDefined();
      expect((await itemRow(tp, 'primary', 'product', 'M3'))?.price_cents).toBe(500);
      for (const id of ['M2', 'M4', 'M5']) expect(await itemRow(tp, 'primary', 'product', id)).toBeUndefined();
      expect((await itemRow(tp, 'primary', 'product', 'P1003'))?.name).toBe('Hyaluronic Hydrating Serum');
    });

    it('answers 40069 with every item when all fail, and stores none', async () => {
      const before = await itemCount(tp);
      const errors = errListOf(await failureOf(create([productItem('F1', { pic: 'x' }), productItem('F2', { name: undefined })])));
      expect(errors.map((e) => e.err_code)).toEqual([40025, 40017]);
      expect(await itemCount(tp)).toBe(before);
    });

    it('100 items are one batch; 101 are 40058 and nothing is stored', async () => {
      const hundred = Array.from({ length: 100 }, (_, i) => productItem(`H${i}`));
      expect(await create(hundred)).toEqual({ err_list: [] });
      expect(await itemRow(tp, 'primary', 'product', 'H99')).toBeDefined();
      const before = await itemCount(tp);
      await expectCode(create(Array.from({ length: 101 }, (_, i) => productItem(`X${i}`))), 40058);
      expect(await itemCount(tp)).toBe(before);
    });

    it('a set bundles existing products, including ones created earlier in the batch', async () => {
      await create([
        productItem('S1'),
        productItem('S2', { category_id: 9, suit_custom_id: [{ custom_id: 'S1', quantity: 2 }, { custom_id: 'P1001', quantity: 1 }] }),
      ]);
      expect(await bundleOf((await itemRow(tp, 'primary', 'product', 'S2'))?.id ?? 0)).toEqual([{ custom_id: 'S1', quantity: 2 }, { custom_id: 'P1001', quantity: 1 }]);
    });

    it('refuses a bundle item that does not exist (40067), a set containing itself or a product twice (40055)', async () => {
      await expectRefused(productItem('S3', { category_id: 9, suit_custom_id: [{ custom_id: 'T2001', quantity: 1 }] }), 40067);
      await expectRefused(productItem('S4', { category_id: 9, suit_custom_id: [{ custom_id: 'S4', quantity: 1 }] }), 40055);
      await expectRefused(productItem('S5', { category_id: 9, suit_custom_id: [{ custom_id: 'P1001', quantity: 1 }, { custom_id: 'P1001', quantity: 2 }] }), 40055);
      await expectRefused(productItem('S6', { category_id: 9, suit_custom_id: [{ custom_id: 'P_1', quantity: 1 }] }), 40055);
    });

    it('keeps no bundle items on a product that is not a set (decision C-007)', async () => {
      await create([productItem('S7', { category_id: 4, suit_custom_id: [{ custom_id: 'NOPE', quantity: 1 }] })]);
      expect(await bundleOf((await itemRow(tp, 'primary', 'product', 'S7'))?.id ?? 0)).toEqual([]);
    });
  });

  describe('PATCH /open_api/merchant/products', () => {
    it('changes only the fields sent', async () => {
      await create([productItem('U1', { sub_title: 'Old', price: 10, link: 'https://shop.example.com/u1', label: 'a,b', problem: { pore: [1] } })]);
      const before = await itemRow(tp, 'primary', 'product', 'U1');
      expect(await update([{ custom_id: 'U1', price: 12.5, sub_title: 'New' }])).toEqual({ err_list: [] });
      const after = await itemRow(tp, 'primary', 'product', 'U1');
      expect(after).toEqual({ ...before, price_cents: 1250, sub_title: 'New', updated_at: after?.updated_at, revision: (before?.revision ?? NaN) + 1 });
    });

    it('clears a text with the empty string and replaces problem whole', async () => {
      await update([{ custom_id: 'U1', link: '', problem: { acne: ['0'] } }]);
      const row = await itemRow(tp, 'primary', 'product', 'U1');
      expect(row?.link).toBe('');
      expect(JSON.parse(row?.problem ?? '')).toEqual({ acne: [0] });
    });

    it('merges lang_data by language and field; {} removes a language (decision C-010)', async () => {
      await create([productItem('U2', { lang_data: { 'zh-Hans': { name: '旧', label: '标签' }, ar: { name: 'قديم' } } })]);
      await update([{ custom_id: 'U2', lang_data: { 'zh-Hans': { name: '新' }, ar: {}, ja: { name: '新しい' } } }]);
      expect(JSON.parse((await itemRow(tp, 'primary', 'product', 'U2'))?.lang_data ?? '')).toEqual({ 'zh-Hans': { name: '新', label: '标签' }, ja: { name: '新しい' } });
    });

    it('reports unknown numbers with 40067 and still applies the others', async () => {
      const errors = errListOf(await failureOf(update([{ custom_id: 'NOPE1', price: 1 }, { custom_id: 'U1', price: 3 }, { custom_id: 'U1x', name: '' }])));
      expect(errors.map((e) => [e.custom_id, e.err_code])).toEqual([['NOPE1', 40067], ['U1x', 40017]]);
      expect((await itemRow(tp, 'primary', 'product', 'U1'))?.price_cents).toBe(300);
    });

    it('checks a single changed age against the stored one', async () => {
      await create([productItem('U3', { age_limit: 1, min_age: 20, max_age: 40 })]);
      const errors = errListOf(await failureOf(update([{ custom_id: 'U3', min_age: 50 }])));
      expect(errors).toEqual([{ custom_id: 'U3', err_code: 400, err_msg: expect.stringContaining('min_age') }]);
      await update([{ custom_id: 'U3', max_age: 65 }]);
      expect(await itemRow(tp, 'primary', 'product', 'U3')).toMatchObject({ min_age: 20, max_age: 65 });
    });

    it('switches an age restriction back on with age_limit alone, the stored ages applying again', async () => {
      await create([productItem('U4', { age_limit: 1, min_age: 18, max_age: 30 }), productItem('U5')]);
      await update([{ custom_id: 'U4', age_limit: 0 }]);
      expect(await itemRow(tp, 'primary', 'product', 'U4')).toMatchObject({ age_limit: 0, min_age: 18, max_age: 30 });
      await update([{ custom_id: 'U4', age_limit: 1 }]);
      expect(await itemRow(tp, 'primary', 'product', 'U4')).toMatchObject({ age_limit: 1, min_age: 18, max_age: 30 });
      // An item created without a range has no stored ages to fall back on.
      const errors = errListOf(await failureOf(update([{ custom_id: 'U5', age_limit: 1, min_age: 20 }])));
      expect(errors).toEqual([{ custom_id: 'U5', err_code: 400, err_msg: expect.stringContaining('product_list.0.max_age: required when age_limit is 1') }]);
      expect(await itemRow(tp, 'primary', 'product', 'U5')).toMatchObject({ age_limit: 0, min_age: 0, max_age: 0 });
      await update([{ custom_id: 'U5', age_limit: 1, min_age: 20, max_age: 45 }]);
      expect(await itemRow(tp, 'primary', 'product', 'U5')).toMatchObject({ age_limit: 1, min_age: 20, max_age: 45 });
    });

    it('runs the create rules on the fields sent, each failed item with its own code', async () => {
      const errors = errListOf(await failureOf(update([
        { custom_id: 'U1', name: 'n'.repeat(151) }, { custom_id: 'U1', pic: 'nope' }, { custom_id: 'U1', category_id: 0 as 1 }, { custom_id: 'U1', link: 'x' },
        { custom_id: 'U1', instruction: 'i'.repeat(2001) }, { custom_id: 'U1', sub_title: 's'.repeat(301) }, { custom_id: 'U1', name: ' ' },
      ])));
      expect(errors.map((e) => e.err_code)).toEqual([40018, 40025, 40015, 40035, 40077, 40048, 40017]);
      expect((await itemRow(tp, 'primary', 'product', 'U1'))?.name).toBe('Serum U1');
    });

    it('replaces the bundle of a set, and drops it when the product stops being a set', async () => {
      const setId = (await itemRow(tp, 'primary', 'product', 'S2'))?.id ?? 0;
      await update([{ custom_id: 'S2', suit_custom_id: [{ custom_id: 'P1006', quantity: 3 }] }]);
      expect(await bundleOf(setId)).toEqual([{ custom_id: 'P1006', quantity: 3 }]);
      await update([{ custom_id: 'S2', category_id: 4 }]);
      expect(await bundleOf(setId)).toEqual([]);
    });

    it('refuses an update batch above 100 with 40058', async () => {
      await expectCode(update(Array.from({ length: 101 }, (_, i) => ({ custom_id: `H${i}`, price: 1 }))), 40058);
      expect((await itemRow(tp, 'primary', 'product', 'H0'))?.price_cents).toBe(0);
    });
  });
});
