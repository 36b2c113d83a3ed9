import type { Migration } from './migration.ts';

/**
 * Report data (specification: Report data, Events, Callback endpoints; docs/decisions.md (R-series)):
 * customer profiles and reports synced by kiosks, each merchant's integration settings, and the
 * durable push outbox with one row per delivery attempt. Times are Unix milliseconds.
 *
 * The INTEGER PRIMARY KEY AUTOINCREMENT of users and reports is their insert sequence: the pull
 * cursor walks it (R-006), never created_at, so an item stored late with an old capture time is
 * not skipped. AUTOINCREMENT keeps a sequence value from ever being reused. The public ids
 * (user_no, report_no) are numbered per merchant (and source type), as the specification scopes
 * them. Child rows name (merchant_id, id) of their parents, so the schema itself refuses a report
 * of one merchant pointing at another merchant's store or user (as in 002).
 *
 * 003 was added after 004 had been written (numbers were reserved per issue). It references
 * none of 004's tables (tasks are named by id without a foreign key). Caveat: user_version is a
 * high-water mark, so a data directory created while the list was [001, 002, 004] is at
 * version 4 and does not receive 003; such (demo) directories must be recreated.
 */
export const migration003: Migration = {
  version: 3,
  name: 'report-data',
  up(db) {
    db.exec(`
      CREATE TABLE users (
        id               INTEGER PRIMARY KEY AUTOINCREMENT,
        merchant_id      INTEGER NOT NULL REFERENCES merchants(id),
        user_no          INTEGER NOT NULL,
        client_user_id   TEXT NOT NULL,
        revision         INTEGER NOT NULL,
        -- SHA-256 of the canonical request of this revision: tells a retry from a conflict.
        request_hash     TEXT NOT NULL,
        store_id         INTEGER NOT NULL,
        account_id       INTEGER NOT NULL DEFAULT 0,
        custom_id        TEXT NOT NULL DEFAULT '',
        name             TEXT NOT NULL,
        gender           INTEGER NOT NULL DEFAULT 0,
        birthday         TEXT NOT NULL DEFAULT '',
        phone_cc         INTEGER NOT NULL DEFAULT 0,
        phone_number     TEXT NOT NULL DEFAULT '',
        email            TEXT NOT NULL DEFAULT '',
        marital_status   INTEGER NOT NULL DEFAULT -1,
        has_baby         INTEGER NOT NULL DEFAULT -1,
        has_beauty       INTEGER NOT NULL DEFAULT -1,
        is_irritability  INTEGER NOT NULL DEFAULT -1,
        target           TEXT NOT NULL DEFAULT '{}',
        agree_clause_ids TEXT NOT NULL DEFAULT '[]',
        reject_clause_ids TEXT NOT NULL DEFAULT '[]',
        -- 1 when both required clauses are agreed (protocol/report-data/consent.ts): the only
        -- users whose data, and whose reports, leave the platform.
        consented        INTEGER NOT NULL CHECK (consented IN (0, 1)),
        created_at       INTEGER NOT NULL,
        stored_at        INTEGER NOT NULL,
        updated_at       INTEGER NOT NULL,
        UNIQUE (merchant_id, user_no),
        UNIQUE (merchant_id, client_user_id),
        UNIQUE (merchant_id, id),
        FOREIGN KEY (merchant_id, store_id) REFERENCES stores(merchant_id, id)
      );
      -- Pull: users_pull bounds where a time range starts, users_walk walks it in insert order.
      CREATE INDEX users_pull ON users(merchant_id, created_at, id);
      CREATE INDEX users_walk ON users(merchant_id, id, created_at);

      CREATE TABLE reports (
        id                 INTEGER PRIMARY KEY AUTOINCREMENT,
        merchant_id        INTEGER NOT NULL REFERENCES merchants(id),
        source_type        TEXT NOT NULL CHECK (source_type IN ('device', 'device20', 'sdk', 'pad', 'mobile', 'online')),
        report_no          INTEGER NOT NULL,
        client_report_id   TEXT NOT NULL,
        request_hash       TEXT NOT NULL,
        user_id            INTEGER NOT NULL,
        store_id           INTEGER NOT NULL,
        account_id         INTEGER NOT NULL DEFAULT 0,
        device_sn          TEXT NOT NULL DEFAULT '',
        task_id            TEXT,
        api_code           TEXT NOT NULL,
        algorithm_variant  TEXT NOT NULL,
        light_sources      TEXT NOT NULL DEFAULT '[]',
        -- JSON: image key -> object key of the upload (addresses are made when presented).
        images             TEXT NOT NULL DEFAULT '{}',
        -- JSON: the task's skin result; annotation addresses are object-store paths.
        result             TEXT NOT NULL,
        -- The customer's report page: a random key and a fixed expiry, so the link is stable.
        page_key           TEXT NOT NULL UNIQUE,
        page_expires_at    INTEGER NOT NULL,
        created_at         INTEGER NOT NULL,
        stored_at          INTEGER NOT NULL,
        UNIQUE (merchant_id, source_type, report_no),
        UNIQUE (merchant_id, client_report_id),
        UNIQUE (merchant_id, task_id),
        FOREIGN KEY (merchant_id, store_id) REFERENCES stores(merchant_id, id),
        FOREIGN KEY (merchant_id, user_id) REFERENCES users(merchant_id, id)
      );
      CREATE INDEX reports_pull ON reports(merchant_id, source_type, created_at, id);
      CREATE INDEX reports_walk ON reports(merchant_id, source_type, id, created_at);
      CREATE INDEX reports_user ON reports(user_id);

      -- Where a merchant receives push events and answers CRM searches, and which app signs.
      CREATE TABLE merchant_integrations (
        merchant_id              INTEGER PRIMARY KEY REFERENCES merchants(id),
        webhook_url              TEXT NOT NULL DEFAULT '',
        webhook_enabled          INTEGER NOT NULL DEFAULT 1 CHECK (webhook_enabled IN (0, 1)),
        webhook_disabled_reason  TEXT NOT NULL DEFAULT '',
        consecutive_failures     INTEGER NOT NULL DEFAULT 0,
        crm_url                  TEXT NOT NULL DEFAULT '',
        signing_app_id           TEXT REFERENCES apps(app_id),
        updated_at               INTEGER NOT NULL
      );

      -- The durable outbox: one row per event, sent in id order per merchant (R-011).
      CREATE TABLE push_events (
        id                INTEGER PRIMARY KEY AUTOINCREMENT,
        event_id          TEXT NOT NULL UNIQUE,
        merchant_id       INTEGER NOT NULL REFERENCES merchants(id),
        data_type         TEXT NOT NULL,
        action_type       TEXT NOT NULL,
        source_type       TEXT,
        -- Whose consent is checked again before each attempt; NULL for test calls.
        user_id           INTEGER REFERENCES users(id),
        -- JSON snapshot of the payload; file addresses are placeholders signed at send time.
        data              TEXT NOT NULL,
        status            TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed', 'suppressed')),
        attempts          INTEGER NOT NULL DEFAULT 0,
        next_attempt_at   INTEGER NOT NULL,
        last_http_status  INTEGER NOT NULL DEFAULT 0,
        last_error        TEXT NOT NULL DEFAULT '',
        created_at        INTEGER NOT NULL,
        updated_at        INTEGER NOT NULL,
        delivered_at      INTEGER
      );
      CREATE INDEX push_events_queue ON push_events(status, merchant_id, id);
      CREATE INDEX push_events_merchant ON push_events(merchant_id, status, id);

      CREATE TABLE push_attempts (
        id            INTEGER PRIMARY KEY,
        event_id      INTEGER NOT NULL REFERENCES push_events(id),
        attempt       INTEGER NOT NULL,
        started_at    INTEGER NOT NULL,
        duration_ms   INTEGER NOT NULL,
        http_status   INTEGER NOT NULL,
        outcome       TEXT NOT NULL CHECK (outcome IN ('delivered', 'failed')),
        error         TEXT NOT NULL DEFAULT ''
      );
      CREATE INDEX push_attempts_event ON push_attempts(event_id);
    `);
  },
};
