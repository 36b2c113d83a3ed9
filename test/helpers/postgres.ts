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
export async function createTestPostgresDatabase(): Promise<TestPostgresDatabase> {
  const name = `test_${process.pid}_${randomBytes(6).toString('hex')}`;
  await admin(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`);
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
