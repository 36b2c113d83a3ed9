/**
 * The platform's one way to reach its database, whichever backend holds it (D-051). Repositories
 * write each query once, in the SQL both SQLite and PostgreSQL understand, with `?` placeholders;
 * the adapter numbers them for PostgreSQL. Services and routes never see this: they see
 * repositories (platform/storage/README.md lists the portable subset).
 */
export type SqlValue = string | number | bigint | boolean | null | Uint8Array;
export type SqlParams = readonly SqlValue[];

export interface RunResult {
  /** Rows the statement inserted, changed or deleted. */
  readonly changes: number;
}

/** What a query can run on: the database itself, or one open transaction. */
export interface SqlExecutor {
  /** Every row of a query. */
  all<Row>(sql: string, params?: SqlParams): Promise<Row[]>;
  /** The first row of a query, or undefined. */
  one<Row>(sql: string, params?: SqlParams): Promise<Row | undefined>;
  /** A statement's effect (INSERT … RETURNING is read with `all`/`one`). */
  run(sql: string, params?: SqlParams): Promise<RunResult>;
}

export type SqlDialect = 'sqlite' | 'postgres';

export interface SqlDatabase extends SqlExecutor {
  readonly dialect: SqlDialect;
  /**
   * Runs `work` in one transaction that behaves as if it ran alone: SQLite serialises them
   * (BEGIN IMMEDIATE on one connection), PostgreSQL runs SERIALIZABLE and reruns `work` when the
   * server reports a conflict. So `work` may run more than once: it must not do anything but
   * queries on `tx` (no HTTP calls, no files, no counters outside).
   */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /** Resolves when the database answers a trivial query (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** A database that cannot be reached right now (connection refused, server shutting down). */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`database unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DatabaseUnavailableError';
  }
}
