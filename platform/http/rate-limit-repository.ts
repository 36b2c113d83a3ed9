import type { SqlDatabase } from '../storage/sql.ts';

export interface WindowCount {
  /** Requests counted in the current window, this one included. */
  readonly hits: number;
  /** When the current window began, in milliseconds. */
  readonly windowStart: number;
}

/**
 * The rate-limit counters (table rate_limits, migration 006; D-052). One statement per hit, so
 * concurrent requests of several processes on one PostgreSQL server never lose a count: the
 * upsert takes the row lock, and a window that has run out starts again at 1.
 */
export class RateLimitRepository {
  constructor(private readonly sql: SqlDatabase) {}

  async hit(bucket: string, now: number, windowMs: number): Promise<WindowCount> {
    const row = await this.sql.one<{ hits: number; window_start: number }>(
      `INSERT INTO rate_limits (bucket, hits, window_start) VALUES (?, 1, ?)
       ON CONFLICT (bucket) DO UPDATE SET
         hits = CASE WHEN rate_limits.window_start + ? <= ? THEN 1 ELSE rate_limits.hits + 1 END,
         window_start = CASE WHEN rate_limits.window_start + ? <= ? THEN excluded.window_start ELSE rate_limits.window_start END
       RETURNING hits, window_start`,
      [bucket, now, windowMs, now, windowMs, now],
    );
    if (!row) throw new Error('rate limit upsert returned no row');
    return { hits: row.hits, windowStart: row.window_start };
  }

  /** Drops counters whose window began before `before` (they count from 1 again anyway). */
  async sweep(before: number): Promise<number> {
    return (await this.sql.run('DELETE FROM rate_limits WHERE window_start < ?', [before])).changes;
  }
}
