import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQL_BACKENDS, openTestDatabase, type TestDatabase } from '../../helpers/sql-backends.ts';

/** Migration 007: every catalogue item has a revision, 0 when it was made (D-071), on both backends. */
describe.each(SQL_BACKENDS)('migration 007 catalogue revisions on %s', (backend) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await openTestDatabase(backend);
    await test.db.run("INSERT INTO groups (id, name, created_at) VALUES (1, 'g', 1)");
    await test.db.run("INSERT INTO merchants (id, group_id, name, region, created_at) VALUES (1, 1, 'A', 'overseas', 1)");
  });
  afterAll(async () => {
    await test?.close();
  });

  it('starts an item at revision 0 and refuses none', async () => {
    await test.db.run(
      "INSERT INTO catalogue_items (id, merchant_id, kind, custom_id, category_id, name, pic, created_at, updated_at) VALUES (1, 1, 'product', 'P1', 3, 'n', 'https://x.example.com/p.jpg', 1, 1)",
    );
    expect(await test.db.one('SELECT revision FROM catalogue_items WHERE id = 1')).toEqual({ revision: 0 });
    await expect(test.db.run('UPDATE catalogue_items SET revision = NULL WHERE id = 1')).rejects.toThrow();
  });
});
