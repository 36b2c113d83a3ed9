import type { PostgresMigration } from './postgres-migration.ts';

/** SQLite migration 009 (platform/storage/migrations/009-task-stores.ts): a task's store and start time, for serving a merchant's stores in turn (D-085). */
export const postgres009: PostgresMigration = {
  version: 9,
  name: 'task stores',
  sql: `
    ALTER TABLE tasks ADD COLUMN store_key TEXT NOT NULL DEFAULT '';
    ALTER TABLE tasks ADD COLUMN started_at BIGINT;
    UPDATE tasks SET store_key = 'app:' || app_id WHERE status IN ('queued', 'running');
    CREATE INDEX tasks_store_queue ON tasks(merchant_id, status, store_key, created_at);
    CREATE INDEX tasks_store_turns ON tasks(merchant_id, store_key, started_at);
    CREATE INDEX tasks_merchant_turns ON tasks(merchant_id, started_at);
  `,
};
