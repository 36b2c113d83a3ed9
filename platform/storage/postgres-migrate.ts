import pg from 'pg';
import { postgresConnection } from './postgres-database.ts';
import type { PostgresMigration } from './migrations/postgres/postgres-migration.ts';

/** Any constant both the platform's processes agree on: the advisory lock of schema changes. */
const MIGRATION_LOCK = 0x5ca1ab1e;

/**
 * Whether the database holds the platform's tables (a node has started on it): what an operator
 * command checks before writing, so a mistyped DATABASE_URL is refused rather than set up (D-129).
 */
export async function holdsPlatformTables(url: string): Promise<boolean> {
  const client = new pg.Client(postgresConnection(url));
  await client.connect();
  try {
    const found = await client.query<{ apps: string | null }>("SELECT to_regclass('apps')::text AS apps");
    return found.rows[0]?.apps != null;
  } finally {
    await client.end();
  }
}

/**
 * Brings a PostgreSQL database to the newest schema: each pending step in its own transaction,
 * recorded in schema_migrations. Processes starting together (an API node and a worker) queue on
 * an advisory lock, so each step runs once. Returns the version reached.
 */
export async function migratePostgres(url: string, list: readonly PostgresMigration[]): Promise<number> {
  const client = new pg.Client(postgresConnection(url));
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version     INTEGER PRIMARY KEY,
      name        TEXT NOT NULL,
      applied_at  TIMESTAMPTZ NOT NULL DEFAULT now()
    )`);
    const applied = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
    const done = new Set(applied.rows.map((row) => row.version));
    for (const migration of [...list].sort((a, b) => a.version - b.version)) {
      if (done.has(migration.version)) continue;
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`PostgreSQL migration ${migration.version} (${migration.name}) failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
    }
    const top = await client.query<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations');
    return top.rows[0]?.version ?? 0;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await client.end();
  }
}
