import { describe, expect, it } from 'vitest';
import { ageOn, recommend, severity } from '../../../protocol/open-api/recommend.ts';
import type { ProductItem, StoreTreatmentItem } from '../../../protocol/open-api/catalogue-items.ts';

function product(customId: string, fields: Partial<ProductItem> = {}): ProductItem {
  return {
    id: customId, custom_id: customId, pic: `https://img/${customId}.jpg`, name: `Product ${customId}`, problem: {}, label: '', price_unit: 11, price: 30, price_symbol: '$',
    link: `https://hq/${customId}`, source: 2, status: 1, age_limit: 0, min_age: 0, max_age: 0, sub_title: 'sub', user_level_limit: 0, user_level: '', instruction: '',
    lang_data: {}, store_link: '', ...fields,
  };
}

function treatment(customId: string, fields: Partial<StoreTreatmentItem> = {}): StoreTreatmentItem {
  const { store_link, ...rest } = product(customId);
  return { ...rest, store_link, goods_attributes_limit: '0', goods_attributes_code: '', ...fields } as StoreTreatmentItem;
}

const findings = [
  { dimension: 'acne' as const, level: 3, score: 35 },
  { dimension: 'pore' as const, level: 2, score: 60 },
  { dimension: 'water' as const, level: 2, score: 90 },
];
const base = { findings, products: [], treatments: [], birthday: '1990-06-01', today: '2026-11-22', lang: 'en' as const };

describe('recommendations', () => {
  it('matches problem levels exactly, explains each answer and ranks the most serious findings first', () => {
    const out = recommend({
      ...base,
      products: [
        product('P-pore', { problem: { pore: [2, 3] } }),
        product('P-acne', { problem: { acne: ['3'], water: [2] } }),
        product('P-miss', { problem: { acne: [1, 2] } }),
        product('P-none', { problem: {} }),
      ],
    });
    expect(out.map((r) => r.customId)).toEqual(['P-acne', 'P-pore']);
    expect(out[0]).toMatchObject({ kind: 'product', rank: 1, answers: [{ dimension: 'acne', level: 3, levelName: 'Level III' }, { dimension: 'water', level: 2, levelName: 'Healthy' }] });
    expect(out[1]).toMatchObject({ rank: 2, answers: [{ dimension: 'pore', level: 2, levelName: 'Medium' }] });
  });

  it('says why: the problem matched first, named in the customer language, with the customer level and score (issue 16 item 9)', () => {
    const products = [product('P-acne', { problem: { water: [2], acne: ['3'] } })];
    const [en] = recommend({ ...base, products });
    expect(en!.why).toEqual({ dimension: 'acne', name: 'Acne', level: 3, levelName: 'Level III', score: 35 });
    expect(en!.answers.map((a) => a.name)).toEqual(['Acne', 'Hydration']);
    const [zh] = recommend({ ...base, lang: 'zh-Hans', products });
    expect(zh!.why).toMatchObject({ dimension: 'acne', name: expect.not.stringMatching(/^Acne$/), levelName: expect.not.stringMatching(/^Level III$/) });
  });

  it('leaves out disabled items and items whose age range excludes the customer or needs an unknown age', () => {
    const items = [
      product('active', { problem: { pore: [2] } }),
      product('disabled', { problem: { pore: [2] }, status: -1 }),
      product('adults', { problem: { pore: [2] }, age_limit: 1, min_age: 18, max_age: 40 }),
      product('seniors', { problem: { pore: [2] }, age_limit: 1, min_age: 60, max_age: 90 }),
    ];
    expect(recommend({ ...base, products: items }).map((r) => r.customId).sort()).toEqual(['active', 'adults']);
    expect(recommend({ ...base, products: items, birthday: '' }).map((r) => r.customId)).toEqual(['active']);
  });

  it('uses the store link when the store has one, the headquarters link otherwise, and the customer language', () => {
    const out = recommend({
      ...base,
      lang: 'zh-Hant',
      products: [product('P1', { problem: { pore: [2] }, store_link: 'https://store/p1', lang_data: { 'zh-Hans': { name: '爽肤水', sub_title: '平衡' } } })],
      treatments: [treatment('T1', { problem: { acne: [3] } })],
    });
    expect(out.find((r) => r.customId === 'P1')).toMatchObject({ link: 'https://store/p1', name: '爽肤水', subTitle: '平衡' });
    expect(out.find((r) => r.customId === 'T1')).toMatchObject({ kind: 'treatment', link: 'https://hq/T1', rank: 1, answers: [{ levelName: 'III級' }] });
  });

  it('orders equal findings essential care first, then by price', () => {
    const out = recommend({
      ...base,
      products: [
        product('dear', { problem: { pore: [2] }, price: 90, nurse_stage: 1 }),
        product('cheap', { problem: { pore: [2] }, price: 10, nurse_stage: 1 }),
        product('extra', { problem: { pore: [2] }, price: 5, nurse_stage: 2 }),
      ],
    });
    expect(out.map((r) => r.customId)).toEqual(['cheap', 'dear', 'extra']);
  });

  it('weighs a finding by its place in the level table and its score', () => {
    expect(severity({ dimension: 'acne', level: 0, score: 100 })).toBe(0);
    expect(severity({ dimension: 'acne', level: 4, score: 0 })).toBe(1);
    expect(severity({ dimension: 'water', level: 3, score: 50 })).toBeCloseTo(0.5);
  });

  it('computes ages in whole years on the report day', () => {
    expect(ageOn('1990-11-22', '2026-11-22')).toBe(36);
    expect(ageOn('1990-11-23', '2026-11-22')).toBe(35);
    expect(ageOn('', '2026-11-22')).toBeNull();
  });
});
