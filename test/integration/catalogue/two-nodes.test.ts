import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueEndpoints as ep } from '../../../protocol/endpoints/catalogue.ts';
import { startPlatform, type RunningPlatform } from '../../../platform/server.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { productItem } from './helpers.ts';

/**
 * Two platform processes' worth of instances on one database (the SQLite file, or PostgreSQL in
 * the PostgreSQL run): a merchant page kept by one shows what is written through the other. On
 * SQLite by the items' revisions (D-071), on PostgreSQL by the change notification (D-075),
 * heard once the writer's transaction commits; the test allows it 2 s to arrive.
 */
describe('merchant pages on two nodes of one database', () => {
  let tp: TestPlatform;
  let second: RunningPlatform;
  beforeAll(async () => {
    tp = await startTestPlatform();
    const { databaseUrl } = tp.platform.services.config;
    second = await startPlatform({ port: 0, dataDir: tp.dataDir, logLevel: 'silent', ...(databaseUrl ? { databaseUrl } : {}) }, { seed: false });
  });
  afterAll(async () => {
    await second?.close();
    await tp?.stop();
  });

  const writer = () => tp.client(tp.app('primary'));
  const reader = () => tp.client(tp.app('primary'), { addresses: { cn: second.url, overseas: second.url } });
  const lastThroughSecond = async () => (await reader().call(ep.merchantProducts, { query: { count: 100 } })).list.at(-1);
  const eventually = async (check: (item: Awaited<ReturnType<typeof lastThroughSecond>>) => boolean): Promise<number> => {
    const started = Date.now();
    for (;;) {
      if (check(await lastThroughSecond())) return Date.now() - started;
      if (Date.now() - started > 2000) throw new Error('the second node did not show the write within 2 s');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('shows a create, an update and a deletion written through the first node', async () => {
    await writer().call(ep.createProducts, { body: { product_list: [productItem('NODE1', { price: '10.00' })] } });
    await eventually((item) => item?.custom_id === 'NODE1');
    // Kept now on the second node; the update through the first must replace it.
    expect(await lastThroughSecond()).toMatchObject({ custom_id: 'NODE1', price: 10 });
    await writer().call(ep.updateProducts, { body: { product_list: [{ custom_id: 'NODE1', price: '11.00' }] } });
    await eventually((item) => item?.custom_id === 'NODE1' && item.price === 11);
    await writer().call(ep.productStatus, { params: { status: -1 }, body: { custom_id_list: ['NODE1'] } });
    await eventually((item) => item?.custom_id === 'NODE1' && item.status === -1);
    await writer().call(ep.deleteProducts, { body: { custom_id_list: ['NODE1'] } });
    await eventually((item) => item?.custom_id !== 'NODE1');
  });
});
