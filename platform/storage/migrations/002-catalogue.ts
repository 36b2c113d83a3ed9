import type { Migration } from './migration.ts';

/**
 * The catalogue of products and treatments (specification: Products, Treatments). One table
 * holds both, told apart by `kind`: they share every field but category (products) and the
 * goods attributes (treatments), and every operation exists for both. Decision C-001
 * (docs/decisions.md (C-series)).
 *
 * Tenant isolation is enforced by the schema as well as the queries: every child row carries
 * merchant_id, and its foreign keys name (merchant_id, id) of the parent, so a sale store, link
 * or bundle item can never join a product of one merchant to a store or product of another.
 */
export const migration002: Migration = {
  version: 2,
  name: 'catalogue',
  up(db) {
    db.exec(`
      -- Parent key of the (merchant_id, store_id) foreign keys below; id alone is already unique.
      CREATE UNIQUE INDEX stores_merchant_scope ON stores(merchant_id, id);

      CREATE TABLE catalogue_items (
        id                      INTEGER PRIMARY KEY,
        merchant_id             INTEGER NOT NULL REFERENCES merchants(id),
        kind                    TEXT NOT NULL CHECK (kind IN ('product', 'treatment')),
        custom_id               TEXT NOT NULL,
        category_id             INTEGER CHECK (category_id BETWEEN 1 AND 10),
        name                    TEXT NOT NULL,
        pic                     TEXT NOT NULL,
        sub_title               TEXT NOT NULL DEFAULT '',
        price_unit              INTEGER NOT NULL DEFAULT 0,
        -- Whole cents: the price has at most 2 decimals (Limits), and floats would drift.
        price_cents             INTEGER NOT NULL DEFAULT 0 CHECK (price_cents >= 0),
        link                    TEXT NOT NULL DEFAULT '',
        -- JSON: dimension id -> level ids (numbers, ascending).
        problem                 TEXT NOT NULL DEFAULT '{}',
        skin_type               TEXT NOT NULL DEFAULT '',
        age_limit               INTEGER NOT NULL DEFAULT 0 CHECK (age_limit IN (0, 1)),
        min_age                 INTEGER NOT NULL DEFAULT 0,
        max_age                 INTEGER NOT NULL DEFAULT 0,
        label                   TEXT NOT NULL DEFAULT '',
        nurse_stage             INTEGER CHECK (nurse_stage IN (1, 2)),
        user_level              TEXT NOT NULL DEFAULT '',
        instruction             TEXT NOT NULL DEFAULT '',
        -- JSON: language code -> { name, sub_title, label, instruction }.
        lang_data               TEXT NOT NULL DEFAULT '{}',
        goods_attributes_code   TEXT NOT NULL DEFAULT '',
        -- NULL: not set by the merchant, derived from goods_attributes_code on reads.
        goods_attributes_limit  TEXT CHECK (goods_attributes_limit IN ('0', '1')),
        source                  INTEGER NOT NULL DEFAULT 2 CHECK (source IN (1, 2)),
        status                  INTEGER NOT NULL DEFAULT 1 CHECK (status IN (1, -1)),
        sell_type               INTEGER NOT NULL DEFAULT 1 CHECK (sell_type IN (1, 2)),
        created_at              INTEGER NOT NULL,
        updated_at              INTEGER NOT NULL,
        UNIQUE (merchant_id, kind, custom_id),
        UNIQUE (merchant_id, id),
        CHECK ((kind = 'product') = (category_id IS NOT NULL)),
        CHECK (kind = 'treatment' OR (goods_attributes_code = '' AND goods_attributes_limit IS NULL))
      );

      -- The stores of an item with sell_type 2 (selected stores); none for sell_type 1.
      CREATE TABLE catalogue_sale_stores (
        merchant_id  INTEGER NOT NULL,
        item_id      INTEGER NOT NULL,
        store_id     INTEGER NOT NULL,
        PRIMARY KEY (item_id, store_id),
        FOREIGN KEY (merchant_id, item_id) REFERENCES catalogue_items(merchant_id, id) ON DELETE CASCADE,
        FOREIGN KEY (merchant_id, store_id) REFERENCES stores(merchant_id, id)
      );
      CREATE INDEX catalogue_sale_stores_store ON catalogue_sale_stores(store_id);

      -- Per-store links (Premium Version stores): link_type 0 same as headquarters, 1 own link.
      CREATE TABLE catalogue_store_links (
        merchant_id  INTEGER NOT NULL,
        item_id      INTEGER NOT NULL,
        store_id     INTEGER NOT NULL,
        link_type    INTEGER NOT NULL CHECK (link_type IN (0, 1)),
        link         TEXT NOT NULL DEFAULT '',
        updated_at   INTEGER NOT NULL,
        PRIMARY KEY (item_id, store_id),
        CHECK ((link_type = 1) = (link <> '')),
        FOREIGN KEY (merchant_id, item_id) REFERENCES catalogue_items(merchant_id, id) ON DELETE CASCADE,
        FOREIGN KEY (merchant_id, store_id) REFERENCES stores(merchant_id, id)
      );
      CREATE INDEX catalogue_store_links_store ON catalogue_store_links(store_id);

      -- Bundle items of a set product (suit_custom_id[]), in the order the merchant gave them.
      CREATE TABLE catalogue_bundle_items (
        merchant_id  INTEGER NOT NULL,
        set_id       INTEGER NOT NULL,
        product_id   INTEGER NOT NULL,
        quantity     INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 999),
        position     INTEGER NOT NULL,
        PRIMARY KEY (set_id, product_id),
        CHECK (set_id <> product_id),
        FOREIGN KEY (merchant_id, set_id) REFERENCES catalogue_items(merchant_id, id) ON DELETE CASCADE,
        FOREIGN KEY (merchant_id, product_id) REFERENCES catalogue_items(merchant_id, id) ON DELETE CASCADE
      );
      CREATE INDEX catalogue_bundle_items_product ON catalogue_bundle_items(product_id);
    `);
  },
};
