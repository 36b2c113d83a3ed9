import type { Migration } from './migration.ts';

/**
 * The store a task came from and when it last started (D-085): within a merchant, the queue
 * serves stores in turn. `store_key` is `store:<number>` when the caller's metadata named a valid
 * store number, else `app:<app id>`; tasks queued or running when this runs are given their app's
 * key (finished ones keep '' and are only read for the time their store last started, which they
 * lack). `started_at` is set by every claim. The first index serves "the merchant's queued tasks
 * by store" and "its store's running tasks"; the second "when did this store last start one"; the
 * third "when did this merchant last start one" (the embedded claim loop's merchant turn, D-086).
 */
export const migration009: Migration = {
  version: 9,
  name: 'task stores',
  up(db) {
    db.exec(`
      ALTER TABLE tasks ADD COLUMN store_key TEXT NOT NULL DEFAULT '';
      ALTER TABLE tasks ADD COLUMN started_at INTEGER;
      UPDATE tasks SET store_key = 'app:' || app_id WHERE status IN ('queued', 'running');
      CREATE INDEX tasks_store_queue ON tasks(merchant_id, status, store_key, created_at);
      CREATE INDEX tasks_store_turns ON tasks(merchant_id, store_key, started_at);
      CREATE INDEX tasks_merchant_turns ON tasks(merchant_id, started_at);
    `);
  },
};
