import type Database from 'better-sqlite3';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { RunResult, SqlDatabase, SqlExecutor, SqlParams, SqlValue } from './sql.ts';

type Statement = Database.Statement<unknown[], unknown>;

/** Statements kept at most: far above the platform's fixed set of queries, a bound if one is ever built per request. */
const MAX_STATEMENTS = 1000;

/**
 * SqlDatabase on one better-sqlite3 connection (the embedded default). better-sqlite3 is
 * synchronous, so a query outside a transaction needs no lock of its own; a transaction spans
 * awaits, so while one is open every other caller waits its turn, otherwise its statements would
 * run inside the open transaction. Prepared statements are kept per SQL text: the same few dozen
 * queries run on every request.
 */
export class SqliteDatabase implements SqlDatabase {
  readonly dialect = 'sqlite' as const;
  readonly notifications = null;
  readonly #db: Database.Database;
  readonly #statements = new Map<string, Statement>();
  /** Settles when the transaction holding the connection ends; null when none is open. */
  #held: Promise<void> | null = null;
  readonly #inside = new AsyncLocalStorage<true>();
  readonly #direct: SqlExecutor;

  constructor(db: Database.Database) {
    this.#db = db;
    this.#direct = {
      all: async <Row>(sql: string, params: SqlParams = []) => this.#statement(sql).all(...bind(params)) as Row[],
      one: async <Row>(sql: string, params: SqlParams = []) => this.#statement(sql).get(...bind(params)) as Row | undefined,
      run: async (sql: string, params: SqlParams = []): Promise<RunResult> => ({ changes: this.#statement(sql).run(...bind(params)).changes }),
    };
  }

  /** SQLite keeps its durable commit (D-096): a kiosk's embedded platform has no orphan window to spare. */
  get lazyCommit(): SqlExecutor {
    return this;
  }

  /** The connection underneath, for migrations and the SQLite-only tools (backup, checks). */
  get connection(): Database.Database {
    return this.#db;
  }

  all<Row>(sql: string, params: SqlParams = []): Promise<Row[]> {
    return this.#whenFree(() => this.#statement(sql).all(...bind(params)) as Row[]);
  }

  one<Row>(sql: string, params: SqlParams = []): Promise<Row | undefined> {
    return this.#whenFree(() => this.#statement(sql).get(...bind(params)) as Row | undefined);
  }

  run(sql: string, params: SqlParams = []): Promise<RunResult> {
    return this.#whenFree(() => ({ changes: this.#statement(sql).run(...bind(params)).changes }));
  }

  async transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    // Waiting for our own transaction would never end: say so instead of hanging.
    if (this.#inside.getStore()) throw new Error('transaction() called inside a transaction: run the queries on its tx');
    // No await between the check and taking the connection: two transactions cannot both see it free.
    while (this.#held) await this.#held;
    let release!: () => void;
    this.#held = new Promise((resolve) => (release = resolve));
    try {
      // IMMEDIATE takes the write lock now, so a second process on the same file waits at BEGIN
      // (busy_timeout) instead of failing at its first write.
      this.#db.exec('BEGIN IMMEDIATE');
      try {
        const result = await this.#inside.run(true, () => work(this.#direct));
        this.#db.exec('COMMIT');
        return result;
      } catch (error) {
        if (this.#db.inTransaction) this.#db.exec('ROLLBACK');
        throw error;
      }
    } finally {
      this.#held = null;
      release();
    }
  }

  otherWritesVersion(): number {
    return (this.#statement('PRAGMA data_version').get() as { data_version: number }).data_version;
  }

  async ping(): Promise<void> {
    await this.one('SELECT 1');
  }

  async close(): Promise<void> {
    await this.#whenFree(() => {
      this.#statements.clear();
      if (this.#db.open) this.#db.close();
    });
  }

  /**
   * Runs `query` once no transaction holds the connection. It runs in the same turn as the last
   * check, so a transaction cannot begin in between and swallow it.
   */
  async #whenFree<T>(query: () => T): Promise<T> {
    if (this.#inside.getStore()) throw new Error('query on the database inside a transaction: run it on the transaction’s tx');
    while (this.#held) await this.#held;
    return query();
  }

  #statement(sql: string): Statement {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#db.prepare(sql);
      // Oldest first out (a Map keeps insertion order).
      if (this.#statements.size >= MAX_STATEMENTS) this.#statements.delete(this.#statements.keys().next().value!);
      this.#statements.set(sql, statement);
    }
    return statement;
  }
}

/** better-sqlite3 binds no booleans; SQLite has none either (0/1). */
function bind(params: SqlParams): unknown[] {
  return params.map((value: SqlValue) => (typeof value === 'boolean' ? (value ? 1 : 0) : value));
}
