import type { PostgresMigration } from './postgres-migration.ts';

/** SQLite migration 006 (platform/storage/migrations/006-rate-limits.ts): the shared rate-limit counters (D-052). */
export const postgres006: PostgresMigration = {
  version: 6,
  name: 'rate limits',
  sql: `
    CREATE TABLE rate_limits (
      bucket        TEXT PRIMARY KEY,
      hits          BIGINT NOT NULL,
      window_start  BIGINT NOT NULL
    );
    CREATE INDEX rate_limits_window ON rate_limits(window_start);
  `,
};
