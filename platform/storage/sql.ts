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

/** What a listener of `SqlNotifications` is told. */
export interface NotificationHandlers {
  /** A payload sent on the channel by any process of the database, once its transaction committed. */
  heard(payload: string): void;
  /**
   * true once the listener hears the channel, false when it stops hearing it (the connection
   * was lost: whatever was sent until it listens again is never heard).
   */
  listening(on: boolean): void;
}

/** Messages between the processes of one database (PostgreSQL's LISTEN and NOTIFY). */
export interface SqlNotifications {
  /** Listens on `channel` (lower-case letters and _) on a connection of its own, reconnecting when it is lost; returns the way to stop. */
  listen(channel: string, handlers: NotificationHandlers): () => Promise<void>;
}

export interface SqlDatabase extends SqlExecutor {
  readonly dialect: SqlDialect;
  /**
   * Statements (one each, autocommitted) whose commit does not wait for the write-ahead log's
   * flush to disk (D-096): on PostgreSQL a small pool of its own whose sessions run
   * `synchronous_commit = off`, so the statement stays one round trip; a database crash within
   * the flush window (a few hundred ms at most, less as soon as any later commit waits for its
   * flush, which flushes everything before it) loses what it committed. On SQLite the database
   * itself: every commit durable. Only for rows whose loss is survivable: the upload policy's.
   */
  readonly lazyCommit: SqlExecutor;
  /**
   * Runs `work` in one transaction that behaves as if it ran alone: SQLite serialises them
   * (BEGIN IMMEDIATE on one connection), PostgreSQL runs SERIALIZABLE and reruns `work` when the
   * server reports a conflict. So `work` may run more than once: it must not do anything but
   * queries on `tx` (no HTTP calls, no files, no counters outside).
   */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /**
   * Messages from the other processes of this database, null on SQLite: its file is read by
   * each process directly, so what another process wrote is simply there on the next read.
   */
  readonly notifications: SqlNotifications | null;
  /**
   * A number that changes whenever another connection (another process) commits to this
   * database: SQLite's `PRAGMA data_version`, read without touching a table. Null on PostgreSQL,
   * whose processes hear of each other's changes through `notifications` instead.
   */
  otherWritesVersion(): number | null;
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
