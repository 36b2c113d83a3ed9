import pg from 'pg';
import { postgresConnection } from './postgres-database.ts';

/**
 * Raw node-postgres pools for libraries that bring their own SQL (graphile-worker, D-073). The
 * platform's own queries go through SqlDatabase; only storage/ imports the driver (D-051).
 */
export type PostgresPool = pg.Pool;

export function openPostgresPool(url: string, max: number, onError: (error: Error) => void = () => {}): PostgresPool {
  const pool = new pg.Pool({ ...postgresConnection(url), max });
  // A connection the server drops must not crash the process (as in postgres-database.ts).
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  return pool;
}

/** Runs `work` holding a session advisory lock: processes starting together take turns. */
export async function withAdvisoryLock<T>(url: string, key: number, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client(postgresConnection(url));
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [key]);
    return await work();
  } finally {
    await client.end();
  }
}
