import type { PostgresMigration } from './postgres-migration.ts';

/** SQLite migration 013 (platform/storage/migrations/013-background-turns.ts): turns of the platform's periodic work (D-140). */
export const postgres013: PostgresMigration = {
  version: 13,
  name: 'background turns',
  sql: `
    CREATE TABLE background_turns (
      name    TEXT PRIMARY KEY,
      due_at  BIGINT NOT NULL
    );
  `,
};
