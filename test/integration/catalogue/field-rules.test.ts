import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueEndpoints as ep } from '../../../protocol/endpoints/catalogue.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { errListOf, failureOf, itemCount, itemRow, productItem, treatmentItem } from './helpers.ts';

/**
 * Field rules of product and treatment items (specification: Product item of create, Treatments,
 * Limits; decision D-014) through the real client against the real server, for the rules
 * products-write and treatments-write do not already cover: each refused item is answered in
 * err_list with its code and the failing field, and nothing is stored.
 */

type Kind = 'product' | 'treatment';
type Patch = Record<string, unknown>;

/** [what, patch onto a valid item, err_code, field named in err_msg] */
type RuleCase = [string, Patch, number, string];

/** Rules products and treatments share: neither suite covered these for either kind. */
const SHARED: RuleCase[] = [
  ['a label tag of 11 characters', { label: 'abcdefghijk' }, 400, 'label'],
  ['a label whose second tag has 11 characters', { label: 'ok,abcdefghijk' }, 400, 'label'],
  ['a price with 8 digits before the point', { price: 12345678 }, 400, 'price'],
  ['a price string with 8 digits before the point', { price: '12345678.50' }, 400, 'price'],
  ['age_limit 1 with only min_age', { age_limit: 1, min_age: 18 }, 400, 'max_age'],
  ['age_limit 1 with only max_age', { age_limit: 1, max_age: 60 }, 400, 'min_age'],
  ['min_age above max_age', { age_limit: 1, min_age: 60, max_age: 20 }, 400, 'min_age'],
  ['an age above 150', { age_limit: 1, min_age: 18, max_age: 151 }, 400, 'max_age'],
  ['a problem key that is not a dimension id', { problem: { pores: [1] } }, 400, 'problem.pores'],
  ['a problem level that is not a number', { problem: { acne: ['one'] } }, 400, 'problem.acne.0'],
  ['a problem level with a fraction', { problem: { acne: ['1.5'] } }, 400, 'problem.acne.0'],
  ['a problem level not in the table of its dimension (water has no 1)', { problem: { pore: [1], water: [1] } }, 400, 'problem.water.0'],
  ['a problem level above its table (neck_lines 0 to 8)', { problem: { neck_lines: ['9'] } }, 400, 'problem.neck_lines.0'],
  ['nurse_stage 0', { nurse_stage: 0 }, 400, 'nurse_stage'],
  ['nurse_stage 3', { nurse_stage: 3 }, 400, 'nurse_stage'],
  ['a lang_data sub_title of 301 characters', { lang_data: { ja: { sub_title: 's'.repeat(301) } } }, 40048, 'lang_data.ja.sub_title'],
  ['a lang_data label tag of 11 characters', { lang_data: { ko: { label: '가나다라마바사아자차카' } } }, 400, 'lang_data.ko.label'],
];

/** Treatment rules whose product counterparts products-write already covers. */
const TREATMENT_ONLY: RuleCase[] = [
  ['a pic over 255 characters', { pic: `https://cdn.example.com/${'a'.repeat(240)}.jpg` }, 40025, 'pic'],
  ['a pic that is not an http(s) URL', { pic: 'ftp://cdn.example.com/t.jpg' }, 40025, 'pic'],
  ['a price with 3 decimals', { price: 10.005 }, 400, 'price'],
  ['five label tags', { label: 'a,b,c,d,e' }, 400, 'label'],
  ['age_limit 1 without ages', { age_limit: 1 }, 400, 'min_age'],
  ['a lang_data key that is not a language code', { lang_data: { de: { name: 'Gesichtsbehandlung' } } }, 400, 'lang_data.de'],
  ['a lang_data name of 151 characters', { lang_data: { fr: { name: 'n'.repeat(151) } } }, 40018, 'lang_data.fr.name'],
  ['a lang_data instruction of 2001 characters', { lang_data: { ar: { instruction: 'i'.repeat(2001) } } }, 40077, 'lang_data.ar.instruction'],
  ['a lang_data entry that is not an object', { lang_data: { ja: 'text' } }, 400, 'lang_data.ja'],
];

describe('catalogue item field rules', () => {
  let tp: TestPlatform;
  let serial = 0;
  beforeAll(async () => {
    tp = await startTestPlatform();
  });
  afterAll(async () => {
    await tp.stop();
  });
  const client = () => tp.client(tp.app('primary'));

  function create(kind: Kind, items: Patch[]): Promise<unknown> {
    if (kind === 'product') return client().call(ep.createProducts, { body: { product_list: items as Array<ReturnType<typeof productItem>> } });
    return client().call(ep.createTreatments, { body: { treatment_list: items as Array<ReturnType<typeof treatmentItem>> } });
  }

  function item(kind: Kind, patch: Patch = {}): Patch & { custom_id: string } {
    const customId = `${kind === 'product' ? 'FP' : 'FT'}${++serial}`;
    return (kind === 'product' ? productItem(customId, patch) : treatmentItem(customId, patch)) as Patch & { custom_id: string };
  }

  async function expectRefused(kind: Kind, patch: Patch, code: number, field: string): Promise<void> {
    const before = await itemCount(tp);
    const refused = item(kind, patch);
    const errors = errListOf(await failureOf(create(kind, [refused])));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ custom_id: refused.custom_id, err_code: code });
    expect(errors[0]?.err_msg).toContain(`${kind}_list.0.${field}`);
    expect(await itemCount(tp)).toBe(before);
    expect(await itemRow(tp, 'primary', kind, refused.custom_id)).toBeUndefined();
  }

  describe.each(['product', 'treatment'] as const)('%s create', (kind) => {
    it.each(SHARED)('refuses %s', async (_what, patch, code, field) => {
      await expectRefused(kind, patch, code, field);
    });

    it('accepts each of those fields at its bound', async () => {
      const ok = item(kind, {
        label: 'abcdefghij,b', price: '9999999.99', age_limit: 1, min_age: 30, max_age: 30, nurse_stage: 2,
        problem: { neck_lines: ['8', 0], water: [2, '4'], pore: [3] },
        lang_data: { ja: { sub_title: 's'.repeat(300), label: 'あいうえおかきくけこ' } },
      });
      expect(await create(kind, [ok])).toEqual({ err_list: [] });
      const row = await itemRow(tp, 'primary', kind, ok.custom_id);
      expect(row).toMatchObject({ label: 'abcdefghij,b', price_cents: 999999999, age_limit: 1, min_age: 30, max_age: 30 });
      expect(JSON.parse(row?.problem ?? '')).toEqual({ neck_lines: [0, 8], water: [2, 4], pore: [3] });
    });

    it('applies the valid items beside items that break these rules', async () => {
      const good = item(kind);
      const bad = [item(kind, { price: 12345678 }), item(kind, { nurse_stage: 5 }), item(kind, { problem: { acne: [5] } })];
      const errors = errListOf(await failureOf(create(kind, [bad[0] as Patch, good, bad[1] as Patch, bad[2] as Patch])));
      expect(errors.map((e) => [e.custom_id, e.err_code])).toEqual(bad.map((b) => [b.custom_id, 400]));
      expect(await itemRow(tp, 'primary', kind, good.custom_id)).toBeDefined();
    });
  });

  describe('treatment create', () => {
    it.each(TREATMENT_ONLY)('refuses %s', async (_what, patch, code, field) => {
      await expectRefused('treatment', patch, code, field);
    });

    it('accepts pic of 255 characters, sub_title of 300, instruction of 2000 and lang_data texts at their limits', async () => {
      const ok = item('treatment', {
        pic: `https://c.example.com/${'a'.repeat(229)}.jpg`, sub_title: 's'.repeat(300), instruction: 'i'.repeat(2000),
        lang_data: { fr: { name: 'n'.repeat(150), sub_title: 's'.repeat(300), instruction: 'i'.repeat(2000), label: 'a,b,c,d' } },
      });
      expect((ok['pic'] as string).length).toBe(255);
      expect(await create('treatment', [ok])).toEqual({ err_list: [] });
      const row = await itemRow(tp, 'primary', 'treatment', ok.custom_id);
      expect([row?.pic.length, row?.sub_title.length, row?.instruction.length]).toEqual([255, 300, 2000]);
      expect(JSON.parse(row?.lang_data ?? '').fr.instruction).toHaveLength(2000);
    });
  });

  describe.each(['product', 'treatment'] as const)('%s update', (kind) => {
    it('runs the same rules on the fields an update sends', async () => {
      const existing = item(kind, { price: 10 });
      await create(kind, [existing]);
      const update = (patch: Patch) =>
        kind === 'product'
          ? client().call(ep.updateProducts, { body: { product_list: [{ custom_id: existing.custom_id, ...patch }] } })
          : client().call(ep.updateTreatments, { body: { treatment_list: [{ custom_id: existing.custom_id, ...patch }] } });
      for (const [patch, field] of [
        [{ price: 12345678 }, 'price'], [{ label: 'abcdefghijk' }, 'label'], [{ nurse_stage: 3 }, 'nurse_stage'],
        [{ problem: { pores: [1] } }, 'problem.pores'], [{ age_limit: 1, min_age: 20 }, 'max_age'],
      ] as const) {
        const errors = errListOf(await failureOf(update(patch)));
        expect(errors, JSON.stringify(patch)).toEqual([{ custom_id: existing.custom_id, err_code: 400, err_msg: expect.stringContaining(field) }]);
      }
      expect((await itemRow(tp, 'primary', kind, existing.custom_id))?.price_cents).toBe(1000);
    });
  });
});
