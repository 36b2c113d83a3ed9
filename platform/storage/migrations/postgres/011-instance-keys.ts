import type { PostgresMigration } from './postgres-migration.ts';

/** SQLite migration 011 (platform/storage/migrations/011-instance-keys.ts): the signing key's fingerprint, so every process signs alike (D-128). */
export const postgres011: PostgresMigration = {
  version: 11,
  name: 'instance keys',
  sql: `
    CREATE TABLE instance_keys (
      name        TEXT PRIMARY KEY,
      fingerprint TEXT NOT NULL,
      created_at  BIGINT NOT NULL
    );
  `,
};
