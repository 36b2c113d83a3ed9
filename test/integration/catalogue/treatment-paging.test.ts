import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueEndpoints as ep } from '../../../protocol/endpoints/catalogue.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { expectCode, treatmentItem } from './helpers.ts';

/**
 * Paging of GET /open_api/merchant/treatments and GET /open_api/store/treatments (specification:
 * Limits, page default 1, count default 20 and max 100; D-013, C-011) over more than 100
 * treatments, so that the default, the maximum and the last partial page all show.
 */

const ADDED = 120;

describe('treatment lists page with page, count and total', () => {
  let tp: TestPlatform;
  let merchantBefore = 0;
  let storeBefore = 0;
  beforeAll(async () => {
    tp = await startTestPlatform();
    const client = tp.client(tp.app('primary'));
    merchantBefore = (await client.call(ep.merchantTreatments, {})).total ?? -1;
    storeBefore = (await client.call(ep.storeTreatments, { query: { store_custom_id: 'SG001' } })).total ?? -1;
    const ids = Array.from({ length: ADDED }, (_, i) => `PG${String(i).padStart(3, '0')}`);
    // Created through the API: merchant-created, active, sold at every store (C-006).
    for (const chunk of [ids.slice(0, 100), ids.slice(100)]) {
      await client.call(ep.createTreatments, { body: { treatment_list: chunk.map((id) => treatmentItem(id)) } });
    }
  });
  afterAll(async () => {
    await tp.stop();
  });
  const client = () => tp.client(tp.app('primary'));

  const READS = [
    { name: 'GET /open_api/merchant/treatments', read: (query: Record<string, unknown>) => client().call(ep.merchantTreatments, { query }), before: () => merchantBefore },
    {
      name: 'GET /open_api/store/treatments',
      read: (query: Record<string, unknown>) => client().call(ep.storeTreatments, { query: { store_custom_id: 'SG001', ...query } }),
      before: () => storeBefore,
    },
  ];

  describe.each(READS)('$name', ({ read, before }) => {
    const total = () => before() + ADDED;

    it('defaults to page 1 of 20 and reports the total', async () => {
      const page = await read({});
      expect(page.total).toBe(total());
      expect(page.list).toHaveLength(20);
      expect(page).toEqual(await read({ page: 1, count: 20 }));
      expect(page.list.map((t) => t.custom_id)).toEqual((await read({ count: 100 })).list.slice(0, 20).map((t) => t.custom_id));
    });

    it('answers up to 100 per page and clamps a larger count to 100', async () => {
      expect((await read({ count: 100 })).list).toHaveLength(100);
      const clamped = await read({ count: 500 });
      expect(clamped.list).toHaveLength(100);
      expect(clamped.total).toBe(total());
      expect(clamped).toEqual(await read({ count: 100 }));
    });

    it('walks every treatment exactly once across pages, the last page partial', async () => {
      const seen: string[] = [];
      const pages = Math.ceil(total() / 20);
      for (let p = 1; p <= pages; p++) {
        const page = await read({ page: p });
        expect(page.total).toBe(total());
        expect(page.list.length).toBe(p < pages ? 20 : total() - 20 * (pages - 1));
        seen.push(...page.list.map((t) => t.custom_id));
      }
      expect(seen).toHaveLength(total());
      expect(new Set(seen).size).toBe(total());
      expect(seen.filter((id) => id.startsWith('PG'))).toEqual(Array.from({ length: ADDED }, (_, i) => `PG${String(i).padStart(3, '0')}`));
      const second = await read({ page: 2, count: 100 });
      expect(second.list.map((t) => t.custom_id)).toEqual(seen.slice(100));
    });

    it('answers an empty list with the total past the last page', async () => {
      expect(await read({ page: Math.ceil(total() / 20) + 1 })).toEqual({ list: [], total: total() });
    });

    it('refuses a page or count below 1 or not an integer with 400 naming it', async () => {
      for (const [query, name] of [[{ page: 0 }, 'page'], [{ count: 0 }, 'count'], [{ page: 'two' }, 'page'], [{ count: 2.5 }, 'count']] as const) {
        const error = await expectCode(read(query), 400);
        expect(error.detail).toMatch(new RegExp(`^query\\.${name}`));
      }
    });
  });
});
