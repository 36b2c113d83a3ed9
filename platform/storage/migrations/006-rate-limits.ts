import type { Migration } from './migration.ts';

/**
 * Rate-limit counters of the token endpoints (docs/decisions.md D-052), in the database so that
 * every platform process on one PostgreSQL server counts against the same limit. One row per
 * key (endpoint group, app and client address) and fixed window; rows of windows long past are
 * swept by the store.
 */
export const migration006: Migration = {
  version: 6,
  name: 'rate limits',
  up(db) {
    db.exec(`
      CREATE TABLE rate_limits (
        bucket        TEXT PRIMARY KEY,
        hits          INTEGER NOT NULL,
        window_start  INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX rate_limits_window ON rate_limits(window_start);
    `);
  },
};
