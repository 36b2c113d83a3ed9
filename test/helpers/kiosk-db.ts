/**
 * A second connection to a kiosk's SQLite file, for tests that look at (or set up) rows the
 * kiosk API does not show. The kiosk's own handle is private to main/store (D-043); WAL mode lets
 * this connection in beside it, as any other reader of the file would come in.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';

/** Opens `<dataDir>/kiosk.sqlite`; read-only unless `write` is set. */
export function openKioskDb(dataDir: string, options: { write?: boolean } = {}): Database.Database {
  const db = new Database(join(dataDir, 'kiosk.sqlite'), { readonly: !options.write, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  if (options.write) db.pragma('foreign_keys = ON');
  return db;
}

/** Runs `use` on a fresh connection and closes it again. */
export function withKioskDb<T>(dataDir: string, use: (db: Database.Database) => T, options: { write?: boolean } = {}): T {
  const db = openKioskDb(dataDir, options);
  try {
    return use(db);
  } finally {
    db.close();
  }
}
