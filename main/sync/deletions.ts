/**
 * Deletion on request, platform side (issue 7 Build 3, decision R-019): the kiosk deletes its
 * own rows and files at once and queues what the platform must delete in platform_deletions
 * (migration 004), in the same transaction, because afterwards nothing local remembers the ids.
 * The engine sends each row through POST /device_api/deletions when online; the platform's
 * answer is idempotent, so a retry after a lost answer or a crash is harmless. Rows are never
 * dropped: failures back off and wait like every other outbox entry.
 */
import { deviceSyncEndpoints } from '../../protocol/endpoints/device-sync.ts';
import { DELETION_MAX_ITEMS, deletionRequestSchema, type Deletion, type DeletionResponse } from '../../protocol/device-sync/deletions.ts';
import type { PlatformClient } from '../platform-client/client.ts';
import type { Db } from '../store/database.ts';
import type { SyncWaiting } from './types.ts';

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

/** What the platform holds of these sessions: their reports, tasks and uploads, by kiosk-known ids. */
function sessionTraces(db: Db, sessionIds: readonly string[]): { reports: string[]; tasks: string[]; uploads: string[] } {
  const tasks: string[] = [];
  const uploads: string[] = [];
  for (const id of sessionIds) {
    const job = db.prepare('SELECT task_id FROM sync_jobs WHERE session_id = ?').get(id) as { task_id: string | null } | undefined;
    if (job?.task_id) tasks.push(job.task_id);
    // A file may be on its way up right now: its address is in the policy from the start, and the
    // engine sends this deletion only after that upload step ends.
    const urls = db
      .prepare("SELECT COALESCE(resource_url, json_extract(policy, '$.resource_url')) AS url FROM sync_uploads WHERE session_id = ? AND COALESCE(resource_url, json_extract(policy, '$.resource_url')) IS NOT NULL")
      .all(id) as { url: string }[];
    uploads.push(...urls.map((u) => u.url));
  }
  // A session's report has the session id as client_report_id (session-steps.ts).
  return { reports: [...sessionIds], tasks, uploads };
}

/** Requests of at most DELETION_MAX_ITEMS sessions each; the first names the customer. */
function chunked(clientUserId: string | undefined, sessionIds: readonly string[], db: Db): Deletion[] {
  const requests: Deletion[] = [];
  for (let i = 0; i === 0 || i < sessionIds.length; i += DELETION_MAX_ITEMS) {
    const traces = sessionTraces(db, sessionIds.slice(i, i + DELETION_MAX_ITEMS));
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

/**
 * Queues the platform deletion of a customer and everything of theirs; run inside the
 * transaction that deletes the local rows (before them: it reads the sync rows they cascade to).
 * Always queued: a registration may have reached the platform whatever the local state says,
 * and the platform's record of the deleted id keeps a late retry from bringing them back.
 */
export function queueCustomerDeletion(db: Db, customerId: string, now: number): void {
  const sessions = (db.prepare('SELECT id FROM sessions WHERE customer_id = ? ORDER BY created_at').all(customerId) as { id: string }[]).map((r) => r.id);
  const platformUserId = (db.prepare('SELECT platform_user_id FROM customers WHERE id = ?').get(customerId) as { platform_user_id: number | null } | undefined)?.platform_user_id ?? null;
  for (const request of chunked(customerId, sessions, db)) insertDeletion(db, 'customer', customerId, platformUserId, request, now);
}

/** Queues the platform deletion of one session's report, task and uploads, when any may exist there. */
export function queueSessionDeletion(db: Db, sessionId: string, now: number): boolean {
  const reached = db.prepare('SELECT 1 FROM sync_jobs WHERE session_id = ? UNION SELECT 1 FROM sync_uploads WHERE session_id = ?').get(sessionId, sessionId);
  const synced = db.prepare('SELECT 1 FROM sessions WHERE id = ? AND synced_at IS NOT NULL').get(sessionId);
  if (!reached && !synced) return false;
  const [request] = chunked(undefined, [sessionId], db);
  insertDeletion(db, 'session', sessionId, null, request!, now);
  return true;
}

/**
 * The session was deleted while its task was being created: the deletion queued then could not
 * name the task, which the platform has now made (with its outputs). A second request names it.
 */
export function queueLateTaskDeletion(db: Db, sessionId: string, taskId: string, now: number): void {
  const request = deletionRequestSchema.parse({ client_report_ids: [sessionId], task_ids: [taskId], resource_urls: [] });
  insertDeletion(db, 'session', sessionId, null, request, now);
}

function insertDeletion(db: Db, kind: DeletionRow['kind'], clientId: string, platformUserId: number | null, request: Deletion, now: number): void {
  db.prepare('INSERT INTO platform_deletions (kind, client_id, platform_user_id, requested_at, request, next_attempt_at) VALUES (?, ?, ?, ?, ?, ?)').run(
    kind,
    clientId,
    platformUserId,
    now,
    JSON.stringify(request),
    now,
  );
}

export function nextDueDeletion(db: Db, now: number): DeletionRow | null {
  return (db.prepare('SELECT * FROM platform_deletions WHERE next_attempt_at <= ? ORDER BY id LIMIT 1').get(now) as DeletionRow | undefined) ?? null;
}

export function earliestDeletionDue(db: Db): number | null {
  return (db.prepare('SELECT MIN(next_attempt_at) AS at FROM platform_deletions').get() as { at: number | null }).at;
}

export function pendingDeletions(db: Db): number {
  return (db.prepare('SELECT COUNT(*) AS n FROM platform_deletions').get() as { n: number }).n;
}

/** Sends one queued deletion; the row goes once the platform confirmed it. */
export async function sendDeletion(db: Db, client: PlatformClient, row: DeletionRow): Promise<DeletionResponse> {
  // JSON read back from disk is checked like any other input (STYLE.md).
  const body = deletionRequestSchema.parse(JSON.parse(row.request));
  const answer = await client.call(deviceSyncEndpoints.deleteData, { body });
  db.prepare('DELETE FROM platform_deletions WHERE id = ?').run(row.id);
  return answer;
}

export function recordDeletionFailure(db: Db, id: number, patch: { errorCode: string | null; errorMessage: string | null; waiting: SyncWaiting | null; attempts: number; nextAttemptAt: number }): void {
  db.prepare('UPDATE platform_deletions SET error_code = ?, error_message = ?, waiting = ?, attempts = ?, next_attempt_at = ? WHERE id = ?').run(
    patch.errorCode,
    patch.errorMessage,
    patch.waiting,
    patch.attempts,
    patch.nextAttemptAt,
    id,
  );
}
