import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTenantsCli } from '../../../platform/operator/tenants-cli.ts';
import { holdsPlatformTables } from '../../../platform/storage/postgres-migrate.ts';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../../helpers/postgres.ts';

/**
 * The operator's `tenants` commands on a PostgreSQL database no platform node has set up (a stale
 * or mistyped DATABASE_URL, D-129's walkthrough): refused, naming the database without its
 * password, before anything is created there. Here, with the tests that need PostgreSQL whatever
 * the backend: on SQLite the same mistake is a --data without a database (platform-ops/tenants.test.ts).
 */
describe('tenants on a PostgreSQL database without the platform', () => {
  let database: TestPostgresDatabase;
  const dataDir = mkdtempSync(join(tmpdir(), 'tenants-pg-'));

  beforeAll(async () => {
    database = await createTestPostgresDatabase();
  });
  afterAll(async () => {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses to write, names the database and leaves it as it was', async () => {
    const name = new URL(database.url).pathname.slice(1);
    await expect(runTenantsCli(['add-group', '--name', 'Lost', '--data', dataDir], { env: { DATABASE_URL: database.url } })).rejects.toThrow(
      `PostgreSQL database ${name} on /var/run/postgresql holds no platform tables: check DATABASE_URL, or start a node on it first`,
    );
    expect(await holdsPlatformTables(database.url)).toBe(false);
  });

  it('says a database that cannot be reached is one, with its address', async () => {
    const missing = new URL(database.url);
    missing.pathname = `/${new URL(database.url).pathname.slice(1)}_missing`;
    await expect(runTenantsCli(['list', '--data', dataDir], { env: { DATABASE_URL: missing.toString() } })).rejects.toThrow(/cannot be reached \(.*does not exist\): check DATABASE_URL/);
  });
});
