import type { Migration } from './index.ts';

/**
 * Customers, capture sessions and their images (docs/kiosk-core.md, "Store schema"). Times are
 * Unix milliseconds. Ids are UUIDv7 made by the kiosk, so rows created offline never collide and
 * sort by creation time.
 */
export const migration001: Migration = {
  version: 1,
  name: 'capture-store',
  up(db) {
    db.exec(`
      CREATE TABLE customers (
        id                 TEXT PRIMARY KEY,
        -- The platform's user id once the sync engine has registered the customer.
        platform_user_id   INTEGER,
        custom_id          TEXT NOT NULL DEFAULT '',
        name               TEXT NOT NULL,
        gender             INTEGER NOT NULL DEFAULT 0 CHECK (gender IN (0, 1, 2)),
        birthday           TEXT NOT NULL DEFAULT '',
        phone_cc           INTEGER NOT NULL DEFAULT 0,
        phone_number       TEXT NOT NULL DEFAULT '',
        email              TEXT NOT NULL DEFAULT '',
        -- JSON arrays of clause ids (the user item's agree_clause_ids / reject_clause_ids).
        agree_clause_ids   TEXT NOT NULL DEFAULT '[]',
        reject_clause_ids  TEXT NOT NULL DEFAULT '[]',
        consent_at         INTEGER,
        created_at         INTEGER NOT NULL,
        updated_at         INTEGER NOT NULL,
        synced_at          INTEGER
      );
      CREATE TABLE sessions (
        id              TEXT PRIMARY KEY,
        -- Null until the customer step; a session cancelled at consent never gets one.
        customer_id     TEXT REFERENCES customers(id),
        profile         TEXT NOT NULL CHECK (profile IN ('multi_light', 'single_camera')),
        skin_condition  TEXT CHECK (skin_condition IN ('clean', 'fresh_makeup', 'other')),
        state           TEXT NOT NULL CHECK (state IN ('consent', 'customer', 'capturing', 'review', 'done', 'cancelled')),
        created_at      INTEGER NOT NULL,
        updated_at      INTEGER NOT NULL,
        synced_at       INTEGER
      );
      CREATE INDEX sessions_customer ON sessions(customer_id);
      CREATE TABLE captures (
        id           TEXT PRIMARY KEY,
        session_id   TEXT NOT NULL REFERENCES sessions(id),
        view         TEXT NOT NULL CHECK (view IN ('front', 'left', 'right')),
        light        TEXT NOT NULL CHECK (light IN ('white', 'white_glow', 'cross_polar', 'parallel_polar', 'uv')),
        -- Relative to the captures directory, '/'-separated; unique, so two rows never share a file.
        file_path    TEXT NOT NULL UNIQUE,
        sha256       TEXT NOT NULL CHECK (length(sha256) = 64),
        width        INTEGER NOT NULL CHECK (width > 0),
        height       INTEGER NOT NULL CHECK (height > 0),
        bytes        INTEGER NOT NULL CHECK (bytes > 0),
        captured_at  INTEGER NOT NULL,
        -- Set by the startup recovery when the file is gone or its hash no longer matches.
        integrity    TEXT NOT NULL DEFAULT 'ok' CHECK (integrity IN ('ok', 'missing', 'corrupt')),
        -- Filled by the sync engine once the platform holds the image; retention counts from it.
        synced_at    INTEGER,
        UNIQUE (session_id, view, light)
      );
      CREATE INDEX captures_synced ON captures(synced_at) WHERE synced_at IS NOT NULL;
    `);
  },
};
