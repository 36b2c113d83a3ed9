import type { Migration } from './index.ts';

/**
 * Why a cancelled session ended (D-048): staff read "Consent declined", "Cancelled" or
 * "Incomplete" instead of one red "Failed". No CHECK on the values: the reasons are the state
 * machine's, which may grow, and a reader shows an unknown one as a plain cancellation. Sessions
 * cancelled before this migration keep null (said as "Cancelled"): nothing recorded which it was.
 */
export const migration005: Migration = {
  version: 5,
  name: 'session-end-reason',
  up(db) {
    db.exec('ALTER TABLE sessions ADD COLUMN end_reason TEXT');
  },
};
