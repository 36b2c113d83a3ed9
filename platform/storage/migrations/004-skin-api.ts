import type { Migration } from './migration.ts';

/**
 * Skin API: orders with quota, upload policies and their files, analysis tasks (the durable
 * queue). Times are Unix milliseconds.
 */
export const migration004: Migration = {
  version: 4,
  name: 'skin-api',
  up(db) {
    db.exec(`
      -- A merchant's Skin API order. Quota is reserved when a quota-counting task is accepted and
      -- turned into one used unit only when it succeeds (released when it fails).
      CREATE TABLE skin_orders (
        id              INTEGER PRIMARY KEY,
        merchant_id     INTEGER NOT NULL REFERENCES merchants(id),
        valid_from      INTEGER NOT NULL,
        valid_until     INTEGER NOT NULL,
        quota_total     INTEGER NOT NULL CHECK (quota_total >= 0),
        quota_used      INTEGER NOT NULL DEFAULT 0 CHECK (quota_used >= 0),
        quota_reserved  INTEGER NOT NULL DEFAULT 0 CHECK (quota_reserved >= 0),
        created_at      INTEGER NOT NULL,
        CHECK (quota_used + quota_reserved <= quota_total)
      );
      CREATE INDEX skin_orders_merchant ON skin_orders(merchant_id, valid_until);

      -- One row per upload policy; uploaded_at is set once, when its file is stored.
      CREATE TABLE uploads (
        resource_key  TEXT PRIMARY KEY,
        merchant_id   INTEGER NOT NULL REFERENCES merchants(id),
        app_id        TEXT NOT NULL,
        method        TEXT NOT NULL CHECK (method IN ('PUT', 'POST')),
        extension     TEXT NOT NULL,
        mime          TEXT NOT NULL,
        file_name     TEXT,
        max_bytes     INTEGER NOT NULL,
        expires_at    INTEGER NOT NULL,
        created_at    INTEGER NOT NULL,
        uploaded_at   INTEGER,
        size          INTEGER,
        sha256        TEXT
      );
      CREATE INDEX uploads_merchant ON uploads(merchant_id, created_at);

      CREATE TABLE tasks (
        id                 TEXT PRIMARY KEY,
        merchant_id        INTEGER NOT NULL REFERENCES merchants(id),
        app_id             TEXT NOT NULL,
        order_id           INTEGER NOT NULL REFERENCES skin_orders(id),
        api_code           TEXT NOT NULL,
        algorithm_variant  TEXT NOT NULL,
        request            TEXT NOT NULL,
        metadata           TEXT,
        status             TEXT NOT NULL CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
        attempts           INTEGER NOT NULL DEFAULT 0,
        lease_until        INTEGER,
        quota_reserved     INTEGER NOT NULL DEFAULT 0 CHECK (quota_reserved IN (0, 1)),
        quota_charged      INTEGER NOT NULL DEFAULT 0 CHECK (quota_charged IN (0, 1)),
        idempotency_key    TEXT,
        request_hash       TEXT NOT NULL,
        result             TEXT,
        error_code         INTEGER,
        error_msg          TEXT,
        created_at         INTEGER NOT NULL,
        updated_at         INTEGER NOT NULL,
        finished_at        INTEGER,
        UNIQUE (merchant_id, idempotency_key)
      );
      CREATE INDEX tasks_queue ON tasks(status, created_at);
      CREATE INDEX tasks_merchant ON tasks(merchant_id, created_at);
    `);
  },
};
