import type { Migration } from './index.ts';

/**
 * The sync engine's durable state (docs/kiosk-sync.md): the per-session outbox, the upload of each
 * capture, the customer registrations, kiosk settings and the catalogue cache. Every row that
 * belongs to a session, capture or customer cascades with it, so deleting a customer's data
 * (store/customers.ts) or a retake replacing a capture row leaves no sync row behind.
 */
export const migration002: Migration = {
  version: 2,
  name: 'sync',
  up(db) {
    db.exec(`
      CREATE TABLE sync_jobs (
        session_id        TEXT PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
        -- register_user -> upload -> create_task -> poll -> submit_report -> done; failed waits for staff.
        stage             TEXT NOT NULL CHECK (stage IN ('register_user', 'upload', 'create_task', 'poll', 'submit_report', 'done', 'failed')),
        -- The stage that failed, so a staff retry re-runs it.
        failed_stage      TEXT,
        -- Raised by a staff retry after the platform failed the task: a new idempotency key, so a new task.
        generation        INTEGER NOT NULL DEFAULT 0,
        api_code          TEXT NOT NULL CHECK (api_code IN ('device_v', 'online_skin')),
        algorithm_variant TEXT NOT NULL,
        -- The exact body sent with the idempotency key; written before the first send, never changed.
        task_request      TEXT,
        task_id           TEXT,
        task_status       TEXT,
        poll_delay_ms     INTEGER,
        -- The task's skin result (JSON) once it succeeded: the report the kiosk shows.
        result            TEXT,
        result_at         INTEGER,
        report_id         INTEGER,
        report_url        TEXT,
        report_url_expires_at INTEGER,
        error_code        TEXT,
        error_message     TEXT,
        -- Why the job is not progressing although it is not failed: the network, or the configuration.
        waiting           TEXT CHECK (waiting IN ('network', 'config')),
        attempts          INTEGER NOT NULL DEFAULT 0,
        next_attempt_at   INTEGER NOT NULL,
        created_at        INTEGER NOT NULL,
        updated_at        INTEGER NOT NULL,
        completed_at      INTEGER
      );
      CREATE INDEX sync_jobs_due ON sync_jobs(next_attempt_at) WHERE stage NOT IN ('done', 'failed');

      CREATE TABLE sync_uploads (
        capture_id        TEXT PRIMARY KEY REFERENCES captures(id) ON DELETE CASCADE,
        session_id        TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        -- The policy in use (JSON) and when it expires on the kiosk's clock (received + ttl).
        policy            TEXT,
        policy_expires_at INTEGER,
        -- Set once the platform holds the file: what goes into the task.
        resource_url      TEXT,
        uploaded_at       INTEGER
      );
      CREATE INDEX sync_uploads_session ON sync_uploads(session_id);

      CREATE TABLE user_sync (
        customer_id       TEXT PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
        -- The revision sent for the content hashed in body_hash (R-014); raised when the content changes.
        revision          INTEGER NOT NULL DEFAULT 0,
        body_hash         TEXT,
        synced_revision   INTEGER,
        consented         INTEGER,
        error_code        TEXT,
        error_message     TEXT,
        waiting           TEXT CHECK (waiting IN ('network', 'config')),
        attempts          INTEGER NOT NULL DEFAULT 0,
        next_attempt_at   INTEGER NOT NULL,
        updated_at        INTEGER NOT NULL
      );

      CREATE TABLE kiosk_settings (
        key         TEXT PRIMARY KEY,
        value       TEXT NOT NULL,
        updated_at  INTEGER NOT NULL
      );

      CREATE TABLE catalogue_items (
        kind        TEXT NOT NULL CHECK (kind IN ('product', 'treatment')),
        custom_id   TEXT NOT NULL,
        item        TEXT NOT NULL,
        PRIMARY KEY (kind, custom_id)
      );
      -- langs, dimensions:<lang>, categories:<lang> and the time of the last full refresh.
      CREATE TABLE catalogue_meta (
        key         TEXT PRIMARY KEY,
        value       TEXT NOT NULL,
        fetched_at  INTEGER NOT NULL
      );

      -- Deletions on request that the platform still has to carry out (it offers no delete call yet).
      CREATE TABLE platform_deletions (
        id                INTEGER PRIMARY KEY AUTOINCREMENT,
        kind              TEXT NOT NULL CHECK (kind IN ('customer', 'session')),
        client_id         TEXT NOT NULL,
        platform_user_id  INTEGER,
        requested_at      INTEGER NOT NULL
      );
    `);
  },
};
