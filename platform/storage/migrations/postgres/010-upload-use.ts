import type { PostgresMigration } from './postgres-migration.ts';

/** SQLite migration 010 (platform/storage/migrations/010-upload-use.ts): when an upload was first used, for the retention sweep of unused ones (D-096). */
export const postgres010: PostgresMigration = {
  version: 10,
  name: 'upload use',
  sql: `
    ALTER TABLE uploads ADD COLUMN used_at BIGINT;
    UPDATE uploads SET used_at = uploaded_at WHERE uploaded_at IS NOT NULL;
    CREATE INDEX uploads_unused ON uploads(expires_at) WHERE used_at IS NULL;
  `,
};
