import type { PostgresMigration } from './postgres-migration.ts';

/** SQLite migration 007 (platform/storage/migrations/007-catalogue-revisions.ts): item revisions for kept pages (D-071). */
export const postgres007: PostgresMigration = {
  version: 7,
  name: 'catalogue revisions',
  sql: `
    ALTER TABLE catalogue_items ADD COLUMN revision BIGINT NOT NULL DEFAULT 0;
    CREATE INDEX catalogue_items_page ON catalogue_items(merchant_id, kind, id, revision);
  `,
};
