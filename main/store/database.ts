import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { migrations } from './migrations/index.ts';
import type { Migration } from './migrations/index.ts';

export type Db = Database.Database;

/**
 * Opens (creating if needed) the kiosk database and migrates it. WAL lets the UI read while a
 * capture commits; synchronous=FULL makes every commit fsync the WAL, so a capture row the UI was
 * told about survives a power cut (NORMAL could lose the last commits in WAL mode).
 */
export function openStoreDatabase(file: string): Db {
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db, migrations);
  return db;
}

/** Applies every migration newer than PRAGMA user_version, each in its own transaction. */
export function migrate(db: Db, list: readonly Migration[]): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  const pending = [...list].filter((m) => m.version > current).sort((a, b) => a.version - b.version);
  for (const migration of pending) {
    db.transaction(() => {
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
    }).immediate();
  }
  return db.pragma('user_version', { simple: true }) as number;
}
