import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantEndpoints as ep } from '../../../protocol/endpoints/merchant.ts';
import { DIMENSION_IDS } from '../../../protocol/enums/index.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { codeOf, failureOf } from '../../helpers/open-api.ts';

/** Specification: Merchant data: reads, against the seeded demo tenants (decision D-011). */
describe('merchant data reads', () => {
  let tp: TestPlatform;
  beforeAll(async () => {
    tp = await startTestPlatform();
  });
  afterAll(async () => {
    await tp.stop();
  });

  const primary = () => tp.client(tp.app('primary'));
  const groupAs = (which: 'primary' | 'second') => tp.client(tp.app('group'), { merchantId: tp.app(which).merchant_id ?? undefined });

  describe('GET /open_api/merchant/merchants', () => {
    it('lists every merchant of the group for a group token, with id, name and area', async () => {
      const res = await tp.client(tp.app('group')).call(ep.listMerchants);
      expect(res.total).toBe(3);
      expect(res.list.map((m) => m.name)).toEqual(['Lumen Skin Studio', 'Harbour Derma Bar', 'Shanghai Skin Lab']);
      expect(res.list[0]).toEqual({ merchant_id: tp.app('primary').merchant_id, name: 'Lumen Skin Studio', area: 'Singapore, Malaysia' });
    });

    it('refuses a merchant token with 400 (group operation, D-007)', async () => {
      const error = await failureOf(primary().call(ep.listMerchants));
      expect(error.code).toBe(400);
      expect(error.httpStatus).toBe(400);
      expect(error.detail).toContain('group-level');
    });
  });

  describe('regions', () => {
    it('refuses a merchant of the other region with 44099, reads and writes alike, and changes nothing', async () => {
      // Only this (overseas) instance is known: the client's switch to the merchant's region
      // lands here again, and the refusal reaches the caller.
      const here = { addresses: { cn: tp.platform.url, overseas: tp.platform.url } };
      const mainland = tp.client(tp.app('mainland'), here);
      const mainlandByGroup = tp.client(tp.app('group'), { ...here, merchantId: tp.app('mainland').merchant_id ?? undefined });
      const address = () => tp.platform.services.sql.one("SELECT address FROM stores WHERE custom_id = 'SH001'");
      const before = await address();
      expect(before).toBeDefined();
      expect(await codeOf(mainland.call(ep.listStores))).toBe(44099);
      expect(await codeOf(mainlandByGroup.call(ep.listStores))).toBe(44099);
      expect(await codeOf(mainland.call(ep.updateStore, { body: { custom_id: 'SH001', address: 'written on the wrong region' } }))).toBe(44099);
      expect(await address()).toEqual(before);
      // The group's merchant list is a group operation and spans both regions.
      expect((await tp.client(tp.app('group'), here).call(ep.listMerchants)).total).toBe(3);
    });
  });

  describe('GET /open_api/merchant/stores', () => {
    it('lists the stores of a merchant token, ordered by id, with total on the response and each item', async () => {
      const res = await primary().call(ep.listStores);
      expect(res.total).toBe(4);
      expect(res.list.map((s) => s.store_custom_id)).toEqual(['SG001', 'SG002', 'MY001', 'SG009']);
      expect(res.list[0]).toMatchObject({ name: 'Orchard Flagship', province: 'Singapore', city: 'Singapore', address: '2 Orchard Turn', status: 1, store_business_type: 2, total: '4' });
      expect(res.list[3]).toMatchObject({ store_custom_id: 'SG009', status: -1, store_business_type: 1 });
    });

    it('answers the same for a group token naming the merchant in merchant-id', async () => {
      expect(await groupAs('primary').call(ep.listStores)).toEqual(await primary().call(ep.listStores));
    });

    it('refuses a group token without merchant-id with 400 naming the header', async () => {
      const error = await failureOf(tp.client(tp.app('group')).call(ep.listStores));
      expect(error.code).toBe(400);
      expect(error.detail).toMatch(/^headers\.merchant-id/);
    });
  });

  describe('GET /open_api/merchant/employees', () => {
    it('lists every account of the merchant with its store number and store status', async () => {
      const res = await primary().call(ep.listEmployees);
      expect(res.total).toBe(6);
      expect(res.list.map((e) => e.real_name)).toEqual(['Mei', 'Arun', 'Lina', 'Wei', 'Aisyah', 'Tan']);
      const tan = res.list.find((e) => e.real_name === 'Tan');
      expect(tan).toMatchObject({ store_custom_id: 'SG009', status_status: -1, status: -1 });
      const mei = res.list[0];
      expect(mei).toMatchObject({ store_custom_id: 'SG001', status_status: 1, status: 1, sso_account: '', email: '' });
      expect(mei?.store_id).toMatch(/^\d+$/);
    });

    it('filters by store_custom_id', async () => {
      const res = await primary().call(ep.listEmployees, { query: { store_custom_id: 'SG001' } });
      expect(res.total).toBe(3);
      expect(res.list.every((e) => e.store_custom_id === 'SG001')).toBe(true);
    });

    it('answers an empty list for a store number the merchant does not have', async () => {
      expect(await primary().call(ep.listEmployees, { query: { store_custom_id: 'ZZ999' } })).toEqual({ list: [], total: 0 });
    });

    it('refuses a malformed store_custom_id filter with 400', async () => {
      expect(await codeOf(primary().call(ep.listEmployees, { query: { store_custom_id: 'SG-001' } }))).toBe(400);
    });
  });

  describe('GET /open_api/merchant/langs', () => {
    it("answers the merchant's default language and enabled languages", async () => {
      expect(await primary().call(ep.langs)).toEqual({ default_lang: 'en', lang_list: ['en', 'zh-Hans', 'ar'] });
      expect(await groupAs('second').call(ep.langs)).toEqual({ default_lang: 'zh-Hant-HK', lang_list: ['zh-Hant-HK', 'en'] });
    });

    it('answers an empty lang_list when the merchant has none', async () => {
      await tp.addOtherRegion();
      await tp.platform.services.sql.run("UPDATE merchants SET lang_list = '[]' WHERE id = ?", [Number(tp.app('mainland').merchant_id)]);
      expect(await tp.client(tp.app('mainland')).call(ep.langs)).toEqual({ default_lang: 'zh-Hans', lang_list: [] });
    });
  });

  describe('GET /open_api/merchant/dimensions', () => {
    it('defaults to English: every dimension with its levels, divisions_count and status', async () => {
      const res = await primary().call(ep.listDimensions);
      expect(res.list.map((d) => d.id)).toEqual([...DIMENSION_IDS]);
      expect(res.total).toBe(28);
      const pore = res.list.find((d) => d.id === 'pore');
      expect(pore).toEqual({
        id: 'pore', name: 'Pores', status: 1, divisions_count: 3,
        divisions: [{ id: 1, name: 'Fine' }, { id: 2, name: 'Medium' }, { id: 3, name: 'Coarse' }],
      });
      for (const d of res.list) expect(d.divisions_count).toBe(d.divisions.length);
      expect(res.list.find((d) => d.id === 'neck_lines')?.divisions_count).toBe(9);
      expect(res.list.find((d) => d.id === 'water')?.divisions.map((l) => l.id)).toEqual([2, 3, 4]);
    });

    it('names dimensions and levels in the requested language (zh-Hans)', async () => {
      const res = await primary().call(ep.listDimensions, { query: { lang: 'zh-Hans' } });
      const pore = res.list.find((d) => d.id === 'pore');
      expect(pore?.name).toBe('毛孔');
      expect(pore?.divisions.map((l) => l.name)).toEqual(['细致', '中等', '粗大']);
      expect(res.list.find((d) => d.id === 'acne')?.divisions[0]).toEqual({ id: 0, name: '无' });
    });

    it('answers lang=en explicitly the same as the default', async () => {
      expect(await primary().call(ep.listDimensions, { query: { lang: 'en' } })).toEqual(await primary().call(ep.listDimensions));
    });

    it('names dimensions and levels in Japanese and Arabic when asked', async () => {
      const ja = await primary().call(ep.listDimensions, { query: { lang: 'ja' } });
      expect(ja.list.find((d) => d.id === 'pore')).toMatchObject({ name: '毛穴', divisions: [{ id: 1, name: '細かい' }, { id: 2, name: '普通' }, { id: 3, name: '目立つ' }] });
      expect(ja.list.find((d) => d.id === 'neck_lines')?.divisions.at(-1)).toEqual({ id: 8, name: 'レベル8' });
      const ar = await groupAs('second').call(ep.listDimensions, { query: { lang: 'ar' } });
      expect(ar.list.find((d) => d.id === 'acne')).toMatchObject({ name: 'حب الشباب', divisions_count: 5 });
      expect(ar.list.find((d) => d.id === 'acne')?.divisions.map((l) => l.name)).toEqual(['لا يوجد', 'المستوى I', 'المستوى II', 'المستوى III', 'المستوى IV']);
    });

    it('answers every language code of the specification in its own names, none of them English', async () => {
      const english = await primary().call(ep.listDimensions);
      for (const lang of ['zh-Hans', 'ja', 'ko', 'th', 'zh-Hant', 'zh-Hant-HK', 'vi', 'fr', 'tr', 'ar', 'nl', 'es-PA', 'es-MX', 'pt'] as const) {
        const res = await primary().call(ep.listDimensions, { query: { lang } });
        expect(res.list.map((d) => d.id), lang).toEqual(english.list.map((d) => d.id));
        expect(res.list.find((d) => d.id === 'crows_feet')?.name, lang).not.toBe("Crow's Feet");
        expect(res.list.find((d) => d.id === 'water')?.divisions[0]?.name, lang).not.toBe('Healthy');
      }
    });

    it('reads the code without regard to letter case (ZH-hant-hk is zh-Hant-HK)', async () => {
      expect(await primary().call(ep.listDimensions, { query: { lang: 'ZH-hant-hk' as 'en' } })).toEqual(await primary().call(ep.listDimensions, { query: { lang: 'zh-Hant-HK' } }));
    });

    it('answers English for a language tag that is not one of the specification (M-021)', async () => {
      const english = await primary().call(ep.listDimensions);
      for (const lang of ['de', 'en-US', 'zh-TW']) expect(await primary().call(ep.listDimensions, { query: { lang: lang as 'en' } }), lang).toEqual(english);
    });

    it('refuses a lang value that is no language tag with 400', async () => {
      const error = await failureOf(primary().call(ep.listDimensions, { query: { lang: '<script>' as 'en' } }));
      expect([error.code, error.httpStatus]).toEqual([400, 400]);
      expect(error.detail).toMatch(/^query\.lang/);
    });
  });

  describe('GET /open_api/merchant/categories', () => {
    it('lists the ten categories in English by default', async () => {
      const res = await primary().call(ep.listCategories);
      expect(res.list).toHaveLength(10);
      expect(res.list[0]).toEqual({ category_id: 1, name: 'Toner', status: 1 });
      expect(res.list[9]).toEqual({ category_id: 10, name: 'Mask', status: 1 });
    });

    it('names categories in zh-Hans when asked', async () => {
      const res = await groupAs('primary').call(ep.listCategories, { query: { lang: 'zh-Hans' } });
      expect(res.list.map((c) => c.name).slice(0, 3)).toEqual(['爽肤水', '乳液', '精华']);
    });

    it('names categories in Japanese and Arabic when asked', async () => {
      const ja = await primary().call(ep.listCategories, { query: { lang: 'ja' } });
      expect(ja.list.map((c) => c.name)).toEqual(['化粧水', '乳液', '美容液', 'クリーム', 'アイケア', '洗顔料', '日焼け止め', 'その他', 'セット', 'フェイスマスク']);
      const ar = await primary().call(ep.listCategories, { query: { lang: 'ar' } });
      expect(ar.list[6]).toEqual({ category_id: 7, name: 'واقي الشمس', status: 1 });
    });

    it('answers English for an unknown language and 400 for a value that is no language tag (M-021)', async () => {
      expect((await primary().call(ep.listCategories, { query: { lang: 'xx' as 'en' } })).list[0]?.name).toBe('Toner');
      expect(await codeOf(primary().call(ep.listCategories, { query: { lang: 'en_US' as 'en' } }))).toBe(400);
    });
  });

  describe('GET /open_api/merchant/area', () => {
    it("lists the merchant's regions with remark and total", async () => {
      const res = await primary().call(ep.listAreas);
      expect(res.total).toBe(2);
      expect(res.list.map((r) => ({ name: r.name, remark: r.remark, total: r.total }))).toEqual([
        { name: 'Singapore', remark: 'Head office region', total: '2' },
        { name: 'Malaysia', remark: '', total: '2' },
      ]);
    });

    it('pages with page and count', async () => {
      const res = await primary().call(ep.listAreas, { query: { page: 2, count: 1 } });
      expect(res.total).toBe(2);
      expect(res.list.map((r) => r.name)).toEqual(['Malaysia']);
    });
  });
});
