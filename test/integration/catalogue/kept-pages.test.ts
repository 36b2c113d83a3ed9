import { gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_HEADER, MERCHANT_ID_HEADER } from '../../../protocol/token.ts';
import { catalogueEndpoints as ep } from '../../../protocol/endpoints/catalogue.ts';
import { openPlatformDatabase } from '../../../platform/storage/database.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { itemRow, productItem } from './helpers.ts';

/**
 * Merchant pages are kept serialised and served while the ids and revisions of their items are
 * unchanged (D-071), and on either backend while no change of the merchant's catalogue is known
 * (D-075): every write of an item must show on the next read, from this process or another one
 * on the same database.
 */
describe('kept merchant pages', () => {
  let tp: TestPlatform;
  beforeAll(async () => {
    tp = await startTestPlatform();
  });
  afterAll(async () => {
    await tp.stop();
  });
  const client = () => tp.client(tp.app('primary'));
  const lastPage = async () => {
    const all = await client().call(ep.merchantProducts, { query: { count: 100 } });
    return all.list.at(-1);
  };

  it('shows an update, a status change, a deletion and a new item on the next read', async () => {
    await client().call(ep.createProducts, { body: { product_list: [productItem('KEPT1', { price: '10.00' })] } });
    expect(await lastPage()).toMatchObject({ custom_id: 'KEPT1', price: 10, status: 1 });
    await client().call(ep.updateProducts, { body: { product_list: [{ custom_id: 'KEPT1', price: '12.50' }] } });
    expect(await lastPage()).toMatchObject({ custom_id: 'KEPT1', price: 12.5 });
    await client().call(ep.productStatus, { params: { status: -1 }, body: { custom_id_list: ['KEPT1'] } });
    expect(await lastPage()).toMatchObject({ custom_id: 'KEPT1', status: -1 });
    const id = (await itemRow(tp, 'primary', 'product', 'KEPT1'))?.id;
    await client().call(ep.deleteProducts, { body: { custom_id_list: ['KEPT1'] } });
    expect((await lastPage())?.custom_id).not.toBe('KEPT1');
    // On SQLite the new item may get the deleted one's id: its random first revision tells them apart.
    await client().call(ep.createProducts, { body: { product_list: [productItem('KEPT2', { price: '10.00' })] } });
    const created = await itemRow(tp, 'primary', 'product', 'KEPT2');
    expect(created?.id === id ? created?.revision : 1).not.toBe(0);
    expect(await lastPage()).toMatchObject({ custom_id: 'KEPT2', price: 10, status: 1 });
  });

  it("answers a page kept under its stamp before routing, with the route's bytes, and a write on the next read (D-089)", async () => {
    // One client throughout: each new client issues a token, which replaces the one before.
    const own = client();
    const headers = { [ACCESS_TOKEN_HEADER]: await own.accessToken(), [MERCHANT_ID_HEADER]: String(tp.app('primary').merchant_id) };
    const get = async (query: string, extra: Record<string, string> = {}) => {
      const res = await request(`${tp.platform.url}/open_api/merchant/products?${query}`, { headers: { ...headers, ...extra } });
      const wire = Buffer.from(await res.body.arrayBuffer());
      return { wire, headers: res.headers, text: (res.headers['content-encoding'] === 'gzip' ? gunzipSync(wire) : wire).toString('utf8') };
    };
    const withoutReqId = (text: string) => text.replace(/"req_id":"[0-9a-f]{32}"/, '');
    await get('page=1&count=100');
    const authentications = vi.spyOn(tp.platform.services.tokens, 'authenticate');
    try {
      const early = await get('page=1&count=100');
      const earlyGzip = await get('page=1&count=100', { 'accept-encoding': 'gzip' });
      expect(authentications).not.toHaveBeenCalled();
      // Percent-encoded, the same page: the route reads and answers it.
      const byRoute = await get('page=%31&count=100');
      expect(authentications).toHaveBeenCalledTimes(1);
      expect(withoutReqId(early.text)).toBe(withoutReqId(byRoute.text));
      expect(withoutReqId(earlyGzip.text)).toBe(withoutReqId(byRoute.text));
      for (const name of ['content-type', 'vary', 'content-length']) expect(early.headers[name], name).toEqual(byRoute.headers[name]);
      expect(earlyGzip.headers['content-encoding']).toBe('gzip');
      // A write through this process moves the stamp: the next read is the route's, with the change.
      await own.call(ep.createProducts, { body: { product_list: [productItem('EARLY1', { price: '10.00' })] } });
      authentications.mockClear();
      expect((JSON.parse((await get('page=1&count=100')).text) as { response: { list: { custom_id: string }[] } }).response.list.at(-1)?.custom_id).toBe('EARLY1');
      expect(authentications).toHaveBeenCalledTimes(1);
    } finally {
      authentications.mockRestore();
    }
  });

  it('shows a change made in SQL through another connection to the database', async () => {
    const before = await lastPage();
    // Another process's connection: SQLite's data version moves (D-075); on PostgreSQL the
    // trigger's notification arrives once the change commits, so it is given 2 s.
    const other = await openPlatformDatabase({ dataDir: tp.dataDir, databaseUrl: tp.platform.services.config.databaseUrl });
    try {
      await other.run("UPDATE catalogue_items SET name = 'Changed elsewhere', revision = revision + 1 WHERE id = ?", [Number(before?.id)]);
    } finally {
      await other.close();
    }
    const deadline = Date.now() + 2000;
    while ((await lastPage())?.name !== 'Changed elsewhere' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(await lastPage()).toMatchObject({ id: before?.id, name: 'Changed elsewhere' });
  });
});
