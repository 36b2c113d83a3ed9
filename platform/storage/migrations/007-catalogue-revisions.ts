import type { Migration } from './migration.ts';

/**
 * A revision per catalogue item, raised by every statement that changes the item (D-071), so a
 * page read can tell from ids and revisions alone which items' answers it keeps are still the
 * item as stored, on any process of one database. The index covers the page's narrow read.
 */
export const migration007: Migration = {
  version: 7,
  name: 'catalogue revisions',
  up(db) {
    db.exec(`
      ALTER TABLE catalogue_items ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX catalogue_items_page ON catalogue_items(merchant_id, kind, id, revision);
    `);
  },
};
