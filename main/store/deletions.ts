/**
 * Deletion on request, platform side (issue 7 Build 3, decision R-019): the kiosk deletes its
 * own rows and files at once and queues what the platform must delete in platform_deletions
 * (migration 004), in the same transaction, because afterwards nothing local remembers the ids.
 * The sync engine sends each row through POST /device_api/deletions when online; the platform's
 * answer is idempotent, so a retry after a lost answer or a crash is harmless. Rows are never
 * dropped: failures back off and wait like every other outbox entry.
 */
import { DELETION_MAX_ITEMS, deletionRequestSchema, type Deletion } from '../../protocol/device-sync/deletions.ts';
import type { SyncWaiting } from '../sync/types.ts';
import type { Db } from './database.ts';

export interface DeletionRow {
  readonly id: number;
  readonly kind: 'customer' | 'session';
  readonly client_id: string;
  readonly request: string;
  readonly attempts: number;
  readonly next_attempt_at: number;
  readonly error_code: string | null;
  readonly error_message: string | null;
  readonly waiting: SyncWaiting | null;
}

/** What a failed send changes on its row. */
export interface QueueFailure {
  readonly errorCode: string | null;
  readonly errorMessage: string | null;
  readonly waiting: SyncWaiting | null;
  readonly attempts: number;
  readonly nextAttemptAt: number;
}

export class DeletionRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /**
   * Queues the platform deletion of a customer and everything of theirs; run inside the
   * transaction that deletes the local rows (before them: it reads the sync rows they cascade to).
   * Always queued: a registration may have reached the platform whatever the local state says,
   * and the platform's record of the deleted id keeps a late retry from bringing them back.
   */
  queueCustomer(customerId: string, now: number): void {
    const db = this.#db;
    const sessions = (db.prepare('SELECT id FROM sessions WHERE customer_id = ? ORDER BY created_at').all(customerId) as { id: string }[]).map((r) => r.id);
    const platformUserId = (db.prepare('SELECT platform_user_id FROM customers WHERE id = ?').get(customerId) as { platform_user_id: number | null } | undefined)?.platform_user_id ?? null;
    for (const request of this.chunked(customerId, sessions)) this.insert('customer', customerId, platformUserId, request, now);
  }

  /** Queues the platform deletion of one session's report, task and uploads, when any may exist there. */
  queueSession(sessionId: string, now: number): boolean {
    const db = this.#db;
    const reached = db.prepare('SELECT 1 FROM sync_jobs WHERE session_id = ? UNION SELECT 1 FROM sync_uploads WHERE session_id = ?').get(sessionId, sessionId);
    const synced = db.prepare('SELECT 1 FROM sessions WHERE id = ? AND synced_at IS NOT NULL').get(sessionId);
    if (!reached && !synced) return false;
    const [request] = this.chunked(undefined, [sessionId]);
    this.insert('session', sessionId, null, request!, now);
    return true;
  }

  /**
   * The session was deleted while its task was being created: the deletion queued then could not
   * name the task, which the platform has now made (with its outputs). A second request names it.
   */
  queueLateTask(sessionId: string, taskId: string, now: number): void {
    const request = deletionRequestSchema.parse({ client_report_ids: [sessionId], task_ids: [taskId], resource_urls: [] });
    this.insert('session', sessionId, null, request, now);
  }

  nextDue(now: number): DeletionRow | null {
    return (this.#db.prepare('SELECT * FROM platform_deletions WHERE next_attempt_at <= ? ORDER BY id LIMIT 1').get(now) as DeletionRow | undefined) ?? null;
  }

  pending(): number {
    return (this.#db.prepare('SELECT COUNT(*) AS n FROM platform_deletions').get() as { n: number }).n;
  }

  /** The platform confirmed the deletion: the row goes. */
  remove(id: number): void {
    this.#db.prepare('DELETE FROM platform_deletions WHERE id = ?').run(id);
  }

  recordFailure(id: number, failure: QueueFailure): void {
    this.#db
      .prepare('UPDATE platform_deletions SET error_code = ?, error_message = ?, waiting = ?, attempts = ?, next_attempt_at = ? WHERE id = ?')
      .run(failure.errorCode, failure.errorMessage, failure.waiting, failure.attempts, failure.nextAttemptAt, id);
  }

  /** Requests of at most DELETION_MAX_ITEMS sessions each; the first names the customer. */
  private chunked(clientUserId: string | undefined, sessionIds: readonly string[]): Deletion[] {
    const requests: Deletion[] = [];
    for (let i = 0; i === 0 || i < sessionIds.length; i += DELETION_MAX_ITEMS) {
      const traces = this.sessionTraces(sessionIds.slice(i, i + DELETION_MAX_ITEMS));
      requests.push(
        deletionRequestSchema.parse({
          ...(i === 0 && clientUserId !== undefined ? { client_user_id: clientUserId } : {}),
          client_report_ids: traces.reports,
          task_ids: traces.tasks,
          resource_urls: traces.uploads,
        }),
      );
    }
    return requests;
  }

  /** What the platform holds of these sessions: their reports, tasks and uploads, by kiosk-known ids. */
  private sessionTraces(sessionIds: readonly string[]): { reports: string[]; tasks: string[]; uploads: string[] } {
    const tasks: string[] = [];
    const uploads: string[] = [];
    for (const id of sessionIds) {
      const job = this.#db.prepare('SELECT task_id FROM sync_jobs WHERE session_id = ?').get(id) as { task_id: string | null } | undefined;
      if (job?.task_id) tasks.push(job.task_id);
      // A file may be on its way up right now: its address is in the policy from the start, and the
      // engine sends this deletion only after that upload step ends.
      const urls = this.#db
        .prepare("SELECT COALESCE(resource_url, json_extract(policy, '$.resource_url')) AS url FROM sync_uploads WHERE session_id = ? AND COALESCE(resource_url, json_extract(policy, '$.resource_url')) IS NOT NULL")
        .all(id) as { url: string }[];
      uploads.push(...urls.map((u) => u.url));
    }
    // A session's report has the session id as client_report_id (session-steps.ts).
    return { reports: [...sessionIds], tasks, uploads };
  }

  private insert(kind: DeletionRow['kind'], clientId: string, platformUserId: number | null, request: Deletion, now: number): void {
    this.#db
      .prepare('INSERT INTO platform_deletions (kind, client_id, platform_user_id, requested_at, request, next_attempt_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(kind, clientId, platformUserId, now, JSON.stringify(request), now);
  }
}
