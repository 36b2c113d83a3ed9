/**
 * Retention: capture images are deleted `retentionDays` after the platform confirmed it holds
 * them (synced_at, filled by the sync engine). Unsynced captures are never deleted by age: they
 * are the only copy. Captures of cancelled sessions are never synced, so they age out from the
 * session's last change instead. Session and customer rows stay (they are small and hold the
 * history); deleting those is `deleteCustomerData`.
 */
import type { Db } from './database.ts';

const DAY_MS = 86_400_000;

export interface ExpiredCaptures {
  readonly captures: number;
  /** Relative paths to unlink now that the rows are gone. */
  readonly files: readonly string[];
}

/** Deletes the expired rows in one transaction; the caller unlinks the files afterwards. */
export function deleteExpiredCaptureRows(db: Db, retentionDays: number, now: number): ExpiredCaptures {
  const cutoff = now - retentionDays * DAY_MS;
  return db
    .transaction(() => {
      const where = `(c.synced_at IS NOT NULL AND c.synced_at <= @cutoff)
        OR c.session_id IN (SELECT id FROM sessions WHERE state = 'cancelled' AND updated_at <= @cutoff)`;
      const files = (db.prepare(`SELECT c.file_path FROM captures c WHERE ${where}`).all({ cutoff }) as { file_path: string }[]).map((r) => r.file_path);
      const captures = db.prepare(`DELETE FROM captures AS c WHERE ${where}`).run({ cutoff }).changes;
      return { captures, files };
    })
    .immediate();
}
