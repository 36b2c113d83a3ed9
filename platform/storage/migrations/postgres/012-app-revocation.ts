import type { PostgresMigration } from './postgres-migration.ts';

/** SQLite migration 012 (platform/storage/migrations/012-app-revocation.ts): when an operator revoked an app (D-129). */
export const postgres012: PostgresMigration = {
  version: 12,
  name: 'app revocation',
  sql: 'ALTER TABLE apps ADD COLUMN revoked_at BIGINT;',
};
