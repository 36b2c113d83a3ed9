import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueEndpoints as ep } from '../../../protocol/endpoints/catalogue.ts';
import type { TreatmentCreateBody, TreatmentUpdateBody } from '../../../protocol/open-api/catalogue-requests.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { errListOf, expectCode, failureOf, itemCount, itemRow, treatmentItem } from './helpers.ts';

type CreateItem = TreatmentCreateBody['treatment_list'][number];
type UpdateItem = TreatmentUpdateBody['treatment_list'][number];

/** Specification: Treatments (create, update), Treatment list item, Batch errors. */
describe('treatments: create and update', () => {
  let tp: TestPlatform;
  beforeAll(async () => {
    tp = await startTestPlatform();
  });
  afterAll(async () => {
    await tp.stop();
  });
  const client = () => tp.client(tp.app('primary'));
  const create = (items: CreateItem[]) => client().call(ep.createTreatments, { body: { treatment_list: items } });
  const update = (items: UpdateItem[]) => client().call(ep.updateTreatments, { body: { treatment_list: items } });
  const listed = async (customId: string) => {
    const page = await client().call(ep.merchantTreatments, { query: { count: 100 } });
    return page.list.find((t) => t.custom_id === customId);
  };

  it('creates a merchant-created treatment with goods_attributes_code; the limit is derived when not sent', async () => {
    expect(await create([
      treatmentItem('N1', { goods_attributes_code: ['HYDRATE', 'A1'], price_unit: 6, price: 880, problem: { acne: [0, '1'] }, nurse_stage: 2 }),
      treatmentItem('N2'),
    ])).toEqual({ err_list: [] });
    expect(await itemRow(tp, 'primary', 'treatment', 'N1')).toMatchObject({ goods_attributes_code: 'HYDRATE,A1', goods_attributes_limit: null, category_id: null, source: 2, status: 1 });
    expect(await listed('N1')).toMatchObject({ goods_attributes_code: 'HYDRATE,A1', goods_attributes_limit: '1', price_symbol: 'HK$', price: 880, problem: { acne: [0, 1] }, nurse_stage: 2 });
    expect(await listed('N2')).toMatchObject({ goods_attributes_code: '', goods_attributes_limit: '0' });
  });

  it('keeps an explicit goods_attributes_limit', async () => {
    await create([treatmentItem('N3', { goods_attributes_code: 'A1', goods_attributes_limit: 0 })]);
    expect(await listed('N3')).toMatchObject({ goods_attributes_code: 'A1', goods_attributes_limit: '0' });
    await update([{ custom_id: 'N3', goods_attributes_limit: '1' }]);
    expect((await itemRow(tp, 'primary', 'treatment', 'N3'))?.goods_attributes_limit).toBe('1');
  });

  it('ignores category_id on a treatment (treatments have none)', async () => {
    await create([treatmentItem('N4', { category_id: 3 })]);
    expect((await itemRow(tp, 'primary', 'treatment', 'N4'))?.category_id).toBeNull();
  });

  it.each([
    ['40017 without a name', { name: undefined }, 40017],
    ['40018 for a long name', { name: 'n'.repeat(151) }, 40018],
    ['40025 without pic', { pic: undefined }, 40025],
    ['40035 for a bad link', { link: 'ftp://x.example.com/t' }, 40035],
    ['40048 for a long sub_title', { sub_title: 's'.repeat(301) }, 40048],
    ['40055 for a malformed number', { custom_id: 'T 1' }, 40055],
    ['40055 for a number that exists', { custom_id: 'T2001' }, 40055],
    ['40077 for a long instruction', { instruction: 'i'.repeat(2001) }, 40077],
    ['400 for a malformed goods_attributes_code', { goods_attributes_code: 'a b' }, 400],
  ])('refuses %s, storing nothing', async (_name, patch, code) => {
    const before = await itemCount(tp);
    const errors = errListOf(await failureOf(create([treatmentItem('R1', patch)])));
    expect(errors.map((e) => e.err_code)).toEqual([code]);
    expect(await itemCount(tp)).toBe(before);
  });

  it('treatment and product numbers are separate: a treatment may reuse a product number', async () => {
    await create([treatmentItem('P1001')]);
    expect(await itemRow(tp, 'primary', 'treatment', 'P1001')).toBeDefined();
    expect((await itemRow(tp, 'primary', 'product', 'P1001'))?.name).toBe('Balancing Toner');
  });

  it('applies the valid items of a mixed batch; 101 items are 40058', async () => {
    const errors = errListOf(await failureOf(create([treatmentItem('N5'), treatmentItem('N6', { pic: '' }), treatmentItem('N7')])));
    expect(errors.map((e) => [e.custom_id, e.err_code])).toEqual([['N6', 40025]]);
    expect(await itemRow(tp, 'primary', 'treatment', 'N5')).toBeDefined();
    expect(await itemRow(tp, 'primary', 'treatment', 'N7')).toBeDefined();
    await expectCode(create(Array.from({ length: 101 }, (_, i) => treatmentItem(`Z${i}`))), 40058);
    expect(await itemRow(tp, 'primary', 'treatment', 'Z0')).toBeUndefined();
  });

  it('updates only the fields sent, store-created treatments included; unknown numbers are 40067', async () => {
    const before = await itemRow(tp, 'primary', 'treatment', 'T2003');
    const errors = errListOf(await failureOf(update([{ custom_id: 'T2003', price: 105 }, { custom_id: 'NOPE', price: 1 }])));
    expect(errors.map((e) => [e.custom_id, e.err_code])).toEqual([['NOPE', 40067]]);
    const after = await itemRow(tp, 'primary', 'treatment', 'T2003');
    expect(after).toEqual({ ...before, price_cents: 10500, updated_at: after?.updated_at, revision: (before?.revision ?? NaN) + 1 });
    expect(after?.source).toBe(1);
  });

  it('updates goods_attributes_code and lang_data', async () => {
    await update([{ custom_id: 'T2001', goods_attributes_code: '', lang_data: { ar: { sub_title: 'جديد' } } }]);
    const item = await listed('T2001');
    expect(item?.goods_attributes_code).toBe('');
    expect(item?.goods_attributes_limit).toBe('0');
    expect(item?.lang_data['ar']).toMatchObject({ name: 'علاج الوجه بالترطيب العميق', sub_title: 'جديد' });
    expect(item?.lang_data['zh-Hans']?.name).toBe('水光注氧护理');
  });
});
