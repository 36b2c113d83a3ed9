import { describe, expect, it } from 'vitest';
import { Codes } from '../../../protocol/codes.ts';
import {
  catalogueStatusParamSchema,
  checkCustomIdList,
  checkLinks,
  checkProductCreateBatch,
  checkProductCreateItem,
  checkProductUpdateItem,
  checkSaleStores,
  checkTreatmentCreateItem,
  checkTreatmentUpdateBatch,
  productCreateBodySchema,
  validateProductItem,
  validateTreatmentItem,
} from '../../../protocol/open-api/index.ts';

const product = {
  category_id: 3,
  name: 'Hydrating Serum',
  custom_id: 'P0001',
  pic: 'https://cdn.example.com/p/0001.jpg',
  sub_title: 'Deep hydration',
  price_unit: 0,
  price: 1299.5,
  link: 'https://shop.example.com/p/0001',
  problem: { water: [3, '4'], pore: ['2'] },
  skin_type: 'dry,combination',
  age_limit: 1,
  min_age: 18,
  max_age: 60,
  label: 'hydrating，bestseller',
  nurse_stage: 1,
  user_level: ['vip', 2],
  instruction: 'Apply morning and evening.',
  suit_custom_id: [{ custom_id: 'P0002', quantity: 2 }],
  lang_data: { 'zh-Hans': { name: '保湿精华', sub_title: '深层补水', label: '保湿,热销', instruction: '早晚使用' } },
};

function codeOfItem(item: unknown, mode: 'create' | 'update' = 'create') {
  const result = mode === 'create' ? checkProductCreateItem(item) : checkProductUpdateItem(item);
  return result.ok ? null : result.failure.code;
}

describe('product item of create', () => {
  it('accepts a full item and normalises problem, label, price and codes', () => {
    const result = checkProductCreateItem(product);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.problem).toEqual({ water: [3, 4], pore: [2] });
    expect(result.value.label).toBe('hydrating,bestseller');
    expect(result.value.price).toBe(1299.5);
    expect(result.value.user_level).toBe('vip,2');
    expect(result.value.skin_type).toBe('dry,combination');
  });

  it('accepts the required fields alone', () => {
    expect(checkProductCreateItem({ category_id: 1, name: 'Toner', custom_id: 'T1', pic: 'http://127.0.0.1:8080/t1.png' }).ok).toBe(true);
  });

  it.each([
    ['category_id missing', { category_id: undefined }, Codes.CATEGORY_MISSING],
    ['category_id not a category', { category_id: 11 }, Codes.CATEGORY_MISSING],
    ['name missing', { name: undefined }, Codes.PRODUCT_NAME_MISSING],
    ['name blank', { name: '  ' }, Codes.PRODUCT_NAME_MISSING],
    ['name of 151 characters', { name: 'n'.repeat(151) }, Codes.PRODUCT_NAME_TOO_LONG],
    ['pic missing', { pic: undefined }, Codes.PIC_INVALID],
    ['pic not a URL', { pic: 'cdn/p.jpg' }, Codes.PIC_INVALID],
    ['pic over 255', { pic: `https://cdn.example.com/${'a'.repeat(240)}.jpg` }, Codes.PIC_INVALID],
    ['link not a URL', { link: 'shop/p1' }, Codes.LINK_FORMAT],
    ['link with a bad scheme', { link: 'javascript:alert(1)' }, Codes.LINK_FORMAT],
    ['sub_title of 301', { sub_title: 's'.repeat(301) }, Codes.SUBTITLE_TOO_LONG],
    ['custom_id missing', { custom_id: undefined }, Codes.PRODUCT_NUMBER_INVALID],
    ['custom_id not alphanumeric', { custom_id: 'P-0001' }, Codes.PRODUCT_NUMBER_INVALID],
    ['instruction of 2001', { instruction: 'i'.repeat(2001) }, Codes.INSTRUCTION_TOO_LONG],
    ['lang_data name too long', { lang_data: { ja: { name: 'n'.repeat(151) } } }, Codes.PRODUCT_NAME_TOO_LONG],
    ['lang_data sub_title too long', { lang_data: { ja: { sub_title: 's'.repeat(301) } } }, Codes.SUBTITLE_TOO_LONG],
    ['lang_data instruction too long', { lang_data: { ar: { instruction: 'i'.repeat(2001) } } }, Codes.INSTRUCTION_TOO_LONG],
    ['bundle number malformed', { suit_custom_id: [{ custom_id: 'P_2', quantity: 1 }] }, Codes.PRODUCT_NUMBER_INVALID],
  ])('%s is refused with its code', (_name, patch, code) => {
    expect(codeOfItem({ ...product, ...patch })).toBe(code);
  });

  it('limits pass at their bounds', () => {
    expect(codeOfItem({ ...product, name: '名'.repeat(150), sub_title: 's'.repeat(300), instruction: 'i'.repeat(2000) })).toBeNull();
    expect(codeOfItem({ ...product, link: '' })).toBeNull();
    expect(codeOfItem({ ...product, label: 'abcdefghij,b,c,d' })).toBeNull();
    expect(codeOfItem({ ...product, price: 9999999.99 })).toBeNull();
    expect(codeOfItem({ ...product, price: '0.01' })).toBeNull();
  });

  it.each([
    ['price with 3 decimals', { price: 1.234 }],
    ['price with 8 integer digits', { price: 10000000 }],
    ['negative price', { price: -1 }],
    ['price string with 3 decimals', { price: '1.234' }],
    ['price_unit 109 (beyond the complete list of 109)', { price_unit: 109 }],
    ['five label tags', { label: 'a,b,c,d,e' }],
    ['a label tag of 11 characters', { label: 'abcdefghijk' }],
    ['an empty label tag', { label: 'a,,b' }],
    ['age_limit 1 without ages', { min_age: undefined, max_age: undefined }],
    ['age_limit 1 without max_age', { max_age: undefined }],
    ['min_age above max_age', { min_age: 70, max_age: 60 }],
    ['age_limit 2', { age_limit: 2 }],
    ['nurse_stage 3', { nurse_stage: 3 }],
    ['problem key not a dimension', { problem: { skin: [1] } }],
    ['problem level not in the table', { problem: { pore: [4] } }],
    ['problem level not numeric', { problem: { pore: ['coarse'] } }],
    ['problem value not an array', { problem: { pore: 1 } }],
    ['lang_data key not a language', { lang_data: { de: { name: 'x' } } }],
    ['lang_data label of five tags', { lang_data: { ja: { label: 'a,b,c,d,e' } } }],
    ['bundle quantity 0', { suit_custom_id: [{ custom_id: 'P2', quantity: 0 }] }],
    ['user_level with spaces', { user_level: 'gold member' }],
    ['sub_title of the wrong type', { sub_title: 5 }],
  ])('%s is the generic 400', (_name, patch) => {
    expect(codeOfItem({ ...product, ...patch })).toBe(Codes.INVALID_PARAM);
  });

  it('age_limit 0 needs no ages', () => {
    expect(codeOfItem({ ...product, age_limit: 0, min_age: undefined, max_age: undefined })).toBeNull();
  });

  it('validateProductItem reports the field path with the prefix', () => {
    expect(validateProductItem(product)).toBeNull();
    const failure = validateProductItem({ ...product, lang_data: { ja: { sub_title: 's'.repeat(301) } } }, 'create', 'product_list.2');
    expect(failure?.field).toBe('product_list.2.lang_data.ja.sub_title');
    expect(failure?.code).toBe(Codes.SUBTITLE_TOO_LONG);
  });
});

describe('product item of update', () => {
  it('needs custom_id only and checks the fields sent', () => {
    expect(codeOfItem({ custom_id: 'P0001' }, 'update')).toBeNull();
    expect(codeOfItem({ custom_id: 'P0001', price: 10 }, 'update')).toBeNull();
    expect(codeOfItem({ price: 10 }, 'update')).toBe(Codes.PRODUCT_NUMBER_INVALID);
    expect(codeOfItem({ custom_id: 'P0001', name: '' }, 'update')).toBe(Codes.PRODUCT_NAME_MISSING);
    expect(codeOfItem({ custom_id: 'P0001', category_id: 0 }, 'update')).toBe(Codes.CATEGORY_MISSING);
    expect(codeOfItem({ custom_id: 'P0001', pic: 'x' }, 'update')).toBe(Codes.PIC_INVALID);
    // Ages left out may be stored already: the platform checks the merged item.
    expect(codeOfItem({ custom_id: 'P0001', age_limit: 1 }, 'update')).toBeNull();
    expect(codeOfItem({ custom_id: 'P0001', age_limit: 1, min_age: 40, max_age: 30 }, 'update')).toBe(Codes.INVALID_PARAM);
  });
});

describe('treatment items', () => {
  const treatment = {
    name: 'Hydra Facial',
    custom_id: 'T0001',
    pic: 'https://cdn.example.com/t/1.jpg',
    price_unit: 6,
    price: 880,
    goods_attributes_code: 'A1,B2',
    problem: { acne: [0, 1] },
  };

  it('accepts a treatment without category and refuses with the product codes', () => {
    const result = checkTreatmentCreateItem(treatment);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value.goods_attributes_code).toBe('A1,B2');
    expect(validateTreatmentItem({ ...treatment, name: 'n'.repeat(151) })?.code).toBe(Codes.PRODUCT_NAME_TOO_LONG);
    expect(validateTreatmentItem({ ...treatment, pic: '' })?.code).toBe(Codes.PIC_INVALID);
    expect(validateTreatmentItem({ ...treatment, instruction: 'i'.repeat(2001) })?.code).toBe(Codes.INSTRUCTION_TOO_LONG);
    expect(validateTreatmentItem({ ...treatment, custom_id: '' })?.code).toBe(Codes.PRODUCT_NUMBER_INVALID);
    const bad = checkTreatmentCreateItem({ ...treatment, goods_attributes_code: 'a b' });
    expect(bad.ok ? null : bad.failure.code).toBe(Codes.INVALID_PARAM);
  });

  it('collects per-item failures of a batch into err_list', () => {
    const result = checkTreatmentUpdateBatch({
      treatment_list: [{ custom_id: 'T1', price: 1 }, { custom_id: 'T2', sub_title: 's'.repeat(301) }, { custom_id: 'T1' }],
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.valid.map((v) => v.index)).toEqual([0]);
    expect(result.value.err_list.map((e) => [e.custom_id, e.err_code])).toEqual([
      ['T2', 40048],
      ['T1', 40055],
    ]);
  });
});

describe('product batches', () => {
  it('refuses a body that is not a batch, and more than 100 items with 40058', () => {
    const empty = checkProductCreateBatch({ product_list: [] });
    expect(empty.ok ? null : empty.failure.code).toBe(Codes.INVALID_PARAM);
    const many = checkProductCreateBatch({ product_list: Array.from({ length: 101 }, (_, i) => ({ ...product, custom_id: `P${i}` })) });
    expect(many.ok ? null : many.failure.code).toBe(Codes.TOO_MUCH_DATA);
    const hundred = checkProductCreateBatch({ product_list: Array.from({ length: 100 }, (_, i) => ({ ...product, custom_id: `P${i}` })) });
    expect(hundred.ok && hundred.value.valid.length).toBe(100);
  });

  it('names the failing item by its custom_id', () => {
    const result = checkProductCreateBatch({ product_list: [product, { ...product, custom_id: 'P0009', name: '' }] });
    expect(result.ok && result.value.err_list).toEqual([{ custom_id: 'P0009', err_code: 40017, err_msg: expect.stringContaining('product_list.1.name') }]);
  });

  it('the whole-body schema accepts the valid body', () => {
    expect(productCreateBodySchema.safeParse({ product_list: [product] }).success).toBe(true);
  });
});

describe('delete, status, sale_stores, links', () => {
  it('custom_id_list: accepted, deduplicated; missing or malformed is 40055; over 100 is 40058', () => {
    const ok = checkCustomIdList({ custom_id_list: ['P1', 'P2', 'P1'] });
    expect(ok.ok && ok.value.custom_id_list).toEqual(['P1', 'P2']);
    const missing = checkCustomIdList({});
    expect(missing.ok ? null : missing.failure.code).toBe(Codes.PRODUCT_NUMBER_INVALID);
    const bad = checkCustomIdList({ custom_id_list: ['P1', 'P 2'] });
    expect(bad.ok ? null : bad.failure.field).toBe('custom_id_list.1');
    const many = checkCustomIdList({ custom_id_list: Array.from({ length: 101 }, (_, i) => `P${i}`) });
    expect(many.ok ? null : many.failure.code).toBe(Codes.TOO_MUCH_DATA);
  });

  it('status path is 1 or -1', () => {
    expect(catalogueStatusParamSchema.parse('-1')).toBe(-1);
    expect(catalogueStatusParamSchema.safeParse('0').success).toBe(false);
  });

  it('sale_stores: store_list required with sell_type 2, ignored with 1', () => {
    const all = checkSaleStores({ custom_id: 'P1', sell_type: 1, store_list: ['SH001'] });
    expect(all.ok && all.value.store_list).toEqual([]);
    expect(checkSaleStores({ custom_id: 'P1', sell_type: 2, store_list: ['SH001', 'BJ002'] }).ok).toBe(true);
    const none = checkSaleStores({ custom_id: 'P1', sell_type: 2 });
    expect(none.ok ? null : none.failure.code).toBe(Codes.INVALID_PARAM);
    const badType = checkSaleStores({ custom_id: 'P1', sell_type: 3 });
    expect(badType.ok ? null : badType.failure.code).toBe(Codes.INVALID_PARAM);
    const badStore = checkSaleStores({ custom_id: 'P1', sell_type: 2, store_list: ['SH-1'] });
    expect(badStore.ok ? null : badStore.failure.code).toBe(Codes.STORE_NUMBER_FORMAT);
    const badNumber = checkSaleStores({ sell_type: 1 });
    expect(badNumber.ok ? null : badNumber.failure.code).toBe(Codes.PRODUCT_NUMBER_INVALID);
  });

  it('links: link required when link_type is 1, up to 100 entries', () => {
    const ok = checkLinks({
      custom_id: 'P1',
      link_list: [
        { store_custom_id: 'SH001', link_type: 1, link: 'https://shop.example.com/sh001/p1' },
        { store_custom_id: 'BJ002', link_type: 0, link: 'https://ignored.example.com' },
      ],
    });
    expect(ok.ok && ok.value.link_list[1]).toEqual({ store_custom_id: 'BJ002', link_type: 0 });
    // decision D-040: a missing required value is 400; 40035 and 11029 judge values that are there.
    const noLink = checkLinks({ custom_id: 'P1', link_list: [{ store_custom_id: 'SH001', link_type: 1 }] });
    expect(noLink.ok ? null : [noLink.failure.code, noLink.failure.field]).toEqual([Codes.INVALID_PARAM, 'link_list.0.link']);
    const blankLink = checkLinks({ custom_id: 'P1', link_list: [{ store_custom_id: 'SH001', link_type: 1, link: ' ' }] });
    expect(blankLink.ok ? null : blankLink.failure.code).toBe(Codes.INVALID_PARAM);
    const noStore = checkLinks({ custom_id: 'P1', link_list: [{ link_type: 0 }] });
    expect(noStore.ok ? null : [noStore.failure.code, noStore.failure.field]).toEqual([Codes.INVALID_PARAM, 'link_list.0.store_custom_id']);
    const badLink = checkLinks({ custom_id: 'P1', link_list: [{ store_custom_id: 'SH001', link_type: 1, link: 'nope' }] });
    expect(badLink.ok ? null : badLink.failure.code).toBe(Codes.LINK_FORMAT);
    const badType = checkLinks({ custom_id: 'P1', link_list: [{ store_custom_id: 'SH001', link_type: 2 }] });
    expect(badType.ok ? null : badType.failure.code).toBe(Codes.INVALID_PARAM);
    const list = (n: number) => Array.from({ length: n }, (_, i) => ({ store_custom_id: `S${i}`, link_type: 0 }));
    expect(checkLinks({ custom_id: 'P1', link_list: list(100) }).ok).toBe(true);
    const many = checkLinks({ custom_id: 'P1', link_list: list(101) });
    expect(many.ok ? null : many.failure.code).toBe(Codes.TOO_MUCH_DATA);
    const twice = checkLinks({ custom_id: 'P1', link_list: [...list(1), ...list(1)] });
    expect(twice.ok ? null : twice.failure.code).toBe(Codes.INVALID_PARAM);
    const badStore = checkLinks({ custom_id: 'P1', link_list: [{ store_custom_id: 'S 1', link_type: 0 }] });
    expect(badStore.ok ? null : badStore.failure.code).toBe(Codes.STORE_NUMBER_FORMAT);
  });
});
