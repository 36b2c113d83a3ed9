import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../main/store/database.ts';
import { migration001 } from '../../../main/store/migrations/001-capture-store.ts';

function fresh() {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, [migration001]);
  return db;
}

describe('kiosk store migration 001 (capture store)', () => {
  it('creates customers, sessions and captures at user_version 1, and is not reapplied', () => {
    const db = fresh();
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((t) => t.name);
    expect(tables).toEqual(['captures', 'customers', 'sessions']);
    expect(migrate(db, [migration001])).toBe(1);
  });

  it('enforces one capture per (session, view, light), valid enums and existing sessions', () => {
    const db = fresh();
    db.prepare("INSERT INTO sessions (id, profile, state, created_at, updated_at) VALUES ('s1', 'multi_light', 'capturing', 0, 0)").run();
    const insert = db.prepare(
      "INSERT INTO captures (id, session_id, view, light, file_path, sha256, width, height, bytes, captured_at) VALUES (?, ?, ?, ?, ?, ?, 1, 1, 1, 0)",
    );
    const hash = 'a'.repeat(64);
    insert.run('c1', 's1', 'front', 'white', 's1/a.jpg', hash);
    expect(() => insert.run('c2', 's1', 'front', 'white', 's1/b.jpg', hash)).toThrow(/UNIQUE/);
    expect(() => insert.run('c3', 's1', 'top', 'white', 's1/c.jpg', hash)).toThrow(/CHECK/);
    expect(() => insert.run('c4', 's1', 'front', 'infrared', 's1/d.jpg', hash)).toThrow(/CHECK/);
    expect(() => insert.run('c5', 's9', 'left', 'white', 's9/e.jpg', hash)).toThrow(/FOREIGN KEY/);
    expect(() => insert.run('c6', 's1', 'left', 'white', 's1/a.jpg', hash)).toThrow(/UNIQUE/);
    expect(() => db.prepare("UPDATE sessions SET state = 'paused'").run()).toThrow(/CHECK/);
  });
});
