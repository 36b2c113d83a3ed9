import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../../platform/storage/database.ts';
import { migration001 } from '../../../platform/storage/migrations/001-tenants.ts';
import { migration002 } from '../../../platform/storage/migrations/002-catalogue.ts';
import { migrations } from '../../../platform/storage/migrations/index.ts';

/** Migration 002: the catalogue tables, their tenant-scoped keys and constraints. */
describe('migration 002 catalogue', () => {
  let dir: string;
  let db: Database.Database;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'migration-002-'));
    db = new Database(join(dir, 'db.sqlite'));
    db.pragma('foreign_keys = ON');
    expect(migrate(db, [migration001, migration002])).toBe(2);
    db.exec(`
      INSERT INTO groups (id, name, created_at) VALUES (1, 'g', 1);
      INSERT INTO merchants (id, group_id, name, region, created_at) VALUES (1, 1, 'A', 'overseas', 1), (2, 1, 'B', 'overseas', 1);
      INSERT INTO stores (id, merchant_id, custom_id, name, created_at, business_type) VALUES (10, 1, 'S1', 'A store', 1, 2), (20, 2, 'S1', 'B store', 1, 2);
    `);
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const item = (id: number, merchant: number, kind: 'product' | 'treatment', customId: string, category: number | null = kind === 'product' ? 3 : null) =>
    db
      .prepare('INSERT INTO catalogue_items (id, merchant_id, kind, custom_id, category_id, name, pic, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 1, 1)')
      .run(id, merchant, kind, customId, category, 'n', 'https://x.example.com/p.jpg');
  const count = (table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;

  it('is registered as version 2 after 001', () => {
    expect(migrations[0]).toBe(migration001);
    expect(migrations[1]).toBe(migration002);
    expect(migration002.version).toBe(2);
  });

  it('creates the four catalogue tables with defaults for a new item', () => {
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'catalogue_%' ORDER BY name").all() as Array<{ name: string }>).map((t) => t.name);
    expect(tables).toEqual(['catalogue_bundle_items', 'catalogue_items', 'catalogue_sale_stores', 'catalogue_store_links']);
    item(1, 1, 'product', 'P1');
    expect(db.prepare('SELECT * FROM catalogue_items WHERE id = 1').get()).toMatchObject({
      source: 2, status: 1, sell_type: 1, price_unit: 0, price_cents: 0, problem: '{}', lang_data: '{}', goods_attributes_limit: null,
    });
  });

  it('makes a number unique per merchant and kind only', () => {
    item(1, 1, 'product', 'P1');
    expect(() => item(2, 1, 'product', 'P1')).toThrow(/UNIQUE/);
    item(3, 1, 'treatment', 'P1');
    item(4, 2, 'product', 'P1');
    expect(count('catalogue_items')).toBe(3);
  });

  it('requires a category on products only, and goods attributes on treatments only', () => {
    expect(() => item(1, 1, 'product', 'P1', null)).toThrow(/CHECK/);
    expect(() => item(2, 1, 'treatment', 'T1', 3)).toThrow(/CHECK/);
    expect(() => item(3, 1, 'product', 'P3', 11)).toThrow(/CHECK/);
    item(4, 1, 'product', 'P4');
    expect(() => db.prepare("UPDATE catalogue_items SET goods_attributes_code = 'A' WHERE id = 4").run()).toThrow(/CHECK/);
    expect(() => db.prepare('UPDATE catalogue_items SET status = 0 WHERE id = 4').run()).toThrow(/CHECK/);
    expect(() => db.prepare('UPDATE catalogue_items SET sell_type = 3 WHERE id = 4').run()).toThrow(/CHECK/);
  });

  it("refuses a sale store or link joining one merchant's item to another merchant's store", () => {
    item(1, 1, 'product', 'P1');
    expect(() => db.prepare('INSERT INTO catalogue_sale_stores (merchant_id, item_id, store_id) VALUES (1, 1, 20)').run()).toThrow(/FOREIGN KEY/);
    expect(() => db.prepare('INSERT INTO catalogue_sale_stores (merchant_id, item_id, store_id) VALUES (2, 1, 20)').run()).toThrow(/FOREIGN KEY/);
    expect(() => db.prepare("INSERT INTO catalogue_store_links (merchant_id, item_id, store_id, link_type, link, updated_at) VALUES (1, 1, 20, 1, 'https://l', 1)").run()).toThrow(/FOREIGN KEY/);
    db.prepare('INSERT INTO catalogue_sale_stores (merchant_id, item_id, store_id) VALUES (1, 1, 10)').run();
  });

  it('keeps link and link_type consistent', () => {
    item(1, 1, 'product', 'P1');
    const link = (type: number, url: string) =>
      db.prepare('INSERT OR REPLACE INTO catalogue_store_links (merchant_id, item_id, store_id, link_type, link, updated_at) VALUES (1, 1, 10, ?, ?, 1)').run(type, url);
    expect(() => link(1, '')).toThrow(/CHECK/);
    expect(() => link(0, 'https://l')).toThrow(/CHECK/);
    link(1, 'https://l');
    link(0, '');
  });

  it("refuses a bundle of another merchant's product or of the set itself", () => {
    item(1, 1, 'product', 'SET', 9);
    item(2, 1, 'product', 'P2');
    item(3, 2, 'product', 'P3');
    const bundle = (set: number, product: number) =>
      db.prepare('INSERT INTO catalogue_bundle_items (merchant_id, set_id, product_id, quantity, position) VALUES (1, ?, ?, 1, 0)').run(set, product);
    expect(() => bundle(1, 3)).toThrow(/FOREIGN KEY/);
    expect(() => bundle(1, 1)).toThrow(/CHECK/);
    bundle(1, 2);
    expect(() => db.prepare('UPDATE catalogue_bundle_items SET quantity = 0').run()).toThrow(/CHECK/);
  });

  it('deleting an item removes its sale stores, links and bundle rows, and its place in sets', () => {
    item(1, 1, 'product', 'SET', 9);
    item(2, 1, 'product', 'P2');
    db.exec(`
      INSERT INTO catalogue_sale_stores (merchant_id, item_id, store_id) VALUES (1, 2, 10);
      INSERT INTO catalogue_store_links (merchant_id, item_id, store_id, link_type, link, updated_at) VALUES (1, 2, 10, 1, 'https://l', 1);
      INSERT INTO catalogue_bundle_items (merchant_id, set_id, product_id, quantity, position) VALUES (1, 1, 2, 2, 0);
    `);
    db.prepare('DELETE FROM catalogue_items WHERE id = 2').run();
    expect([count('catalogue_sale_stores'), count('catalogue_store_links'), count('catalogue_bundle_items'), count('catalogue_items')]).toEqual([0, 0, 0, 1]);
  });

  it('rolls back whole when it fails, leaving version 1', () => {
    const fresh = new Database(join(dir, 'fresh.sqlite'));
    migrate(fresh, [migration001]);
    fresh.exec('CREATE TABLE catalogue_items (x)');
    expect(() => migrate(fresh, [migration001, migration002])).toThrow(/already exists/);
    expect(fresh.pragma('user_version', { simple: true })).toBe(1);
    expect(fresh.prepare("SELECT name FROM sqlite_master WHERE name = 'stores_merchant_scope'").get()).toBeUndefined();
    fresh.close();
  });
});
