import { inListChunks } from '../storage/in-list.ts';
import type { SqlDatabase, SqlExecutor } from '../storage/sql.ts';

/**
 * Files listed per INSERT, padded to these sizes so a few statement texts serve every count
 * (`inListChunks`, D-071); at most 1,000 parameters, far under both databases' limits.
 */
const LIST_SIZES = [4, 16, 64, 500];

/**
 * SQL of deletions on request beyond the users' and reports' own: the tasks and uploads
 * a deletion reads to find files, the push events it drops, the tombstones of kiosk ids and
 * the list of files still to remove. All but the last run inside the deletion's transaction.
 */
export class DeletionRepository {
  constructor(private readonly db: SqlDatabase) {}

  task(tx: SqlExecutor, merchantId: number, taskId: string): Promise<{ request: string; result: string | null } | undefined> {
    return tx.one<{ request: string; result: string | null }>('SELECT request, result FROM tasks WHERE id = ? AND merchant_id = ?', [taskId, merchantId]);
  }

  /**
   * The merchant owning a finished upload. Read here, on the deletion's transaction, because
   * the uploads a deletion covers are only known from the tasks it reads there.
   */
  async uploadOwner(tx: SqlExecutor, resourceKey: string): Promise<number | undefined> {
    return (await tx.one<{ merchant_id: number }>('SELECT merchant_id FROM uploads WHERE resource_key = ? AND uploaded_at IS NOT NULL', [resourceKey]))?.merchant_id;
  }

  /** Push events of the user, of one data type and source type when given (JSON data included). */
  eventsOfUser(tx: SqlExecutor, userId: number, report?: { sourceType: string }): Promise<{ id: number; data: string }[]> {
    return report === undefined
      ? tx.all<{ id: number; data: string }>('SELECT id, data FROM push_events WHERE user_id = ? ORDER BY id', [userId])
      : tx.all<{ id: number; data: string }>("SELECT id, data FROM push_events WHERE user_id = ? AND data_type = 'report' AND source_type = ? ORDER BY id", [userId, report.sourceType]);
  }

  async deleteEvent(tx: SqlExecutor, id: number): Promise<void> {
    await tx.run('DELETE FROM push_attempts WHERE event_id = ?', [id]);
    await tx.run('DELETE FROM push_events WHERE id = ?', [id]);
  }

  async deleteReport(tx: SqlExecutor, id: number): Promise<void> {
    await tx.run('DELETE FROM reports WHERE id = ?', [id]);
  }

  async deleteUser(tx: SqlExecutor, id: number): Promise<void> {
    await tx.run('DELETE FROM users WHERE id = ?', [id]);
  }

  /**
   * Records a kiosk id as deleted. A later tombstone without a number (the id was not found)
   * keeps the number and source type an earlier one recorded.
   */
  async tombstone(tx: SqlExecutor, t: { merchantId: number; kind: 'user' | 'report'; clientId: string; sourceType: string; number: number | null; now: number }): Promise<void> {
    await tx.run(
      `INSERT INTO deleted_clients (merchant_id, kind, client_id, source_type, number, deleted_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (merchant_id, kind, client_id) DO UPDATE SET
         source_type = CASE WHEN excluded.number IS NULL THEN deleted_clients.source_type ELSE excluded.source_type END,
         number = COALESCE(excluded.number, deleted_clients.number)`,
      [t.merchantId, t.kind, t.clientId, t.sourceType, t.number, t.now],
    );
  }

  /** Whether a report of the merchant still names the object (its images or its result). */
  async stillUsed(tx: SqlExecutor, merchantId: number, objectKey: string): Promise<boolean> {
    // Object keys hold 32 random hex digits (after their day, D-142): a substring match is exact enough.
    // lower() on both sides: LIKE ignores case on SQLite and not on PostgreSQL.
    const pattern = `%${escapeLike(objectKey)}%`;
    const row = await tx.one(
      "SELECT 1 AS found FROM reports WHERE merchant_id = ? AND (lower(images) LIKE lower(?) ESCAPE '\\' OR lower(result) LIKE lower(?) ESCAPE '\\') LIMIT 1",
      [merchantId, pattern, pattern],
    );
    return row !== undefined;
  }

  /**
   * Lists files for removal after the commit, in one statement per 500; returns how many were not
   * listed already (a padding repeat of a key inserts nothing: ON CONFLICT DO NOTHING).
   */
  async listFiles(tx: SqlExecutor, objectKeys: readonly string[], now: number): Promise<number> {
    let listed = 0;
    for (const chunk of inListChunks(objectKeys, LIST_SIZES)) {
      const { changes } = await tx.run(
        `INSERT INTO object_deletions (object_key, requested_at) VALUES ${chunk.values.map(() => '(?, ?)').join(', ')} ON CONFLICT DO NOTHING`,
        chunk.values.flatMap((key) => [key, now]),
      );
      listed += changes;
    }
    return listed;
  }

  /** The first `limit` files listed for removal after `after`, in key order (the primary key's: no sort of the whole list). */
  async listedFiles(limit: number, after = ''): Promise<string[]> {
    return (await this.db.all<{ object_key: string }>('SELECT object_key FROM object_deletions WHERE object_key > ? ORDER BY object_key LIMIT ?', [after, limit])).map((r) => r.object_key);
  }

  async unlistFile(objectKey: string): Promise<void> {
    await this.db.run('DELETE FROM object_deletions WHERE object_key = ?', [objectKey]);
  }

  /** unlistFile for many, one statement per 500. */
  async unlistFiles(objectKeys: readonly string[]): Promise<void> {
    for (const chunk of inListChunks(objectKeys, LIST_SIZES)) await this.db.run(`DELETE FROM object_deletions WHERE object_key IN (${chunk.placeholders})`, chunk.values);
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
