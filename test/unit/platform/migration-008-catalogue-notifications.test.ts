import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqliteDatabase } from '../../../platform/storage/sqlite-database.ts';
import { openTestDatabase, type TestDatabase } from '../../helpers/sql-backends.ts';

const ITEM = "INSERT INTO catalogue_items (id, merchant_id, kind, custom_id, category_id, name, pic, created_at, updated_at) VALUES (?, ?, 'product', ?, 3, 'n', 'https://x.example.com/p.jpg', 1, 1)";

async function twoMerchants(test: TestDatabase): Promise<void> {
  await test.db.run("INSERT INTO groups (id, name, created_at) VALUES (1, 'g', 1)");
  await test.db.run("INSERT INTO merchants (id, group_id, name, region, created_at) VALUES (1, 1, 'A', 'overseas', 1), (2, 1, 'B', 'overseas', 1)");
}

/** Migration 008 (D-075): on PostgreSQL every change of a catalogue item notifies its merchant's id at commit; on SQLite a numbered step that changes nothing. */
describe('migration 008 catalogue change notifications', () => {
  describe('on PostgreSQL', () => {
    let test: TestDatabase;
    beforeAll(async () => {
      test = await openTestDatabase('postgres');
      await twoMerchants(test);
    });
    afterAll(async () => {
      await test?.close();
    });

    it('notifies the merchant of an inserted, updated and deleted item, once per transaction', async () => {
      const heard: string[] = [];
      let listening = false;
      const notifications = test.db.notifications;
      if (!notifications) throw new Error('PostgreSQL has notifications');
      const stop = notifications.listen('catalogue_changed', { heard: (p) => heard.push(p), listening: (on) => (listening = on) });
      for (let t = 0; !listening; t++) {
        if (t > 500) throw new Error('not listening within 5 s');
        await new Promise((r) => setTimeout(r, 10));
      }
      const settle = async (n: number) => {
        for (let t = 0; heard.length < n && t < 500; t++) await new Promise((r) => setTimeout(r, 10));
        await new Promise((r) => setTimeout(r, 50));
      };
      await test.db.transaction(async (tx) => {
        await tx.run(ITEM, [1, 1, 'P1']);
        await tx.run(ITEM, [2, 1, 'P2']);
      });
      await settle(1);
      expect(heard).toEqual(['1']);
      await test.db.run("UPDATE catalogue_items SET name = 'm' WHERE id = 2");
      await test.db.run('DELETE FROM catalogue_items WHERE id = 1');
      await test.db.run(ITEM, [3, 2, 'P3']);
      await settle(4);
      expect(heard).toEqual(['1', '1', '1', '2']);
      await stop();
    });
  });

  describe('on SQLite', () => {
    let test: TestDatabase;
    beforeAll(async () => {
      test = await openTestDatabase('sqlite');
      await twoMerchants(test);
    });
    afterAll(async () => {
      await test?.close();
    });

    it('is recorded as version 8, adds no trigger and offers no notifications', async () => {
      const connection = (test.db as SqliteDatabase).connection;
      expect(connection.pragma('user_version', { simple: true })).toBeGreaterThanOrEqual(8);
      expect(connection.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'").all()).toEqual([]);
      expect(test.db.notifications).toBeNull();
    });
  });
});
