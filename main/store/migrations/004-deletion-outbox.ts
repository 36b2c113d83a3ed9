import type { Migration } from './index.ts';

/**
 * Deletion on request reaches the platform (docs/kiosk-sync.md, "Deletion on request"): the
 * rows of platform_deletions become an outbox the sync engine drains through
 * POST /device_api/deletions. `request` is the exact body (the kiosk ids of the customer, the
 * sessions' reports, tasks and uploads), written in the same transaction that deletes the
 * local rows, since afterwards nothing local remembers them. A row is removed once the platform
 * confirmed the deletion. Rows written before this migration get the body their ids give.
 */
export const migration004: Migration = {
  version: 4,
  name: 'deletion-outbox',
  up(db) {
    db.exec(`
      ALTER TABLE platform_deletions ADD COLUMN request TEXT;
      ALTER TABLE platform_deletions ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE platform_deletions ADD COLUMN next_attempt_at INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE platform_deletions ADD COLUMN error_code TEXT;
      ALTER TABLE platform_deletions ADD COLUMN error_message TEXT;
      ALTER TABLE platform_deletions ADD COLUMN waiting TEXT CHECK (waiting IN ('network', 'config'));
      UPDATE platform_deletions SET request = CASE kind
          WHEN 'customer' THEN json_object('client_user_id', client_id)
          ELSE json_object('client_report_ids', json_array(client_id))
        END;
      CREATE INDEX platform_deletions_due ON platform_deletions(next_attempt_at);
    `);
  },
};
