import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueEndpoints as ep } from '../../../protocol/endpoints/catalogue.ts';
import { LANGUAGE_CODES } from '../../../protocol/enums/languages.ts';
import { LIMITS } from '../../../protocol/open-api/formats.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { expectCode, itemRow, linksOf, merchantId, productItem, saleStoresOf, treatmentItem } from './helpers.ts';

/**
 * The batch limits of the item operations at and just above each limit (specification: Limits,
 * link_list up to 100; code 40058 "too much data; call in batches"; D-015): status takes 100
 * numbers, sale_stores 1000 stores, links 100 entries. Above a limit nothing is applied.
 */

const KINDS = [
  { kind: 'product' as const, status: ep.productStatus, saleStores: ep.productSaleStores, links: ep.productLinks },
  { kind: 'treatment' as const, status: ep.treatmentStatus, saleStores: ep.treatmentSaleStores, links: ep.treatmentLinks },
];

/** Store numbers of the extra stores: the first LINK_LIST + 1 are Premium Version stores. */
const storeNumber = (i: number) => `LIM${String(i).padStart(4, '0')}`;

describe('catalogue batch limits', () => {
  let tp: TestPlatform;
  beforeAll(async () => {
    tp = await startTestPlatform();
    // The specification has no operation that makes a store Premium (M-008), and 1001 stores
    // through the API would mean 1001 manager accounts: the stores are written as the seed does.
    const merchant = merchantId(tp, 'primary');
    await tp.platform.services.sql.transaction(async (tx) => {
      for (let i = 0; i < LIMITS.SALE_STORES + 1; i++) {
        await tx.run('INSERT INTO stores (merchant_id, custom_id, name, address, status, business_type, created_at) VALUES (?, ?, ?, ?, 1, ?, ?)', [
          merchant, storeNumber(i), `Limit store ${i}`, `${i} Limit Road`, i <= LIMITS.LINK_LIST ? 2 : 1, Date.now(),
        ]);
      }
    });
  });
  afterAll(async () => {
    await tp.stop();
  });
  const client = () => tp.client(tp.app('primary'));

  it('the limits are the documented ones', () => {
    expect([LIMITS.BATCH_ITEMS, LIMITS.SALE_STORES, LIMITS.LINK_LIST]).toEqual([100, 1000, 100]);
  });

  it('a batch of valid items whose body is over the JSON size limit is 40058 (call in batches), not 400, and nothing is stored', async () => {
    // 100 items, each with its instruction in every language at the full 2000 characters:
    // every item is valid, the body (about 9 MB of UTF-8) is over the 4 MB limit (D-115).
    const langData = Object.fromEntries(LANGUAGE_CODES.map((lang) => [lang, { instruction: '护'.repeat(LIMITS.INSTRUCTION) }]));
    const items = Array.from({ length: LIMITS.BATCH_ITEMS }, (_, i) => productItem(`BIG${i}`, { lang_data: langData }));
    expect(Buffer.byteLength(JSON.stringify({ product_list: items }))).toBeGreaterThan(tp.platform.services.config.jsonBodyLimit);
    const refused = await expectCode(client().call(ep.createProducts, { body: { product_list: items } }), 40058);
    expect([refused.httpStatus, refused.detail]).toEqual([200, `the body is over ${tp.platform.services.config.jsonBodyLimit} bytes: send the items in smaller batches`]);
    expect(await itemRow(tp, 'primary', 'product', 'BIG0')).toBeUndefined();
    // The same items in batches of ten go through.
    expect(await client().call(ep.createProducts, { body: { product_list: items.slice(0, 10) } })).toEqual({ err_list: [] });
  });

  describe.each(KINDS)('$kind', (k) => {
    const prefix = k.kind === 'product' ? 'BP' : 'BT';
    const numbers = (count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i}`);
    const row = (customId: string) => itemRow(tp, 'primary', k.kind, customId);

    beforeAll(async () => {
      const ids = numbers(101);
      for (const chunk of [ids.slice(0, 100), ids.slice(100)]) {
        if (k.kind === 'product') await client().call(ep.createProducts, { body: { product_list: chunk.map((id) => productItem(id)) } });
        else await client().call(ep.createTreatments, { body: { treatment_list: chunk.map((id) => treatmentItem(id)) } });
      }
    });

    it('status/{status}: 101 numbers are 40058 and no status changes; 100 are applied', async () => {
      await expectCode(client().call(k.status, { params: { status: -1 }, body: { custom_id_list: numbers(101) } }), 40058);
      expect(await Promise.all(numbers(101).map(async (id) => (await row(id))?.status))).toEqual(Array.from({ length: 101 }, () => 1));
      expect(await client().call(k.status, { params: { status: -1 }, body: { custom_id_list: numbers(100) } })).toEqual({ err_list: [] });
      const statuses = await Promise.all(numbers(101).map(async (id) => (await row(id))?.status));
      expect(numbers(101).filter((_, i) => statuses[i] === -1)).toEqual(numbers(100));
    });

    it('sale_stores: 1001 stores are 40058 and nothing changes; 1000 are applied', async () => {
      const item = `${prefix}0`;
      const stores = (count: number) => Array.from({ length: count }, (_, i) => storeNumber(i));
      await expectCode(client().call(k.saleStores, { body: { custom_id: item, sell_type: 2, store_list: stores(1001) } }), 40058);
      expect((await row(item))?.sell_type).toBe(1);
      expect(await saleStoresOf(tp, (await row(item))?.id ?? 0)).toEqual([]);
      expect(await client().call(k.saleStores, { body: { custom_id: item, sell_type: 2, store_list: stores(1000) } })).toEqual({});
      expect((await row(item))?.sell_type).toBe(2);
      expect(await saleStoresOf(tp, (await row(item))?.id ?? 0)).toHaveLength(1000);
    });

    it('links: 100 distinct Premium stores are all set; 101 are 40058 and nothing is written', async () => {
      const entries = (count: number) => Array.from({ length: count }, (_, i) => ({ store_custom_id: storeNumber(i), link_type: 1 as const, link: `https://shop.example.com/${prefix}/${i}` }));
      const hundred = `${prefix}1`;
      expect(await client().call(k.links, { body: { custom_id: hundred, link_list: entries(100) } })).toEqual({});
      const written = await linksOf(tp, (await row(hundred))?.id ?? 0);
      expect(written).toHaveLength(100);
      expect(written.every((l) => l.link_type === 1 && l.link === `https://shop.example.com/${prefix}/${Number(l.store.slice(3))}`)).toBe(true);

      const over = `${prefix}2`;
      await expectCode(client().call(k.links, { body: { custom_id: over, link_list: entries(101) } }), 40058);
      expect(await linksOf(tp, (await row(over))?.id ?? 0)).toEqual([]);
    });
  });
});
