import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueEndpoints as ep } from '../../../protocol/endpoints/catalogue.ts';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../../helpers/postgres.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { productItem } from '../catalogue/helpers.ts';

/**
 * On PostgreSQL a merchant page is served from memory while no change of the merchant's catalogue
 * is heard (D-075): no query at all. Proven here by changing a row with the notifying trigger
 * turned off, which a kept page does not show; and when the listening connection is lost, pages
 * are read from the database again until it listens anew, so nothing stale outlives the gap.
 * (Runs in the default suite, not the PostgreSQL one: it needs PostgreSQL on any run.)
 */
describe('merchant pages kept until a change is heard (PostgreSQL)', () => {
  let database: TestPostgresDatabase;
  let tp: TestPlatform;
  beforeAll(async () => {
    database = await createTestPostgresDatabase();
    tp = await startTestPlatform({ config: { databaseUrl: database.url } });
    await tp.client(tp.app('primary')).call(ep.createProducts, { body: { product_list: [productItem('HEARD1', { name: 'As created' })] } });
  });
  afterAll(async () => {
    await tp?.stop();
    await database?.drop();
  });

  const sql = () => tp.platform.services.sql;
  const last = async () => (await tp.client(tp.app('primary')).call(ep.merchantProducts, { query: { count: 100 } })).list.at(-1);
  const eventually = async (name: string): Promise<void> => {
    const deadline = Date.now() + 3000;
    while ((await last())?.name !== name) {
      if (Date.now() > deadline) throw new Error(`the page did not show "${name}" within 3 s`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('serves the kept page without reading, and reads again once it stopped hearing', async () => {
    await eventually('As created');
    await sql().run('ALTER TABLE catalogue_items DISABLE TRIGGER catalogue_items_notify');
    await sql().run("UPDATE catalogue_items SET name = 'Changed unheard', revision = revision + 1 WHERE custom_id = 'HEARD1'");
    // Nothing was heard: the kept page stands (a read of the rows would show the new name).
    for (let i = 0; i < 5; i++) expect(await last()).toMatchObject({ custom_id: 'HEARD1', name: 'As created' });

    // The listener's connection is lost: until it listens again the page is checked by revisions
    // (D-071), and what was kept before the gap is never served again.
    const killed = await sql().all<{ ok: boolean }>("SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN catalogue_changed'");
    expect(killed).toEqual([{ ok: true }]);
    await eventually('Changed unheard');

    // Listening again, a change made by hand in SQL is heard through the trigger.
    await sql().run('ALTER TABLE catalogue_items ENABLE TRIGGER catalogue_items_notify');
    await sql().run("UPDATE catalogue_items SET name = 'Changed by hand' WHERE custom_id = 'HEARD1'");
    await eventually('Changed by hand');
  });

  it('shows its own writes on the very next read', async () => {
    const client = tp.client(tp.app('primary'));
    for (const price of ['20.00', '21.00', '22.00']) {
      await client.call(ep.updateProducts, { body: { product_list: [{ custom_id: 'HEARD1', price }] } });
      expect(await last()).toMatchObject({ custom_id: 'HEARD1', price: Number(price) });
    }
  });
});
