/**
 * Customer registrations with the platform (user_sync, migration 002): one row per customer
 * naming the revision to send, the hash pinning its content, and the revision the platform
 * holds. The sending is main/sync/user-sync.ts.
 */
import type { SyncWaiting } from '../sync/types.ts';
import type { Db } from './database.ts';
import type { QueueFailure } from './deletions.ts';

export interface UserSyncRow {
  readonly customer_id: string;
  readonly revision: number;
  readonly body_hash: string | null;
  readonly synced_revision: number | null;
  readonly consented: number | null;
  readonly error_code: string | null;
  readonly error_message: string | null;
  readonly waiting: SyncWaiting | null;
  readonly attempts: number;
  readonly next_attempt_at: number;
}

export class UserSyncRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  get(customerId: string): UserSyncRow | null {
    return (this.#db.prepare('SELECT * FROM user_sync WHERE customer_id = ?').get(customerId) as UserSyncRow | undefined) ?? null;
  }

  /**
   * Pins the content (by its hash) to a revision, a new one when it changed, and marks the row
   * due. Returns the row as it now stands.
   */
  stage(customerId: string, bodyHash: string, now: number): UserSyncRow {
    const db = this.#db;
    return db
      .transaction(() => {
        const row = this.get(customerId);
        if (!row) {
          db.prepare('INSERT INTO user_sync (customer_id, revision, body_hash, next_attempt_at, updated_at) VALUES (?, 0, ?, ?, ?)').run(customerId, bodyHash, now, now);
        } else if (row.body_hash !== bodyHash) {
          // A revision the platform may have seen keeps its content: new content gets the next number.
          db.prepare('UPDATE user_sync SET revision = revision + 1, body_hash = ?, attempts = 0, next_attempt_at = ?, updated_at = ? WHERE customer_id = ?').run(bodyHash, now, now, customerId);
        }
        return this.get(customerId)!;
      })
      .immediate();
  }

  setRevision(customerId: string, revision: number): void {
    this.#db.prepare('UPDATE user_sync SET revision = ? WHERE customer_id = ?').run(revision, customerId);
  }

  /** The platform holds this revision: the row and the customer's platform id, in one transaction. */
  markSynced(customerId: string, revision: number, answer: { platformUserId: number; consented: boolean }, now: number): void {
    const db = this.#db;
    db.transaction(() => {
      db.prepare(
        'UPDATE user_sync SET synced_revision = ?, consented = ?, error_code = NULL, error_message = NULL, waiting = NULL, attempts = 0, updated_at = ? WHERE customer_id = ? AND revision = ?',
      ).run(revision, answer.consented ? 1 : 0, now, customerId, revision);
      db.prepare('UPDATE customers SET platform_user_id = ?, synced_at = ? WHERE id = ?').run(answer.platformUserId, now, customerId);
    }).immediate();
  }

  recordFailure(customerId: string, failure: QueueFailure, now: number): void {
    this.#db
      .prepare('UPDATE user_sync SET error_code = ?, error_message = ?, waiting = ?, attempts = ?, next_attempt_at = ?, updated_at = ? WHERE customer_id = ?')
      .run(failure.errorCode, failure.errorMessage, failure.waiting, failure.attempts, failure.nextAttemptAt, now, customerId);
  }

  /** The oldest customer registration that is due. */
  nextDue(now: number): UserSyncRow | null {
    return (
      (this.#db.prepare('SELECT * FROM user_sync WHERE synced_revision IS NOT revision AND next_attempt_at <= ? ORDER BY next_attempt_at LIMIT 1').get(now) as UserSyncRow | undefined) ??
      null
    );
  }

  /** Customers never staged for registration (a crash right after they were created). */
  customersMissingSync(): string[] {
    return (this.#db.prepare('SELECT id FROM customers WHERE synced_at IS NULL AND id NOT IN (SELECT customer_id FROM user_sync) ORDER BY created_at').all() as { id: string }[]).map(
      (r) => r.id,
    );
  }
}
