import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { postgresConnection } from '../../platform/storage/postgres-database.ts';

/** The server tests create their databases on; .ci/run starts Debian's cluster there. */
export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_ADMIN_URL ?? 'postgres:///postgres?host=/var/run/postgresql';

const HOW_TO_INSTALL =
  'PostgreSQL is needed by this test and was not reachable. On Debian: apt-get install -y postgresql; ' +
  'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start; ' +
  `su postgres -c "psql -c 'create role $(whoami) superuser login'" (or set TEST_POSTGRES_ADMIN_URL)`;

export interface TestPostgresDatabase {
  readonly url: string;
  drop(): Promise<void>;
}

/**
 * A new, empty database of its own for one test file (or one platform instance), collated "C"
 * like SQLite's BINARY so text orders the same on both backends. Fails, never skips, without a
 * server, naming what to install.
 */
export async function createTestPostgresDatabase(options: { icuLocale?: string } = {}): Promise<TestPostgresDatabase> {
  // The run's prefix lets the PostgreSQL suite's global teardown drop what a test left behind.
  const name = `test_${process.env.TEST_POSTGRES_RUN ?? 'x'}_${process.pid}_${randomBytes(6).toString('hex')}`;
  // An ICU locale (`en-US`) only for a test of a database made without deploy.md's "C"
  // (LOCALE_PROVIDER needs PostgreSQL 15 or later; Debian 12's is 15).
  const locale = options.icuLocale ? `LOCALE_PROVIDER icu ICU_LOCALE '${options.icuLocale.replace(/[^\w-]/g, '')}' LOCALE 'C'` : "LC_COLLATE 'C' LC_CTYPE 'C'";
  await admin(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' ${locale}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ ...postgresConnection(POSTGRES_ADMIN_URL), connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`${HOW_TO_INSTALL}\n(${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Drops every database whose name starts with `prefix` (the global teardown of a test run). */
export async function dropTestPostgresDatabases(prefix: string): Promise<number> {
  const client = new pg.Client({ ...postgresConnection(POSTGRES_ADMIN_URL), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE starts_with(datname, $1)", [prefix]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    return rows.length;
  } finally {
    await client.end();
  }
}

/**
 * The PostgreSQL database of a platform data directory when the platform suites run on
 * PostgreSQL (TEST_PLATFORM_DATABASE=postgres, vitest.postgres.config.ts), else undefined. One per
 * data directory, so a platform restarted on the same directory finds its rows again.
 */
const byDataDir = new Map<string, Promise<TestPostgresDatabase>>();
export async function platformDatabaseFor(dataDir: string): Promise<string | undefined> {
  if (process.env.TEST_PLATFORM_DATABASE !== 'postgres') return undefined;
  let database = byDataDir.get(dataDir);
  if (!database) {
    database = createTestPostgresDatabase();
    byDataDir.set(dataDir, database);
  }
  return (await database).url;
}
