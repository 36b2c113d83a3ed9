import type { Migration } from './migration.ts';

/**
 * Background work the whole platform does once per period, whichever node takes it (D-140): a
 * row per piece of work, made at its first claim, with when it is next due. A node claims a turn
 * by moving `due_at` on, guarded by the value it read, so of several nodes due at once one wins.
 */
export const migration013: Migration = {
  version: 13,
  name: 'background turns',
  up(db) {
    db.exec(`
      CREATE TABLE background_turns (
        name    TEXT PRIMARY KEY,
        due_at  INTEGER NOT NULL
      );
    `);
  },
};
