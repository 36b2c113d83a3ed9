import { describe, expect, it } from 'vitest';
import {
  dimensionItemSchema,
  employeeItemSchema,
  employeesQuerySchema,
  langQuerySchema,
  langsResponseSchema,
  pageQuerySchema,
  productItemSchema,
  productListResponseSchema,
  regionItemSchema,
  storeCatalogueQuerySchema,
  storeItemSchema,
  storeListResponseSchema,
  storeTreatmentItemSchema,
  treatmentItemSchema,
  categoryItemSchema,
  merchantItemSchema,
  buildCategoryItem,
  buildDimensionItem,
} from '../../../protocol/open-api/index.ts';
import { queryInt } from '../../../protocol/open-api/query.ts';

describe('paging queries', () => {
  it('defaults page to 1 and count to 20', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 1, count: 20 });
    expect(pageQuerySchema.parse({ page: '', count: '' })).toEqual({ page: 1, count: 20 });
  });

  it('coerces strings and clamps count above 100 to 100', () => {
    expect(pageQuerySchema.parse({ page: '3', count: '50' })).toEqual({ page: 3, count: 50 });
    expect(pageQuerySchema.parse({ count: '100' }).count).toBe(100);
    expect(pageQuerySchema.parse({ count: '500' }).count).toBe(100);
  });

  it('refuses a page or count below 1 or not an integer', () => {
    for (const q of [{ page: '0' }, { count: '0' }, { count: '-5' }, { page: 'two' }, { count: '2.5' }]) {
      expect(pageQuerySchema.safeParse(q).success).toBe(false);
    }
    // In words a caller reads, not zod's "expected number, received string".
    for (const q of [{ page: 'two' }, { count: '2.5' }, { count: '1e1' }, { page: '99999999999999999999' }]) {
      expect(pageQuerySchema.safeParse(q).error?.issues[0]?.message, JSON.stringify(q)).toBe('must be a whole number of at most 15 digits');
    }
    // A required integer that is absent says so; a fraction built in code reads as the text does.
    expect(queryInt().safeParse(undefined).error?.issues[0]?.message).toBe('is required');
    expect(queryInt().safeParse(2.5).error?.issues[0]?.message).toBe('must be a whole number of at most 15 digits');
    expect(queryInt().parse('42')).toBe(42);
  });

  it('store lists need store_custom_id; employees take it as an optional filter', () => {
    expect(storeCatalogueQuerySchema.safeParse({}).success).toBe(false);
    expect(storeCatalogueQuerySchema.parse({ store_custom_id: 'SH001' })).toEqual({ store_custom_id: 'SH001', page: 1, count: 20 });
    expect(employeesQuerySchema.parse({}).store_custom_id).toBeUndefined();
    expect(employeesQuerySchema.parse({ store_custom_id: 'SH001', page: '2' })).toEqual({ store_custom_id: 'SH001', page: 2, count: 20 });
  });

  it('lang defaults to English; another language tag gets English too, a value that is no tag is refused (M-021)', () => {
    expect(langQuerySchema.parse({}).lang).toBe('en');
    expect(langQuerySchema.parse({ lang: '' }).lang).toBe('en');
    expect(langQuerySchema.parse({ lang: 'zh-Hant-HK' }).lang).toBe('zh-Hant-HK');
    expect(langQuerySchema.parse({ lang: 'ZH-hant-hk' }).lang).toBe('zh-Hant-HK');
    expect(langQuerySchema.parse({ lang: 'es-mx' }).lang).toBe('es-MX');
    expect(langQuerySchema.parse({ lang: ['ja', 'ko'] }).lang).toBe('ja');
    for (const lang of ['de', 'en-US', 'zh-TW', 'es', 'x-klingon']) expect(langQuerySchema.parse({ lang }).lang, lang).toBe('en');
    for (const lang of ['<b>', 'en_US', 'zh-', '-en', 'a'.repeat(9), 'en us', 'ja-'.repeat(10)]) expect(langQuerySchema.safeParse({ lang }).success, lang).toBe(false);
  });
});

describe('list items', () => {
  const store = {
    id: '1001',
    name: 'Shanghai Xintiandi',
    province: 'Shanghai',
    city: 'Shanghai',
    address: '181 Taicang Road',
    status: 1,
    store_business_type: 2,
    store_custom_id: 'SH001',
    total: '1',
  };

  it('store, merchant, employee, region, dimension, category items parse', () => {
    expect(storeListResponseSchema.safeParse({ list: [store], total: 1 }).success).toBe(true);
    expect(storeListResponseSchema.safeParse({ list: [] }).success).toBe(true);
    expect(storeItemSchema.safeParse({ ...store, status: 0 }).success).toBe(false);
    expect(storeItemSchema.safeParse({ ...store, store_business_type: 3 }).success).toBe(false);
    expect(merchantItemSchema.safeParse({ merchant_id: '88', name: 'Brand', area: 'CN,HK' }).success).toBe(true);
    const employee = {
      id: '5',
      store_id: '1001',
      store_custom_id: 'SH001',
      status_status: -1,
      account_num: 'E1',
      last_name: 'Wang',
      real_name: 'Li',
      phone_cc: '86',
      phone_number: '13800138000',
      email: '',
      sso_account: '',
      status: 1,
    };
    expect(employeeItemSchema.safeParse(employee).success).toBe(true);
    expect(employeeItemSchema.safeParse({ ...employee, status: 0 }).success).toBe(false);
    expect(regionItemSchema.safeParse({ id: '1', name: 'East', remark: '', total: '3' }).success).toBe(true);
    expect(
      dimensionItemSchema.safeParse({ id: 'pore', name: 'Pores', status: 1, divisions_count: 3, divisions: [{ id: 1, name: 'Fine' }, { id: '2', name: 'Medium' }] })
        .success,
    ).toBe(true);
    expect(dimensionItemSchema.safeParse({ id: 'pores', name: 'Pores', status: 1, divisions_count: 0, divisions: [] }).success).toBe(false);
    expect(categoryItemSchema.safeParse({ category_id: 4, name: 'Cream', status: -1 }).success).toBe(true);
    expect(langsResponseSchema.safeParse({ default_lang: 'en', lang_list: [] }).success).toBe(true);
    expect(langsResponseSchema.safeParse({ default_lang: 'xx', lang_list: [] }).success).toBe(false);
  });

  const productItem = {
    id: '1',
    custom_id: 'P0001',
    pic: 'https://cdn.example.com/p.jpg',
    name: 'Serum',
    problem: { water: [3, '4'] },
    label: 'a,b',
    price_unit: 0,
    price: 99.9,
    price_symbol: '¥',
    link: '',
    store_link: '',
    source: 2,
    status: 1,
    age_limit: 0,
    min_age: 0,
    max_age: 0,
    sub_title: '',
    user_level_limit: 0,
    user_level: '',
    instruction: '',
    lang_data: { ja: { name: 'セラム' } },
  };

  it('product and treatment items parse, with and without store_link', () => {
    expect(productListResponseSchema.safeParse({ list: [productItem], total: 1 }).success).toBe(true);
    expect(productItemSchema.safeParse({ ...productItem, status: 0 }).success).toBe(false);
    const { store_link: _s, ...treatment } = { ...productItem, goods_attributes_limit: '1', goods_attributes_code: 'A1' };
    expect(treatmentItemSchema.safeParse(treatment).success).toBe(true);
    expect(storeTreatmentItemSchema.safeParse(treatment).success).toBe(false);
    expect(storeTreatmentItemSchema.safeParse({ ...treatment, store_link: 'https://s.example.com' }).success).toBe(true);
    expect(treatmentItemSchema.safeParse({ ...treatment, goods_attributes_limit: 1 }).success).toBe(false);
  });
});

describe('item builders', () => {
  it('builds dimension and category items from the enumerations, in the requested language', () => {
    const pore = buildDimensionItem('pore', 'zh-Hans', 1);
    expect(pore).toEqual({ id: 'pore', name: '毛孔', status: 1, divisions_count: 3, divisions: [{ id: 1, name: '细致' }, { id: 2, name: '中等' }, { id: 3, name: '粗大' }] });
    expect(dimensionItemSchema.safeParse(pore).success).toBe(true);
    expect(buildDimensionItem('neck_lines', 'en', 0).divisions_count).toBe(9);
    expect(buildCategoryItem(7, 'en', 1)).toEqual({ category_id: 7, name: 'Sunscreen', status: 1 });
    expect(categoryItemSchema.safeParse(buildCategoryItem(9, 'zh-Hans', -1)).success).toBe(true);
  });
});
