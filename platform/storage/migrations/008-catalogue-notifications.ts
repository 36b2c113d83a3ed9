import type { Migration } from './migration.ts';

/**
 * PostgreSQL's migration 008 makes every change of a catalogue item notify the other processes
 * (D-075). SQLite has nothing to add: each process reads the file itself and checks the items'
 * revisions (D-071). The step exists so both lists keep one numbering.
 */
export const migration008: Migration = {
  version: 8,
  name: 'catalogue change notifications (PostgreSQL only)',
  up() {},
};
