import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export type SqliteDb = Database.Database;

/** One numbered schema step of a SQLite database (the kiosk's store, the platform's file). */
export interface SqliteMigration {
  readonly version: number;
  readonly name: string;
  up(db: SqliteDb): void;
}

/**
 * Opens (creating its folder if needed) a SQLite file the way both of our databases want it, then
 * applies `migrations`. WAL lets readers go on while a writer commits; synchronous=FULL fsyncs
 * the WAL on every commit, so a commit that was acknowledged (a capture shown to the customer, a
 * task answered to a client) survives a power cut, where NORMAL could lose the last ones; the busy
 * timeout makes a second connection or process (one platform instance per region on one data
 * directory) wait for a lock instead of failing.
 */
export function openSqlite(file: string, migrations: readonly SqliteMigration[]): SqliteDb {
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db, migrations);
  return db;
}

/**
 * Applies every migration newer than PRAGMA user_version, each in its own transaction, so a
 * crash mid-migration leaves the previous version intact.
 */
export function migrate(db: SqliteDb, list: readonly SqliteMigration[]): number {
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
