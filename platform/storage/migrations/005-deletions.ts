import type { Migration } from './migration.ts';

/**
 * Deletion on request and single-camera reports (docs/decisions.md ):
 * - deleted_clients: the kiosk ids of customers and reports deleted on request, with the public
 *   number each had. Only ids (no personal data): they make a deletion idempotent, refuse a late
 *   retry that would register the customer or report again (46208), and keep a deleted id from
 *   being given to a new customer or report (merchants that pulled it must not see it reused).
 * - object_deletions: files still to remove from the object store. Written in the deleting
 *   transaction and cleared once the file is gone, so a crash between the commit and the
 *   unlinks only delays them to the next start.
 * - reports.app_id: the app that ran the analysis, shown by ReportItem_SDK (source_type pad).
 */
export const migration005: Migration = {
  version: 5,
  name: 'deletions',
  up(db) {
    db.exec(`
      CREATE TABLE deleted_clients (
        merchant_id  INTEGER NOT NULL REFERENCES merchants(id),
        kind         TEXT NOT NULL CHECK (kind IN ('user', 'report')),
        client_id    TEXT NOT NULL,
        -- The public number the item had (user_no, or report_no under source_type), so the
        -- numbering never hands it out again; NULL when nothing of that id was stored.
        source_type  TEXT NOT NULL DEFAULT '',
        number       INTEGER,
        deleted_at   INTEGER NOT NULL,
        PRIMARY KEY (merchant_id, kind, client_id)
      ) WITHOUT ROWID;

      CREATE TABLE object_deletions (
        object_key    TEXT PRIMARY KEY,
        requested_at  INTEGER NOT NULL
      ) WITHOUT ROWID;

      ALTER TABLE reports ADD COLUMN app_id TEXT NOT NULL DEFAULT '';
      CREATE INDEX push_events_user ON push_events(user_id) WHERE user_id IS NOT NULL;
    `);
  },
};
