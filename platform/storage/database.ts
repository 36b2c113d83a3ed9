import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { migrations } from './migrations/index.ts';
import type { Migration } from './migrations/migration.ts';

export type Db = Database.Database;

/** Opens (creating if needed) the platform database in its data directory and migrates it. */
export function openDatabase(dataDir: string, file = 'platform.sqlite'): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, file));
  db.pragma('journal_mode = WAL');
  // Several processes may share one data directory (one instance per region): wait, don't fail.
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  migrate(db, migrations);
  return db;
}

/**
 * Applies every migration newer than PRAGMA user_version, each in its own transaction, so a
 * crash mid-migration leaves the previous version intact.
 */
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
