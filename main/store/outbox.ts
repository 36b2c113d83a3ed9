/**
 * The session outbox (migration 002): one row per confirmed session in sync_jobs, one per capture
 * in sync_uploads. Every change is one statement or one transaction, so the row always names a
 * stage whose preconditions are durable (docs/kiosk-sync.md, "Resuming").
 */
import { z } from 'zod';
import { skinResultSchema } from '../../protocol/skin-api/task-result.ts';
import type { SyncApiCode, SyncJob, SyncStage, SyncWaiting } from '../sync/types.ts';
import type { Db } from './database.ts';
import type { DeletionRepository } from './deletions.ts';

interface JobRow {
  session_id: string;
  stage: SyncStage;
  failed_stage: SyncStage | null;
  generation: number;
  api_code: SyncApiCode;
  algorithm_variant: string;
  task_request: string | null;
  task_id: string | null;
  task_status: string | null;
  poll_delay_ms: number | null;
  result: string | null;
  result_at: number | null;
  report_id: number | null;
  report_url: string | null;
  report_url_expires_at: number | null;
  error_code: string | null;
  error_message: string | null;
  waiting: SyncWaiting | null;
  attempts: number;
  next_attempt_at: number;
  created_at: number;
  updated_at: number;
  completed_at: number | null;
}

/** Columns a stage may change; camelCase keys map onto the row. */
export type JobPatch = Partial<{
  stage: SyncStage;
  failedStage: SyncStage | null;
  generation: number;
  taskRequest: Record<string, unknown> | null;
  taskId: string | null;
  taskStatus: string | null;
  pollDelayMs: number | null;
  result: unknown;
  resultAt: number | null;
  reportId: number | null;
  reportUrl: string | null;
  reportUrlExpiresAt: number | null;
  errorCode: string | null;
  errorMessage: string | null;
  waiting: SyncWaiting | null;
  attempts: number;
  nextAttemptAt: number;
  completedAt: number | null;
}>;

const COLUMNS: Readonly<Record<keyof JobPatch, string>> = {
  stage: 'stage',
  failedStage: 'failed_stage',
  generation: 'generation',
  taskRequest: 'task_request',
  taskId: 'task_id',
  taskStatus: 'task_status',
  pollDelayMs: 'poll_delay_ms',
  result: 'result',
  resultAt: 'result_at',
  reportId: 'report_id',
  reportUrl: 'report_url',
  reportUrlExpiresAt: 'report_url_expires_at',
  errorCode: 'error_code',
  errorMessage: 'error_message',
  waiting: 'waiting',
  attempts: 'attempts',
  nextAttemptAt: 'next_attempt_at',
  completedAt: 'completed_at',
};
const JSON_COLUMNS = new Set<keyof JobPatch>(['taskRequest', 'result']);

const taskRequestSchema = z.record(z.string(), z.unknown());

export interface OutboxCounts {
  readonly pending: number;
  readonly failed: number;
  readonly lastSuccessAt: number | null;
}

export interface UploadRow {
  readonly capture_id: string;
  readonly session_id: string;
  readonly policy: string | null;
  readonly policy_expires_at: number | null;
  readonly resource_url: string | null;
  readonly uploaded_at: number | null;
}

/** Tables whose rows carry a retry time (next_attempt_at) and a waiting reason. */
const QUEUE_TABLES = ['sync_jobs', 'user_sync', 'platform_deletions'] as const;

export class OutboxRepository {
  readonly #db: Db;
  readonly #deletions: DeletionRepository;

  constructor(db: Db, deletions: DeletionRepository) {
    this.#db = db;
    this.#deletions = deletions;
  }

  /** The session's row at the first stage; false when it has one already. */
  insert(input: { sessionId: string; apiCode: SyncApiCode; algorithmVariant: string; now: number }): boolean {
    const info = this.#db
      .prepare(
        `INSERT OR IGNORE INTO sync_jobs (session_id, stage, api_code, algorithm_variant, next_attempt_at, created_at, updated_at)
         VALUES (?, 'register_user', ?, ?, ?, ?, ?)`,
      )
      .run(input.sessionId, input.apiCode, input.algorithmVariant, input.now, input.now, input.now);
    return info.changes > 0;
  }

  get(sessionId: string): SyncJob | null {
    const row = this.#db.prepare('SELECT * FROM sync_jobs WHERE session_id = ?').get(sessionId) as JobRow | undefined;
    return row ? toJob(row) : null;
  }

  update(sessionId: string, patch: JobPatch, now: number): void {
    const sets: string[] = ['updated_at = @updated_at'];
    const values: Record<string, unknown> = { session_id: sessionId, updated_at: now };
    for (const [key, value] of Object.entries(patch) as [keyof JobPatch, unknown][]) {
      if (value === undefined) continue;
      const column = COLUMNS[key];
      sets.push(`${column} = @${column}`);
      values[column] = JSON_COLUMNS.has(key) && value !== null ? JSON.stringify(value) : value;
    }
    this.#db.prepare(`UPDATE sync_jobs SET ${sets.join(', ')} WHERE session_id = @session_id`).run(values);
  }

  /**
   * A step's outcome: the job row, an upload step's record and, when the session is finished,
   * its synced_at marks (the session and its captures are on the platform: retention counts from
   * here, retention.ts), in one transaction: one commit, so one flush of the kiosk's disk, per
   * step (D-093). A session deleted on request while the step ran has no row any more; a task
   * the step made meanwhile is queued for deletion too. False when the row was gone.
   */
  applyStep(sessionId: string, outcome: StepOutcome, now: number): boolean {
    const db = this.#db;
    const { uploaded, ...patch } = outcome;
    return db
      .transaction(() => {
        if (!this.get(sessionId)) {
          if (patch.taskId) this.#deletions.queueLateTask(sessionId, patch.taskId, now);
          return false;
        }
        this.update(sessionId, patch, now);
        if (uploaded) this.markUploaded(uploaded, now);
        if (patch.stage === 'done') {
          db.prepare('UPDATE sessions SET synced_at = ? WHERE id = ? AND synced_at IS NULL').run(now, sessionId);
          db.prepare('UPDATE captures SET synced_at = ? WHERE session_id = ? AND synced_at IS NULL').run(now, sessionId);
        }
        return true;
      })
      .immediate();
  }

  /** The oldest unfinished job whose time has come. */
  nextDue(now: number): SyncJob | null {
    const row = this.#db
      .prepare("SELECT * FROM sync_jobs WHERE stage NOT IN ('done', 'failed') AND next_attempt_at <= ? ORDER BY created_at, session_id LIMIT 1")
      .get(now) as JobRow | undefined;
    return row ? toJob(row) : null;
  }

  /** The earliest retry time of anything queued (jobs, customer registrations, deletions), or null. */
  earliestDue(): number | null {
    const row = this.#db
      .prepare(
        `SELECT MIN(at) AS at FROM (
           SELECT MIN(next_attempt_at) AS at FROM sync_jobs WHERE stage NOT IN ('done', 'failed')
           UNION ALL SELECT MIN(next_attempt_at) FROM user_sync WHERE synced_revision IS NOT revision
           UNION ALL SELECT MIN(next_attempt_at) FROM platform_deletions)`,
      )
      .get() as { at: number | null };
    return row.at;
  }

  /** Jobs, customer registrations and deletions waiting (for the network, or for settings) become due now. */
  makeWaitingDue(now: number, reason?: SyncWaiting): void {
    const db = this.#db;
    const which = reason ? 'waiting = @reason' : 'waiting IS NOT NULL';
    const values = { now, reason: reason ?? null };
    db.transaction(() => {
      db.prepare(`UPDATE sync_jobs SET next_attempt_at = @now WHERE ${which} AND stage NOT IN ('done', 'failed') AND next_attempt_at > @now`).run(values);
      db.prepare(`UPDATE user_sync SET next_attempt_at = @now WHERE ${which} AND next_attempt_at > @now`).run(values);
      db.prepare(`UPDATE platform_deletions SET next_attempt_at = @now WHERE ${which} AND next_attempt_at > @now`).run(values);
    }).immediate();
  }

  /**
   * Retry and poll times are wall-clock times. A clock set back (NTP after running fast, a
   * technician fixing the date) leaves them up to the size of the jump ahead; the engine knows
   * no wait beyond `latest` is a plan, so every retry planned later becomes due now. Answers how
   * many there were.
   */
  pullInFarAttempts(now: number, latest: number): number {
    let changed = 0;
    for (const table of QUEUE_TABLES) changed += this.#db.prepare(`UPDATE ${table} SET next_attempt_at = ? WHERE next_attempt_at > ?`).run(now, latest).changes;
    return changed;
  }

  counts(): OutboxCounts {
    const row = this.#db
      .prepare(
        `SELECT SUM(stage NOT IN ('done', 'failed')) AS pending, SUM(stage = 'failed') AS failed,
                MAX(completed_at) AS last FROM sync_jobs`,
      )
      .get() as { pending: number | null; failed: number | null; last: number | null };
    return { pending: row.pending ?? 0, failed: row.failed ?? 0, lastSuccessAt: row.last };
  }

  /**
   * Sessions confirmed (state done) without an outbox row: a crash between the confirmation and
   * the enqueue leaves such a session; the engine adds its row at start.
   */
  sessionsMissingJobs(): { id: string; profile: 'multi_light' | 'single_camera' }[] {
    return this.#db
      .prepare("SELECT id, profile FROM sessions WHERE state = 'done' AND synced_at IS NULL AND id NOT IN (SELECT session_id FROM sync_jobs) ORDER BY created_at")
      .all() as { id: string; profile: 'multi_light' | 'single_camera' }[];
  }

  // Uploads

  uploadsOf(sessionId: string): Map<string, UploadRow> {
    const rows = this.#db.prepare('SELECT * FROM sync_uploads WHERE session_id = ?').all(sessionId) as UploadRow[];
    return new Map(rows.map((row) => [row.capture_id, row]));
  }

  savePolicy(input: KeptPolicy): void {
    this.#db
      .prepare(
        `INSERT INTO sync_uploads (capture_id, session_id, policy, policy_expires_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (capture_id) DO UPDATE SET policy = excluded.policy, policy_expires_at = excluded.policy_expires_at`,
      )
      .run(input.captureId, input.sessionId, JSON.stringify(input.policy), input.expiresAt);
  }

  /** Records a capture as on the platform (inside applyStep's transaction: D-093). */
  private markUploaded({ captureId, resourceUrl, following }: UploadRecord, now: number): void {
    this.#db.prepare('UPDATE sync_uploads SET resource_url = ?, uploaded_at = ? WHERE capture_id = ?').run(resourceUrl, now, captureId);
    if (following) this.savePolicy(following);
  }

  /** Forgets every upload of a session: the platform lost them (45013), so they go up again. */
  forgetUploads(sessionId: string): void {
    this.#db.prepare('DELETE FROM sync_uploads WHERE session_id = ?').run(sessionId);
  }
}

/**
 * What an upload step records with its job row: the capture's address on the platform, and the
 * policy of the session's following capture asked for during its transfer (D-093), or null.
 */
export interface UploadRecord {
  readonly captureId: string;
  readonly resourceUrl: string;
  readonly following: KeptPolicy | null;
}

/** A step's outcome: the changes of its job row and, for an upload step, what it sent. */
export type StepOutcome = JobPatch & { readonly uploaded?: UploadRecord };

/** An upload policy kept for a capture until its transfer, with when it stops being usable. */
export interface KeptPolicy {
  readonly captureId: string;
  readonly sessionId: string;
  readonly policy: unknown;
  readonly expiresAt: number;
}

function toJob(row: JobRow): SyncJob {
  return {
    sessionId: row.session_id,
    stage: row.stage,
    failedStage: row.failed_stage,
    generation: row.generation,
    apiCode: row.api_code,
    algorithmVariant: row.algorithm_variant,
    // JSON read back from disk is checked like any other input (STYLE.md).
    taskRequest: row.task_request === null ? null : taskRequestSchema.parse(JSON.parse(row.task_request)),
    taskId: row.task_id,
    taskStatus: row.task_status,
    pollDelayMs: row.poll_delay_ms,
    result: row.result === null ? null : skinResultSchema.parse(JSON.parse(row.result)),
    resultAt: row.result_at,
    reportId: row.report_id,
    reportUrl: row.report_url,
    reportUrlExpiresAt: row.report_url_expires_at,
    errorCode: row.error_code,
    errorMessage: row.error_message,
    waiting: row.waiting,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    completedAt: row.completed_at,
  };
}
