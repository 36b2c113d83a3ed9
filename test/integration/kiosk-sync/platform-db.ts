/**
 * Read-only looks into a platform child's database: what the platform really holds. Queries are
 * the portable SQL of platform/storage/README.md, on a SqlDatabase, so they hold when the child
 * runs on PostgreSQL too (issue 14).
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { SqlDatabase } from '../../../platform/storage/sql.ts';
import { SqliteDatabase } from '../../../platform/storage/sqlite-database.ts';
import { PostgresDatabase } from '../../../platform/storage/postgres-database.ts';
import { platformDatabaseFor } from '../../helpers/postgres.ts';

/** Runs `use` on the child's database (its PostgreSQL database, or the SQLite file in its data directory), then closes it. */
export async function withPlatformSql<T>(dataDir: string, use: (sql: SqlDatabase) => Promise<T>): Promise<T> {
  const url = await platformDatabaseFor(dataDir);
  const sql: SqlDatabase = url ? new PostgresDatabase(url, { poolSize: 1 }) : readOnlySqlite(dataDir);
  try {
    return await use(sql);
  } finally {
    await sql.close();
  }
}

function readOnlySqlite(dataDir: string): SqlDatabase {
  const db = new Database(join(dataDir, 'platform.sqlite'), { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  return new SqliteDatabase(db);
}

/** A count of the child's rows (`SELECT COUNT(*) AS n …`). */
export function countPlatformRows(dataDir: string, query: string, params: (string | number)[] = []): Promise<number> {
  return withPlatformSql(dataDir, async (sql) => (await sql.one<{ n: number }>(query, params))?.n ?? 0);
}

/** Tasks per idempotency key for these sessions (keys are `kiosk-<session id>-<generation>`). */
export async function tasksBySession(dataDir: string): Promise<Map<string, { keys: string[]; tasks: number }>> {
  const rows = await withPlatformSql(dataDir, (sql) =>
    sql.all<{ key: string; n: number }>("SELECT idempotency_key AS key, COUNT(*) AS n FROM tasks WHERE idempotency_key LIKE 'kiosk-%' GROUP BY idempotency_key ORDER BY idempotency_key"),
  );
  const out = new Map<string, { keys: string[]; tasks: number }>();
  for (const row of rows) {
    const session = row.key.slice('kiosk-'.length).replace(/-\d+$/, '');
    const entry = out.get(session) ?? { keys: [], tasks: 0 };
    entry.keys.push(row.key);
    entry.tasks += row.n;
    out.set(session, entry);
  }
  return out;
}
