import { join } from 'node:path';
import { openSqlite, type SqliteDb } from '../../common/node/sqlite.ts';
import { migrations } from './migrations/index.ts';
import { postgresMigrations } from './migrations/postgres/index.ts';
import type { PostgresOptions } from './postgres-database.ts';
import type { SqlDatabase } from './sql.ts';
import { SqliteDatabase } from './sqlite-database.ts';

export type Db = SqliteDb;
export { migrate } from '../../common/node/sqlite.ts';
export type { SqlDatabase } from './sql.ts';

/** The platform's SQLite file in its data directory. */
export const SQLITE_FILE = 'platform.sqlite';

/** Opens (creating if needed) the platform database in its data directory and migrates it. */
export function openDatabase(dataDir: string, file = SQLITE_FILE): Db {
  return openSqlite(join(dataDir, file), migrations);
}

/** Where the platform's rows live: a PostgreSQL server when `databaseUrl` is set, else SQLite in `dataDir`. */
export interface DatabaseLocation {
  readonly dataDir: string;
  readonly databaseUrl?: string | undefined;
  readonly postgres?: PostgresOptions;
}

/**
 * The database a URL names, for messages and start lines: "PostgreSQL database platform on
 * db.internal as platform", never the password.
 */
export function databaseLabel(url: string): string {
  try {
    const parsed = new URL(url);
    const host = parsed.hostname || parsed.searchParams.get('host') || 'localhost';
    const name = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || '(default)';
    return `PostgreSQL database ${name} on ${host}${parsed.port ? `:${parsed.port}` : ''}${parsed.username ? ` as ${decodeURIComponent(parsed.username)}` : ''}`;
  } catch {
    return 'the PostgreSQL database of DATABASE_URL';
  }
}

/** Opens and migrates the platform database the configuration names (D-051). */
export async function openPlatformDatabase(location: DatabaseLocation): Promise<SqlDatabase> {
  if (location.databaseUrl) {
    // node-postgres is loaded only when PostgreSQL is asked for: SQLite starts without it (D-053, cold start).
    const [{ PostgresDatabase }, { migratePostgres }] = await Promise.all([import('./postgres-database.ts'), import('./postgres-migrate.ts')]);
    await migratePostgres(location.databaseUrl, postgresMigrations);
    return new PostgresDatabase(location.databaseUrl, location.postgres);
  }
  return new SqliteDatabase(openDatabase(location.dataDir));
}
