/**
 * What staff and the processing screen see of a session's sync (contract syncStageSchema):
 * capturing, queued_offline, uploading, analysing, ready, failed, with a 0..1 progress and a
 * sentence as a message key (main/kiosk-api/messages.ts) the renderer translates. `ready` means
 * the report is stored on the kiosk; the submission to the platform's report data may still
 * follow in the background.
 */
import { Codes } from '../../protocol/codes.ts';
import { DeviceSyncCodes } from '../../protocol/device-sync/codes.ts';
import { TaskCodes } from '../../protocol/skin-api/task-codes.ts';
import { uiMessage, type MessageKey, type UiMessageValue } from '../kiosk-api/messages.ts';
import type { SessionRecord } from '../store/types.ts';
import type { SyncJob } from './types.ts';

export type DisplayStage = 'capturing' | 'queued_offline' | 'uploading' | 'analysing' | 'ready' | 'failed';

export interface SyncDisplay {
  readonly stage: DisplayStage;
  readonly progress: number;
  readonly detail: UiMessageValue;
}

export function describeSync(session: SessionRecord, job: SyncJob | null, uploads: { done: number; total: number }): SyncDisplay {
  if (session.state === 'cancelled') return { stage: 'failed', progress: 0, detail: uiMessage('sync.cancelled') };
  if (session.state !== 'done') return { stage: 'capturing', progress: 0, detail: uiMessage('sync.capturing') };
  if (!job) return { stage: 'queued_offline', progress: 0, detail: uiMessage('sync.not_queued') };
  if (job.stage === 'failed') return { stage: 'failed', progress: 0, detail: failureMessage(job.errorCode, job.errorMessage) };
  if (job.result) return { stage: 'ready', progress: 1, detail: uiMessage(job.stage === 'submit_report' ? 'sync.ready_submitting' : 'sync.ready') };
  const progress = stageProgress(job, uploads);
  if (job.waiting === 'network') return { stage: 'queued_offline', progress, detail: uiMessage('sync.offline', { total: uploads.total }) };
  if (job.waiting === 'config') return { stage: 'queued_offline', progress, detail: failureMessage(job.errorCode, job.errorMessage) };
  if (job.stage === 'register_user' || job.stage === 'upload') return { stage: 'uploading', progress, detail: uiMessage('sync.uploading', { done: uploads.done, total: uploads.total }) };
  return { stage: 'analysing', progress, detail: uiMessage(job.taskStatus === 'running' ? 'sync.analysing' : 'sync.analysis_queued') };
}

/** Failure codes with a sentence of their own (what happened and what to do). */
const FAILURE_KEYS: ReadonlyMap<string, MessageKey> = new Map<string, MessageKey>([
  ['unreachable', 'failure.unreachable'],
  [String(Codes.MERCHANT_INVALID.code), 'failure.merchant_invalid'],
  [String(DeviceSyncCodes.STORE_NOT_FOUND.code), 'failure.store_not_found'],
  [String(DeviceSyncCodes.ACCOUNT_NOT_FOUND.code), 'failure.account_not_found'],
  [String(TaskCodes.NO_VALID_ORDER.code), 'failure.no_valid_order'],
  [String(TaskCodes.QUOTA_EXHAUSTED.code), 'failure.quota_exhausted'],
  [String(DeviceSyncCodes.TIME_AHEAD.code), 'failure.clock_ahead'],
  ['not_configured', 'failure.not_configured'],
  ['capture_missing', 'failure.capture_missing'],
  ['capture_corrupt', 'failure.capture_corrupt'],
  ['captures_incomplete', 'failure.captures_incomplete'],
  [String(TaskCodes.IMAGE_DOWNLOAD_FAILED.code), 'failure.image_download_failed'],
  [String(TaskCodes.IMAGE_UNREADABLE.code), 'failure.image_unreadable'],
  [String(TaskCodes.NO_FACE.code), 'failure.no_face'],
  [String(TaskCodes.IMAGE_QUALITY.code), 'failure.image_quality'],
  [String(TaskCodes.ANALYSIS_TIMEOUT.code), 'failure.analysis_timeout'],
  [String(TaskCodes.ANALYSIS_FAILED.code), 'failure.analysis_failed'],
]);

/** Platform codes that mean a passing fault, not a refusal (as sync/failures.ts sorts them). */
const TRANSIENT_CODES: ReadonlySet<string> = new Set([String(Codes.SYSTEM_ERROR.code), String(Codes.TOKEN_INVALID.code)]);

/**
 * A sync failure (the job's error code and message, sync/failures.ts) as a sentence for staff:
 * known codes have their own; a platform refusal names its code with the platform's message; a
 * local or passing fault says the kiosk retries.
 */
export function failureMessage(code: string | null, message: string | null): UiMessageValue {
  const detail = message ?? '';
  const key = code === null ? undefined : FAILURE_KEYS.get(code);
  if (key) return uiMessage(key, { code: code ?? '', detail });
  if (code !== null && /^\d+$/.test(code) && !TRANSIENT_CODES.has(code)) return uiMessage('failure.refused', { code, detail });
  return uiMessage('failure.retrying', { code: code ?? 'error', detail });
}

function stageProgress(job: SyncJob, uploads: { done: number; total: number }): number {
  switch (job.stage) {
    case 'register_user':
      return 0.05;
    case 'upload':
      return 0.1 + 0.5 * (uploads.total > 0 ? uploads.done / uploads.total : 0);
    case 'create_task':
      return 0.62;
    case 'poll':
      return job.taskStatus === 'running' ? 0.8 : 0.68;
    default:
      return 1;
  }
}
