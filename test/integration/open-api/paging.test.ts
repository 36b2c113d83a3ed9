import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantEndpoints as ep } from '../../../protocol/endpoints/merchant.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { failureOf } from '../../helpers/open-api.ts';

/**
 * Paging of the list reads (specification: Limits: count default 20, max 100; page default 1).
 * 130 extra stores, accounts and regions are written straight into the database so there are
 * more than 100 rows without 130 password hashes.
 */
const EXTRA = 130;

describe('paging of stores, employees and regions', () => {
  let tp: TestPlatform;
  let totals: { stores: number; employees: number; areas: number };
  beforeAll(async () => {
    tp = await startTestPlatform();
    const merchantId = Number(tp.app('primary').merchant_id);
    await tp.platform.services.sql.transaction(async (tx) => {
      for (let i = 0; i < EXTRA; i++) {
        const store = await tx.one<{ id: number }>('INSERT INTO stores (merchant_id, custom_id, name, created_at) VALUES (?, ?, ?, 0) RETURNING id', [
          merchantId, `P${i}`, `Paging store ${i}`,
        ]);
        await tx.run("INSERT INTO accounts (merchant_id, store_id, username, password_hash, real_name, created_at) VALUES (?, ?, ?, 'x', ?, 0)", [
          merchantId, store!.id, `paging_${i}`, `Person ${i}`,
        ]);
        await tx.run('INSERT INTO areas (merchant_id, name) VALUES (?, ?)', [merchantId, `Region ${i}`]);
      }
    });
    totals = { stores: 4 + EXTRA, employees: 6 + EXTRA, areas: 2 + EXTRA };
  });
  afterAll(async () => {
    await tp.stop();
  });

  const lists = [
    ['stores', ep.listStores],
    ['employees', ep.listEmployees],
    ['areas', ep.listAreas],
  ] as const;

  for (const [name, endpoint] of lists) {
    describe(name, () => {
      it('defaults to page 1 of 20 and reports the total', async () => {
        const res = await tp.client(tp.app('primary')).call(endpoint);
        expect(res.list).toHaveLength(20);
        expect(res.total).toBe(totals[name]);
        const explicit = await tp.client(tp.app('primary')).call(endpoint, { query: { page: 1, count: 20 } });
        expect(explicit).toEqual(res);
      });

      it('answers up to 100 per page and clamps a larger count to 100', async () => {
        const client = tp.client(tp.app('primary'));
        expect((await client.call(endpoint, { query: { count: 100 } })).list).toHaveLength(100);
        expect((await client.call(endpoint, { query: { count: 101 } })).list).toHaveLength(100);
        expect((await client.call(endpoint, { query: { count: 5000 } })).list).toHaveLength(100);
      });

      it('walks every row exactly once across pages, the last page partial', async () => {
        const client = tp.client(tp.app('primary'));
        const ids: string[] = [];
        const pages = Math.ceil(totals[name] / 30);
        for (let page = 1; page <= pages; page++) {
          const res = await client.call(endpoint, { query: { page, count: 30 } });
          expect(res.total).toBe(totals[name]);
          if (page === pages) expect(res.list).toHaveLength(totals[name] - 30 * (pages - 1));
          ids.push(...res.list.map((item) => item.id));
        }
        expect(ids).toHaveLength(totals[name]);
        expect(new Set(ids).size).toBe(totals[name]);
        expect(ids.map(Number)).toEqual([...ids.map(Number)].sort((a, b) => a - b));
      });

      it('answers an empty list with the total past the last page, even for a huge page number', async () => {
        const client = tp.client(tp.app('primary'));
        expect(await client.call(endpoint, { query: { page: 99 } })).toEqual({ list: [], total: totals[name] });
        expect(await client.call(endpoint, { query: { page: 999_999_999_999_999 } })).toEqual({ list: [], total: totals[name] });
      });

      it('refuses a page or count below 1 or not an integer with 400 naming the parameter', async () => {
        const client = tp.client(tp.app('primary'));
        for (const query of [{ page: 0 }, { count: 0 }, { count: -5 }, { page: 'two' }, { count: 2.5 }]) {
          const error = await failureOf(client.call(endpoint, { query: query as { page?: number } }));
          expect(error.code, JSON.stringify(query)).toBe(400);
          expect(error.httpStatus).toBe(400);
          expect(error.detail).toMatch(/^query\.(page|count)/);
        }
      });
    });
  }

  it('pages the store_custom_id filter of employees too', async () => {
    const res = await tp.client(tp.app('primary')).call(ep.listEmployees, { query: { store_custom_id: 'SG001', page: 2, count: 2 } });
    expect(res.total).toBe(3);
    expect(res.list.map((e) => e.real_name)).toEqual(['Lina']);
  });
});
