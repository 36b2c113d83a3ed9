import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../../platform/storage/database.ts';
import { migrations } from '../../../platform/storage/migrations/index.ts';
import { postgresMigrations } from '../../../platform/storage/migrations/postgres/index.ts';
import { PostgresDatabase } from '../../../platform/storage/postgres-database.ts';
import { migratePostgres } from '../../../platform/storage/postgres-migrate.ts';
import type { SqlDatabase, SqlDialect } from '../../../platform/storage/sql.ts';
import { SqliteDatabase } from '../../../platform/storage/sqlite-database.ts';
import { createTestPostgresDatabase } from '../../helpers/postgres.ts';
import { SQL_BACKENDS } from '../../helpers/sql-backends.ts';

/** A database at schema version 8, and how to bring it to the newest. */
interface Before009 {
  readonly db: SqlDatabase;
  upgrade(): Promise<void>;
  close(): Promise<void>;
}

async function openAt8(backend: SqlDialect): Promise<Before009> {
  if (backend === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'migration-009-'));
    const connection = new Database(join(dir, 'platform.sqlite'));
    migrate(connection, migrations.filter((m) => m.version <= 8));
    const db = new SqliteDatabase(connection);
    return {
      db,
      upgrade: async () => void migrate(connection, migrations),
      close: async () => {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const server = await createTestPostgresDatabase();
  await migratePostgres(server.url, postgresMigrations.filter((m) => m.version <= 8));
  const db = new PostgresDatabase(server.url, { poolSize: 2 });
  return {
    db,
    upgrade: async () => void (await migratePostgres(server.url, postgresMigrations)),
    close: async () => {
      await db.close();
      await server.drop();
    },
  };
}

/**
 * Migration 009: a task's store key and start time (D-085), on both backends. Tasks still to run
 * when it is applied are given their app's key, so the queue's turn by store covers them.
 */
describe.each(SQL_BACKENDS)('migration 009 task stores on %s', (backend) => {
  let open: Before009 | undefined;
  afterEach(async () => {
    await open?.close();
    open = undefined;
  });

  it("gives queued and running tasks their app's store key, finished ones none, and requires a key from then on", async () => {
    open = await openAt8(backend);
    const { db } = open;
    await db.run("INSERT INTO groups (id, name, created_at) VALUES (1, 'g', 1)");
    await db.run("INSERT INTO merchants (id, group_id, name, region, created_at) VALUES (1, 1, 'A', 'overseas', 1)");
    await db.run('INSERT INTO skin_orders (id, merchant_id, valid_from, valid_until, quota_total, created_at) VALUES (1, 1, 0, 9, 10, 1)');
    const insert = (id: string, app: string, status: string) =>
      db.run(
        `INSERT INTO tasks (id, merchant_id, app_id, order_id, api_code, algorithm_variant, request, status, request_hash, created_at, updated_at)
         VALUES (?, 1, ?, 1, 'online_skin', 'standard', '{}', ?, 'h', 1, 1)`,
        [id, app, status],
      );
    await insert('q', 'app1', 'queued');
    await insert('r', 'app2', 'running');
    await insert('s', 'app1', 'succeeded');
    await open.upgrade();
    expect(await db.all('SELECT id, store_key, started_at FROM tasks ORDER BY id')).toEqual([
      { id: 'q', store_key: 'app:app1', started_at: null },
      { id: 'r', store_key: 'app:app2', started_at: null },
      { id: 's', store_key: '', started_at: null },
    ]);
    await expect(db.run("UPDATE tasks SET store_key = NULL WHERE id = 'q'")).rejects.toThrow();
  });
});
