import type { Migration } from './migration.ts';

/**
 * When a turn's work last ran to its end (D-142): the walk for orphans lists the days back from
 * its last complete walk, so days a stopped platform or a failing walk missed are not skipped.
 */
export const migration014: Migration = {
  version: 14,
  name: 'turn done at',
  up(db) {
    db.exec('ALTER TABLE background_turns ADD COLUMN done_at INTEGER');
  },
};
