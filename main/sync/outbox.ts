/**
 * SQL of the session outbox (migration 002): one row per confirmed session in sync_jobs, one per
 * capture in sync_uploads. Every change is one statement or one transaction, so the row always
 * names a stage whose preconditions are durable (docs/kiosk-sync.md, "Resuming").
 */
import { z } from 'zod';
import { skinResultSchema } from '../../protocol/skin-api/task-result.ts';
import type { Db } from '../store/database.ts';
import type { SyncApiCode, SyncJob, SyncStage, SyncWaiting } from './types.ts';

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

export function insertJob(db: Db, input: { sessionId: string; apiCode: SyncApiCode; algorithmVariant: string; now: number }): boolean {
  const info = db
    .prepare(
      `INSERT OR IGNORE INTO sync_jobs (session_id, stage, api_code, algorithm_variant, next_attempt_at, created_at, updated_at)
       VALUES (?, 'register_user', ?, ?, ?, ?, ?)`,
    )
    .run(input.sessionId, input.apiCode, input.algorithmVariant, input.now, input.now, input.now);
  return info.changes > 0;
}

export function getJob(db: Db, sessionId: string): SyncJob | null {
  const row = db.prepare('SELECT * FROM sync_jobs WHERE session_id = ?').get(sessionId) as JobRow | undefined;
  return row ? toJob(row) : null;
}

export function updateJob(db: Db, sessionId: string, patch: JobPatch, now: number): void {
  const sets: string[] = ['updated_at = @updated_at'];
  const values: Record<string, unknown> = { session_id: sessionId, updated_at: now };
  for (const [key, value] of Object.entries(patch) as [keyof JobPatch, unknown][]) {
    if (value === undefined) continue;
    const column = COLUMNS[key];
    sets.push(`${column} = @${column}`);
    values[column] = JSON_COLUMNS.has(key) && value !== null ? JSON.stringify(value) : value;
  }
  db.prepare(`UPDATE sync_jobs SET ${sets.join(', ')} WHERE session_id = @session_id`).run(values);
}

/** The oldest unfinished job whose time has come. */
export function nextDueJob(db: Db, now: number): SyncJob | null {
  const row = db
    .prepare("SELECT * FROM sync_jobs WHERE stage NOT IN ('done', 'failed') AND next_attempt_at <= ? ORDER BY created_at, session_id LIMIT 1")
    .get(now) as JobRow | undefined;
  return row ? toJob(row) : null;
}

/** Jobs, customer registrations and deletions waiting (for the network, or for settings) become due now. */
export function makeWaitingDue(db: Db, now: number, reason?: SyncWaiting): void {
  const which = reason ? 'waiting = @reason' : 'waiting IS NOT NULL';
  db.transaction(() => {
    db.prepare(`UPDATE sync_jobs SET next_attempt_at = @now WHERE ${which} AND stage NOT IN ('done', 'failed') AND next_attempt_at > @now`).run({ now, reason: reason ?? null });
    db.prepare(`UPDATE user_sync SET next_attempt_at = @now WHERE ${which} AND next_attempt_at > @now`).run({ now, reason: reason ?? null });
    db.prepare(`UPDATE platform_deletions SET next_attempt_at = @now WHERE ${which} AND next_attempt_at > @now`).run({ now, reason: reason ?? null });
  }).immediate();
}

export function earliestJobDue(db: Db): number | null {
  const row = db.prepare("SELECT MIN(next_attempt_at) AS at FROM sync_jobs WHERE stage NOT IN ('done', 'failed')").get() as { at: number | null };
  return row.at;
}

export interface OutboxCounts {
  readonly pending: number;
  readonly failed: number;
  readonly lastSuccessAt: number | null;
}

export function outboxCounts(db: Db): OutboxCounts {
  const row = db
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
export function sessionsMissingJobs(db: Db): { id: string; profile: 'multi_light' | 'single_camera' }[] {
  return db
    .prepare("SELECT id, profile FROM sessions WHERE state = 'done' AND synced_at IS NULL AND id NOT IN (SELECT session_id FROM sync_jobs) ORDER BY created_at")
    .all() as { id: string; profile: 'multi_light' | 'single_camera' }[];
}

// Uploads

export interface UploadRow {
  readonly capture_id: string;
  readonly session_id: string;
  readonly policy: string | null;
  readonly policy_expires_at: number | null;
  readonly resource_url: string | null;
  readonly uploaded_at: number | null;
}

export function uploadsOf(db: Db, sessionId: string): Map<string, UploadRow> {
  const rows = db.prepare('SELECT * FROM sync_uploads WHERE session_id = ?').all(sessionId) as UploadRow[];
  return new Map(rows.map((row) => [row.capture_id, row]));
}

export function savePolicy(db: Db, input: { captureId: string; sessionId: string; policy: unknown; expiresAt: number }): void {
  db.prepare(
    `INSERT INTO sync_uploads (capture_id, session_id, policy, policy_expires_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (capture_id) DO UPDATE SET policy = excluded.policy, policy_expires_at = excluded.policy_expires_at`,
  ).run(input.captureId, input.sessionId, JSON.stringify(input.policy), input.expiresAt);
}

export function markUploaded(db: Db, captureId: string, resourceUrl: string, now: number): void {
  db.prepare('UPDATE sync_uploads SET resource_url = ?, uploaded_at = ? WHERE capture_id = ?').run(resourceUrl, now, captureId);
}

/** Forgets every upload of a session: the platform lost them (45013), so they go up again. */
export function forgetUploads(db: Db, sessionId: string): void {
  db.prepare('DELETE FROM sync_uploads WHERE session_id = ?').run(sessionId);
}

/** The session and its captures are on the platform: retention counts from here (store/retention.ts). */
export function markSessionSynced(db: Db, sessionId: string, now: number): void {
  db.transaction(() => {
    db.prepare('UPDATE sessions SET synced_at = ? WHERE id = ? AND synced_at IS NULL').run(now, sessionId);
    db.prepare('UPDATE captures SET synced_at = ? WHERE session_id = ? AND synced_at IS NULL').run(now, sessionId);
  }).immediate();
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
