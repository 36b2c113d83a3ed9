import type { Migration } from './migration.ts';

/** Tenancy and credentials: groups own merchants, merchants own stores, stores own accounts. */
export const migration001: Migration = {
  version: 1,
  name: 'tenants',
  up(db) {
    db.exec(`
      CREATE TABLE groups (
        id          INTEGER PRIMARY KEY,
        name        TEXT NOT NULL,
        created_at  INTEGER NOT NULL
      );
      CREATE TABLE merchants (
        id             INTEGER PRIMARY KEY,
        group_id       INTEGER NOT NULL REFERENCES groups(id),
        name           TEXT NOT NULL,
        area           TEXT NOT NULL DEFAULT '',
        region         TEXT NOT NULL CHECK (region IN ('cn', 'overseas')),
        multi_account  INTEGER NOT NULL DEFAULT 1,
        default_lang   TEXT NOT NULL DEFAULT 'en',
        lang_list      TEXT NOT NULL DEFAULT '[]',
        created_at     INTEGER NOT NULL
      );
      CREATE INDEX merchants_group ON merchants(group_id);
      -- app_secret is kept in clear: the pull signature (MD5 over params + secret) needs it.
      CREATE TABLE apps (
        app_id       TEXT PRIMARY KEY,
        app_secret   TEXT NOT NULL,
        level        TEXT NOT NULL CHECK (level IN ('group', 'merchant')),
        group_id     INTEGER NOT NULL REFERENCES groups(id),
        merchant_id  INTEGER REFERENCES merchants(id),
        name         TEXT NOT NULL DEFAULT '',
        created_at   INTEGER NOT NULL,
        CHECK ((level = 'merchant') = (merchant_id IS NOT NULL))
      );
      -- One row per app: issuing a token replaces the previous one (one active token per app).
      CREATE TABLE tokens (
        app_id      TEXT PRIMARY KEY REFERENCES apps(app_id),
        token_hash  TEXT NOT NULL UNIQUE,
        issued_at   INTEGER NOT NULL,
        expires_at  INTEGER NOT NULL
      );
      CREATE TABLE areas (
        id           INTEGER PRIMARY KEY,
        merchant_id  INTEGER NOT NULL REFERENCES merchants(id),
        name         TEXT NOT NULL,
        remark       TEXT NOT NULL DEFAULT ''
      );
      CREATE INDEX areas_merchant ON areas(merchant_id);
      CREATE TABLE stores (
        id             INTEGER PRIMARY KEY,
        merchant_id    INTEGER NOT NULL REFERENCES merchants(id),
        custom_id      TEXT NOT NULL,
        name           TEXT NOT NULL,
        telephone      TEXT NOT NULL DEFAULT '',
        area_id        INTEGER REFERENCES areas(id),
        province_code  TEXT NOT NULL DEFAULT '',
        city_code      TEXT NOT NULL DEFAULT '',
        province       TEXT NOT NULL DEFAULT '',
        city           TEXT NOT NULL DEFAULT '',
        address        TEXT NOT NULL DEFAULT '',
        status         INTEGER NOT NULL DEFAULT 1 CHECK (status IN (1, -1)),
        business_type  INTEGER NOT NULL DEFAULT 1 CHECK (business_type IN (0, 1, 2)),
        created_at     INTEGER NOT NULL,
        UNIQUE (merchant_id, custom_id),
        UNIQUE (merchant_id, name)
      );
      -- Account names are login names: unique across the whole platform.
      CREATE TABLE accounts (
        id             INTEGER PRIMARY KEY,
        merchant_id    INTEGER NOT NULL REFERENCES merchants(id),
        store_id       INTEGER NOT NULL REFERENCES stores(id),
        username       TEXT NOT NULL UNIQUE,
        password_hash  TEXT NOT NULL,
        real_name      TEXT NOT NULL,
        last_name      TEXT NOT NULL DEFAULT '',
        account_num    TEXT NOT NULL DEFAULT '',
        phone_cc       TEXT NOT NULL DEFAULT '',
        phone_number   TEXT NOT NULL DEFAULT '',
        email          TEXT NOT NULL DEFAULT '',
        sso_account    TEXT NOT NULL DEFAULT '',
        is_manager     INTEGER NOT NULL DEFAULT 0,
        status         INTEGER NOT NULL DEFAULT 1 CHECK (status IN (1, -1)),
        created_at     INTEGER NOT NULL
      );
      CREATE INDEX accounts_store ON accounts(store_id);
      CREATE INDEX accounts_merchant ON accounts(merchant_id);
    `);
  },
};
