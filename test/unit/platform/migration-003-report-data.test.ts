import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../../platform/storage/database.ts';
import { migration001 } from '../../../platform/storage/migrations/001-tenants.ts';
import { migration002 } from '../../../platform/storage/migrations/002-catalogue.ts';
import { migration003 } from '../../../platform/storage/migrations/003-report-data.ts';

/** Migration 003: customers, reports, integration settings and the push outbox. */
describe('migration 003 report data', () => {
  let dir: string;
  let db: Database.Database;
  const user = (id: number, merchant: number, store: number, no: number) =>
    db.prepare(
      `INSERT INTO users (id, merchant_id, user_no, client_user_id, revision, request_hash, store_id, name, consented, created_at, stored_at, updated_at)
       VALUES (?, ?, ?, ?, 0, 'h', ?, 'n', 1, 1, 1, 1)`,
    ).run(id, merchant, no, `client-${id}`, store);
  const report = (merchant: number, userId: number, store: number, no: number, source = 'device20') =>
    db.prepare(
      `INSERT INTO reports (merchant_id, source_type, report_no, client_report_id, request_hash, user_id, store_id, api_code, algorithm_variant, result, page_key, page_expires_at, created_at, stored_at)
       VALUES (?, ?, ?, ?, 'h', ?, ?, 'device_v', 'standard', '{}', ?, 1, 1, 1)`,
    ).run(merchant, source, no, `r-${merchant}-${no}-${source}`, userId, store, `page-${merchant}-${no}-${source}`);

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'migration-003-'));
    db = new Database(join(dir, 'db.sqlite'));
    db.pragma('foreign_keys = ON');
    expect(migrate(db, [migration001, migration002, migration003])).toBe(3);
    db.exec(`
      INSERT INTO groups (id, name, created_at) VALUES (1, 'g', 1);
      INSERT INTO merchants (id, group_id, name, region, created_at) VALUES (1, 1, 'A', 'overseas', 1), (2, 1, 'B', 'overseas', 1);
      INSERT INTO stores (id, merchant_id, custom_id, name, created_at) VALUES (10, 1, 'S1', 'A store', 1), (20, 2, 'S1', 'B store', 1);
    `);
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('numbers users per merchant and reports per merchant and source type', () => {
    user(1, 1, 10, 1);
    user(2, 2, 20, 1);
    expect(() => user(3, 1, 10, 1)).toThrow(/UNIQUE/);
    report(1, 1, 10, 1);
    report(1, 1, 10, 1, 'device');
    report(2, 2, 20, 1);
    expect(() => report(1, 1, 10, 1)).toThrow(/UNIQUE/);
  });

  it("refuses a customer in another merchant's store and a report of another merchant's customer", () => {
    expect(() => user(1, 1, 20, 1)).toThrow(/FOREIGN KEY/);
    user(1, 1, 10, 1);
    expect(() => report(2, 1, 20, 1)).toThrow(/FOREIGN KEY/);
  });

  it('never reuses an insert sequence value, the pull cursor', () => {
    user(1, 1, 10, 1);
    db.prepare('DELETE FROM users WHERE id = 1').run();
    const id = db
      .prepare(
        `INSERT INTO users (merchant_id, user_no, client_user_id, revision, request_hash, store_id, name, consented, created_at, stored_at, updated_at)
         VALUES (1, 1, 'again', 0, 'h', 10, 'n', 1, 1, 1, 1)`,
      )
      .run().lastInsertRowid;
    expect(Number(id)).toBe(2);
  });
});
