/**
 * Retry and poll times are wall-clock times in SQLite. A clock set back (NTP after running fast,
 * a technician fixing the date) leaves them up to the size of the jump ahead, and the queue would
 * sit silent that long. No backoff or poll ever waits longer than the engine's longest delay, so
 * a time beyond it is a jump, not a plan: it becomes due now.
 */
import type { Db } from '../store/database.ts';

const TABLES = ['sync_jobs', 'user_sync', 'platform_deletions'] as const;

/** Makes due now every retry planned later than `latest`; answers how many there were. */
export function pullInFarAttempts(db: Db, now: number, latest: number): number {
  let changed = 0;
  for (const table of TABLES) changed += db.prepare(`UPDATE ${table} SET next_attempt_at = ? WHERE next_attempt_at > ?`).run(now, latest).changes;
  return changed;
}
