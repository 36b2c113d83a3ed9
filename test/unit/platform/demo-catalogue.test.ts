import { describe, expect, it } from 'vitest';
import { CATEGORY_IDS } from '../../../protocol/enums/categories.ts';
import { checkProductCreateItem, checkTreatmentCreateItem } from '../../../protocol/open-api/catalogue-validators.ts';
import { DEMO_CATALOGUES, demoCreateItem } from '../../../platform/seed/demo-catalogue.ts';
import { DEMO_MERCHANTS } from '../../../platform/seed/demo-tenants.ts';

/** The demo catalogue obeys the rules an integrator's data obeys, and covers what the demo needs. */
describe('demo catalogue', () => {
  const primary = DEMO_CATALOGUES['Lumen Skin Studio'];

  it('names only seeded merchants and their stores', () => {
    for (const [name, catalogue] of Object.entries(DEMO_CATALOGUES)) {
      const merchant = DEMO_MERCHANTS.find((m) => m.name === name);
      expect(merchant, name).toBeDefined();
      const stores = new Set(merchant?.stores.map((s) => s.custom_id));
      for (const item of [...catalogue.products, ...catalogue.treatments]) {
        for (const store of [...(item.sold_at ?? []), ...Object.keys(item.links ?? {})]) expect(stores.has(store), `${item.custom_id} ${store}`).toBe(true);
        for (const store of Object.keys(item.links ?? {})) expect(merchant?.stores.find((s) => s.custom_id === store)?.business_type, store).toBe(2);
      }
    }
  });

  it('passes the protocol validators item by item', () => {
    for (const catalogue of Object.values(DEMO_CATALOGUES)) {
      for (const item of catalogue.products) {
        const checked = checkProductCreateItem(demoCreateItem(item));
        expect(checked.ok ? null : checked.failure.message, item.custom_id).toBeNull();
      }
      for (const item of catalogue.treatments) {
        const checked = checkTreatmentCreateItem(demoCreateItem(item));
        expect(checked.ok ? null : checked.failure.message, item.custom_id).toBeNull();
      }
    }
  });

  it('covers every category, a set of existing products, both treatment sources, disabled and selected-store items, three languages', () => {
    expect(primary).toBeDefined();
    if (!primary) return;
    expect(new Set(primary.products.map((p) => p.category_id))).toEqual(new Set(CATEGORY_IDS));
    const set = primary.products.find((p) => p.category_id === 9);
    const numbers = new Set(primary.products.map((p) => p.custom_id));
    expect(set?.suit?.length).toBeGreaterThan(0);
    for (const [customId] of set?.suit ?? []) expect(numbers.has(customId)).toBe(true);
    expect(new Set(primary.treatments.map((t) => t.source ?? 2))).toEqual(new Set([1, 2]));
    expect(primary.products.some((p) => p.status === -1) && primary.treatments.some((t) => t.status === -1)).toBe(true);
    expect(primary.products.some((p) => p.sold_at) && primary.treatments.some((t) => t.sold_at)).toBe(true);
    expect(primary.products.every((p) => p.lang_data?.['zh-Hans'] && p.lang_data['ar'])).toBe(true);
    expect(primary.products.every((p) => p.problem && Object.keys(p.problem).length > 0)).toBe(true);
  });

  it('gives the primary merchant\'s Chinese and Arabic readers every text the English reader has', () => {
    expect(primary?.products.length).toBeGreaterThan(0);
    for (const item of [...(primary?.products ?? []), ...(primary?.treatments ?? [])]) {
      for (const lang of ['zh-Hans', 'ar'] as const) {
        const entry = item.lang_data?.[lang];
        for (const field of ['name', 'sub_title', 'label', 'instruction'] as const) {
          if (item[field]) expect(entry?.[field], `${item.custom_id} ${lang} ${field}`).toBeTruthy();
        }
      }
    }
  });
});
