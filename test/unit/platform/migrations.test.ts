import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../../../platform/storage/database.ts';
import { migrations } from '../../../platform/storage/migrations/index.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('platform migrations', () => {
  it('are numbered 1..n without gaps', () => {
    expect(migrations.map((m) => m.version)).toEqual(migrations.map((_, i) => i + 1));
  });

  it('bring a new database to the latest version in WAL mode, and re-opening applies nothing', () => {
    const dir = tempDir();
    const db = openDatabase(dir);
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.prepare("INSERT INTO groups (name, created_at) VALUES ('g', 1)").run();
    db.close();
    const again = openDatabase(dir);
    expect((again.prepare('SELECT COUNT(*) AS n FROM groups').get() as { n: number }).n).toBe(1);
    again.close();
  });

  it('roll a failing migration back whole and keep the previous version', () => {
    const db = new Database(join(tempDir(), 'x.sqlite'));
    migrate(db, migrations);
    const broken = { version: migrations.length + 1, name: 'broken', up: (d: Database.Database) => d.exec('CREATE TABLE half (x); SELECT * FROM missing_table;') };
    expect(() => migrate(db, [...migrations, broken])).toThrow(/missing_table/);
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'half'").get()).toBeUndefined();
    db.close();
  });

  it('001 enforces one token row per app and the app level invariant', () => {
    const db = openDatabase(tempDir());
    db.prepare("INSERT INTO groups (id, name, created_at) VALUES (1, 'g', 1)").run();
    expect(() => db.prepare("INSERT INTO apps (app_id, app_secret, level, group_id, merchant_id, created_at) VALUES ('a', 's', 'merchant', 1, NULL, 1)").run()).toThrow(/CHECK/);
    db.prepare("INSERT INTO apps (app_id, app_secret, level, group_id, created_at) VALUES ('a', 's', 'group', 1, 1)").run();
    db.prepare("INSERT INTO tokens (app_id, token_hash, issued_at, expires_at) VALUES ('a', 'h1', 1, 2)").run();
    expect(() => db.prepare("INSERT INTO tokens (app_id, token_hash, issued_at, expires_at) VALUES ('a', 'h2', 1, 2)").run()).toThrow(/UNIQUE/);
    db.close();
  });
});
