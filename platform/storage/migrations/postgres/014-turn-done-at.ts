import type { PostgresMigration } from './postgres-migration.ts';

/** SQLite migration 014 (platform/storage/migrations/014-turn-done-at.ts): when a turn's work last ran to its end (D-142). */
export const postgres014: PostgresMigration = {
  version: 14,
  name: 'turn done at',
  sql: 'ALTER TABLE background_turns ADD COLUMN done_at BIGINT',
};
