import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueEndpoints as ep } from '../../../protocol/endpoints/catalogue.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { itemRow, productItem } from './helpers.ts';

/**
 * A merchant's back office sending several batches at once that name the same items, some in the
 * opposite order (a retrying sync job beside a manual edit). On PostgreSQL, transactions that
 * update the same rows in opposite orders deadlock; run side by side they exhausted the retries
 * and 6 of 10 answered 503. Every batch must apply, each as a whole.
 */
describe('catalogue batches on the same items at once', () => {
  let tp: TestPlatform;
  beforeAll(async () => {
    tp = await startTestPlatform();
  });
  afterAll(async () => {
    await tp.stop();
  });
  // One client for every call: each client takes its own token, and an app has one active token.
  let shared: ReturnType<TestPlatform['client']> | null = null;
  const client = () => (shared ??= tp.client(tp.app('primary')));
  const ids = ['CC1', 'CC2', 'CC3', 'CC4', 'CC5', 'CC6'];

  it('applies ten concurrent updates, half listing the items in reverse, each all or nothing', async () => {
    expect(await client().call(ep.createProducts, { body: { product_list: ids.map((id) => productItem(id)) } })).toEqual({ err_list: [] });
    const batches = Array.from({ length: 10 }, (_, k) => {
      const items = ids.map((custom_id) => ({ custom_id, sub_title: `batch ${k}` }));
      return k % 2 === 0 ? items : items.reverse();
    });
    const answers = await Promise.allSettled(batches.map((product_list) => client().call(ep.updateProducts, { body: { product_list } })));
    const refused = answers.flatMap((a) => (a.status === 'rejected' ? [String(a.reason)] : []));
    expect(refused).toEqual([]);
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : null))).toEqual(batches.map(() => ({ err_list: [] })));
    // The batch that committed last wrote every item: no item holds another batch's value.
    const titles = new Set(await Promise.all(ids.map(async (id) => (await itemRow(tp, 'primary', 'product', id))?.sub_title)));
    expect(titles.size).toBe(1);
  }, 60_000);

  it('applies concurrent creations of overlapping new items once each, in opposite orders', async () => {
    const fresh = ['CN1', 'CN2', 'CN3', 'CN4'];
    const batches = Array.from({ length: 6 }, (_, k) => (k % 2 === 0 ? fresh : [...fresh].reverse()).map((id) => productItem(id)));
    const answers = await Promise.allSettled(batches.map((product_list) => client().call(ep.createProducts, { body: { product_list } })));
    // One batch creates them all; every other names each item as already there (40067's sibling
    // for an existing number), never 503 or 500.
    const refused = answers.flatMap((a) => (a.status === 'rejected' ? [String(a.reason)] : []));
    const created = answers.filter((a) => a.status === 'fulfilled' && (a.value.err_list ?? []).length === 0);
    expect({ refused: refused.filter((r) => !/40069/.test(r)), created: created.length }).toEqual({ refused: [], created: 1 });
    for (const id of fresh) expect(await itemRow(tp, 'primary', 'product', id)).toBeDefined();
  }, 60_000);
});
