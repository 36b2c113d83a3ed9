import pg from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';
import { AsyncLocalStorage } from 'node:async_hooks';
import { userInfo } from 'node:os';
import { PostgresNotifications } from './postgres-notifications.ts';
import { DatabaseUnavailableError, type RunResult, type SqlDatabase, type SqlExecutor, type SqlParams } from './sql.ts';

/**
 * The platform's timestamps are milliseconds and its counts are BIGINT: node-postgres hands those
 * (and NUMERIC sums) over as strings so as not to lose precision past 2^53; ours never get there,
 * and the repositories expect the numbers SQLite gives.
 */
const types = new pg.TypeOverrides();
types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

/**
 * Connection settings from a postgres:// URL. A URL without a user name means the operating
 * system user, as libpq (psql) reads it; node-postgres only looks at $USER, which services and
 * containers often lack.
 */
export function postgresConnection(url: string): pg.ClientConfig {
  const named = /^[a-z]+:\/\/[^/?#]*@/i.test(url) || process.env.PGUSER !== undefined || process.env.USER !== undefined;
  // node-postgres copies the URL's empty user over a `user` option, so the name goes in the URL.
  return { connectionString: named ? url : url.replace(/^([a-z]+:\/\/)/i, `$1${encodeURIComponent(userInfo().username)}@`) };
}

/**
 * SQLSTATEs after which a serializable transaction is simply run again: serialization failure,
 * deadlock, and (D-104) unique violation. Every write of the platform checks a unique key inside
 * its transaction before inserting it (store name and number, account name, product number), so
 * a unique violation there means a concurrent transaction committed the same key after the
 * check: PostgreSQL does not always report that race as 40001 (its manual, "Serialization
 * Failure Handling", advises retrying 23505 for this reason). Run again, the check sees the key
 * and answers its own code (11001, 10008, ...). A violation that persists is bounded by
 * MAX_ATTEMPTS like any conflict.
 */
const RETRYABLE = new Set(['40001', '40P01', '23505']);
/**
 * decision (D-101): PostgreSQL 15 (seen on 15.18) sometimes ends one of two transactions updating
 * the same row at once with this internal error (XX000) instead of a serialization failure. The
 * transaction is rolled back like any other error, so it is run again as a conflict would be;
 * every other internal error still fails its request.
 */
const MULTIXACT_UPDATERS = /^new multixact has more than one updating member/;
/** Connection-level failures: the server is down, restarting or unreachable. */
const UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', 'ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EHOSTUNREACH']);
const MAX_ATTEMPTS = 12;
/** Connections of the lazy-commit pool (D-096). */
const LAZY_POOL_SIZE = 2;

export interface PostgresOptions {
  /** Connections this process keeps open at most. */
  readonly poolSize?: number;
  /** How long a query waits for a free connection or a new one before failing as unavailable. */
  readonly connectTimeoutMs?: number;
}

/**
 * SqlDatabase on a PostgreSQL server through a node-postgres pool. Transactions run SERIALIZABLE
 * and are retried on serialization failures and deadlocks, so the guarantees SQLite gives by
 * running one transaction at a time (one active token per app, one task per idempotency key,
 * quota charged once, one deliverer per outbox row) hold across connections and processes.
 */
export class PostgresDatabase implements SqlDatabase {
  readonly dialect = 'postgres' as const;
  readonly notifications: PostgresNotifications;
  readonly #pool: pg.Pool;
  /** Sessions with synchronous_commit off, for lazyCommit only (D-096). */
  readonly #lazyPool: pg.Pool;
  readonly #inside = new AsyncLocalStorage<true>();
  readonly #main: SqlExecutor;
  readonly lazyCommit: SqlExecutor;

  constructor(url: string, options: PostgresOptions = {}) {
    this.notifications = new PostgresNotifications({ ...postgresConnection(url), connectionTimeoutMillis: options.connectTimeoutMs ?? 5000 });
    this.#pool = new pg.Pool({
      ...postgresConnection(url),
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
      types,
    });
    // An idle connection the server drops (restart, failover) must not crash the process; the
    // next query opens a new one or fails as unavailable.
    this.#pool.on('error', () => {});
    // Set when the session starts (a startup option): each statement stays one round trip, where
    // BEGIN, SET LOCAL, the statement and COMMIT would be four. Two connections: only the policy's
    // INSERT uses it, about a millisecond each without the flush.
    this.#lazyPool = new pg.Pool({
      ...postgresConnection(url),
      max: LAZY_POOL_SIZE,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
      options: '-c synchronous_commit=off',
      application_name: 'platform-lazy-commit',
      types,
    });
    this.#lazyPool.on('error', () => {});
    this.#main = this.#pooled(this.#pool);
    this.lazyCommit = this.#pooled(this.#lazyPool);
  }

  all<Row>(sql: string, params?: SqlParams): Promise<Row[]> {
    return this.#main.all(sql, params);
  }

  one<Row>(sql: string, params?: SqlParams): Promise<Row | undefined> {
    return this.#main.one(sql, params);
  }

  run(sql: string, params?: SqlParams): Promise<RunResult> {
    return this.#main.run(sql, params);
  }

  /** Autocommitted statements on any connection of `pool`, never inside a transaction. */
  #pooled(pool: pg.Pool): SqlExecutor {
    return {
      all: <Row>(sql: string, params?: SqlParams) => this.#outside(() => query<Row>(pool, sql, params).then((result) => result.rows)),
      one: <Row>(sql: string, params?: SqlParams) => this.#outside(() => query<Row>(pool, sql, params).then((result) => result.rows[0])),
      run: (sql: string, params?: SqlParams) => this.#outside(() => query(pool, sql, params).then((result) => ({ changes: result.rowCount ?? 0 }))),
    };
  }

  async transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    if (this.#inside.getStore()) throw new Error('transaction() called inside a transaction: run the queries on its tx');
    for (let attempt = 1; ; attempt++) {
      const client = await this.#connect();
      let broken = false;
      try {
        await client.query('BEGIN ISOLATION LEVEL SERIALIZABLE');
        const result = await this.#inside.run(true, () => work(executorOn(client)));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => (broken = true));
        if (isConflict(error)) {
          if (attempt < MAX_ATTEMPTS) {
            // Jittered backoff, so the transactions that collided do not collide again in step.
            await sleep(Math.random() * Math.min(100, 2 ** attempt));
            continue;
          }
          // Still colliding after every retry: nothing was committed, so the caller may send it
          // again; 503 says so, where a 500 would not (D-078).
          throw new DatabaseUnavailableError(error);
        }
        throw asUnavailable(error);
      } finally {
        client.release(broken);
      }
    }
  }

  otherWritesVersion(): null {
    return null;
  }

  async ping(): Promise<void> {
    await this.one('SELECT 1');
  }

  async close(): Promise<void> {
    await this.notifications.close();
    await this.#lazyPool.end();
    await this.#pool.end();
  }

  async #connect(): Promise<pg.PoolClient> {
    try {
      return await this.#pool.connect();
    } catch (error) {
      throw new DatabaseUnavailableError(error);
    }
  }

  async #outside<T>(run: () => Promise<T>): Promise<T> {
    if (this.#inside.getStore()) throw new Error('query on the database inside a transaction: run it on the transaction’s tx');
    try {
      return await run();
    } catch (error) {
      throw asUnavailable(error);
    }
  }
}

function executorOn(client: pg.PoolClient): SqlExecutor {
  return {
    all: async <Row>(sql: string, params?: SqlParams) => (await query<Row>(client, sql, params)).rows,
    one: async <Row>(sql: string, params?: SqlParams) => (await query<Row>(client, sql, params)).rows[0],
    run: async (sql: string, params?: SqlParams) => ({ changes: (await query(client, sql, params)).rowCount ?? 0 }),
  };
}

/**
 * Every statement is named, so each pooled connection parses and plans it once and then only
 * binds and executes it (D-071): the platform runs the same few dozen texts on every request.
 */
function query<Row>(on: pg.Pool | pg.PoolClient, sql: string, params: SqlParams = []): Promise<pg.QueryResult<Row & pg.QueryResultRow>> {
  const { name, text } = prepared(sql);
  return on.query<Row & pg.QueryResultRow>({ name, text, values: params as unknown[] });
}

/** Names never repeat, even for a text evicted and seen again: a connection must never see one name with two texts. */
let statementCount = 0;
const names = new Map<string, { readonly name: string; readonly text: string }>();

function prepared(sql: string): { readonly name: string; readonly text: string } {
  let known = names.get(sql);
  if (known === undefined) {
    known = { name: `p${++statementCount}`, text: numbered(sql) };
    // Bounded like SQLite's statement cache (sqlite-database.ts).
    if (names.size >= 1000) names.delete(names.keys().next().value!);
    names.set(sql, known);
  }
  return known;
}

const numberedCache = new Map<string, string>();

/**
 * `?` placeholders as PostgreSQL's `$1, $2, …`. Question marks inside quoted strings, quoted
 * identifiers and comments are text, not placeholders; the portable subset has no `?` operators.
 */
export function numbered(sql: string): string {
  const cached = numberedCache.get(sql);
  if (cached !== undefined) return cached;
  let out = '';
  let n = 0;
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i]!;
    if (c === "'" || c === '"') {
      const end = sql.indexOf(c, i + 1);
      const stop = end === -1 ? sql.length : end + 1;
      out += sql.slice(i, stop);
      i = stop - 1;
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      const stop = end === -1 ? sql.length : end;
      out += sql.slice(i, stop);
      i = stop - 1;
    } else if (c === '?') {
      out += `$${++n}`;
    } else {
      out += c;
    }
  }
  // Bounded like SQLite's statement cache (sqlite-database.ts).
  if (numberedCache.size >= 1000) numberedCache.delete(numberedCache.keys().next().value!);
  numberedCache.set(sql, out);
  return out;
}

/** A failure of a transaction that collided with another: rolled back, so it may simply run again. */
function isConflict(error: unknown): boolean {
  const state = sqlState(error);
  return RETRYABLE.has(state) || (state === 'XX000' && error instanceof Error && MULTIXACT_UPDATERS.test(error.message));
}

function sqlState(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : '';
}

function asUnavailable(error: unknown): unknown {
  if (error instanceof DatabaseUnavailableError) return error;
  const code = sqlState(error);
  if (UNAVAILABLE.has(code)) return new DatabaseUnavailableError(error);
  // pg's own words when the pool cannot get a connection in time or the server went away.
  if (error instanceof Error && /timeout exceeded when trying to connect|Connection terminated/i.test(error.message)) return new DatabaseUnavailableError(error);
  return error;
}
