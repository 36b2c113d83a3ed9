import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../../../platform/storage/migrations/index.ts';
import { postgresMigrations } from '../../../../platform/storage/migrations/postgres/index.ts';
import type { SqliteDatabase } from '../../../../platform/storage/sqlite-database.ts';
import { openTestDatabase, type TestDatabase } from '../../../helpers/sql-backends.ts';

type Columns = Record<string, string[]>;

/** The PostgreSQL migrations build the schema the SQLite ones do: same tables, columns, NULL rules, indexes. */
describe('PostgreSQL and SQLite schemas', () => {
  let sqlite: TestDatabase;
  let postgres: TestDatabase;
  beforeAll(async () => {
    [sqlite, postgres] = await Promise.all([openTestDatabase('sqlite'), openTestDatabase('postgres')]);
  });
  afterAll(async () => {
    await Promise.all([sqlite?.close(), postgres?.close()]);
  });

  it('reach the same newest version', () => {
    expect(Math.max(...postgresMigrations.map((m) => m.version))).toBe(Math.max(...migrations.map((m) => m.version)));
  });

  it('have the same tables and columns, nullable alike', async () => {
    const sqliteColumns: Columns = {};
    const connection = (sqlite.db as SqliteDatabase).connection;
    const tables = connection.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[];
    for (const { name } of tables) {
      const info = connection.prepare(`PRAGMA table_info(${name})`).all() as { name: string; notnull: number; pk: number }[];
      sqliteColumns[name] = info.map((c) => `${c.name}${c.notnull || c.pk ? ' NOT NULL' : ''}`).sort();
    }
    const rows = await postgres.db.all<{ table_name: string; column_name: string; is_nullable: string }>(
      "SELECT table_name, column_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> 'schema_migrations'",
    );
    const postgresColumns: Columns = {};
    for (const row of rows) (postgresColumns[row.table_name] ??= []).push(`${row.column_name}${row.is_nullable === 'NO' ? ' NOT NULL' : ''}`);
    for (const list of Object.values(postgresColumns)) list.sort();
    expect(postgresColumns).toEqual(sqliteColumns);
  });

  it('have the same named indexes', async () => {
    const connection = (sqlite.db as SqliteDatabase).connection;
    const sqliteIndexes = (connection.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[]).map((r) => r.name).sort();
    const postgresIndexes = (await postgres.db.all<{ indexname: string }>("SELECT indexname FROM pg_indexes WHERE schemaname = 'public' AND indexname NOT LIKE '%_pkey' AND indexname NOT LIKE '%_key'"))
      .map((r) => r.indexname)
      .sort();
    expect(postgresIndexes).toEqual(sqliteIndexes);
  });
});
