import type { Migration } from './migration.ts';

/**
 * A fingerprint of the key that signs upload addresses and report links (D-128). Every process
 * on one database must sign alike; one started on another `--data` had its own key and refused
 * the others' addresses as altered (44101) without a word. The first process records the
 * fingerprint (never the key); a process whose key differs refuses to start and says why.
 */
export const migration011: Migration = {
  version: 11,
  name: 'instance keys',
  up(db) {
    db.exec(`
      CREATE TABLE instance_keys (
        name        TEXT PRIMARY KEY,
        fingerprint TEXT NOT NULL,
        created_at  INTEGER NOT NULL
      );
    `);
  },
};
