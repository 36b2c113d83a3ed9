import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPlatformDatabase } from '../../platform/storage/database.ts';
import type { SqlDatabase, SqlDialect } from '../../platform/storage/sql.ts';
import { createTestPostgresDatabase } from './postgres.ts';

/** Both backends, for `describe.each(SQL_BACKENDS)`: every repository test runs on each. */
export const SQL_BACKENDS: readonly SqlDialect[] = ['sqlite', 'postgres'];

export interface TestDatabase {
  readonly db: SqlDatabase;
  /** Set on PostgreSQL: the URL a second process or connection pool can open. */
  readonly url: string | undefined;
  readonly dataDir: string;
  close(): Promise<void>;
}

/** A migrated, empty platform database of its own on `backend`. */
export async function openTestDatabase(backend: SqlDialect): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-db-'));
  const postgres = backend === 'postgres' ? await createTestPostgresDatabase() : null;
  const db = await openPlatformDatabase({ dataDir, databaseUrl: postgres?.url });
  return {
    db,
    url: postgres?.url,
    dataDir,
    async close() {
      await db.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
