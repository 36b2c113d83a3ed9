/**
 * What staff and the processing screen see of a session's sync (contract syncStageSchema):
 * capturing, queued_offline, uploading, analysing, ready, failed, with a 0..1 progress and a
 * sentence. `ready` means the report is stored on the kiosk; the submission to the platform's
 * report data may still follow in the background.
 */
import type { SessionRecord } from '../store/types.ts';
import type { SyncJob } from './types.ts';

export type DisplayStage = 'capturing' | 'queued_offline' | 'uploading' | 'analysing' | 'ready' | 'failed';

export interface SyncDisplay {
  readonly stage: DisplayStage;
  readonly progress: number;
  readonly detail: string;
}

export function describeSync(session: SessionRecord, job: SyncJob | null, uploads: { done: number; total: number }): SyncDisplay {
  if (session.state === 'cancelled') return { stage: 'failed', progress: 0, detail: 'The session was cancelled; nothing is analysed.' };
  if (session.state !== 'done') return { stage: 'capturing', progress: 0, detail: 'Capture in progress.' };
  if (!job) return { stage: 'queued_offline', progress: 0, detail: 'Waiting to sync.' };
  if (job.stage === 'failed') return { stage: 'failed', progress: 0, detail: `${job.errorCode ?? 'error'}: ${job.errorMessage ?? 'sync failed'} Staff can retry.` };
  if (job.result) {
    const submitting = job.stage === 'submit_report' ? ' Sending the report to the merchant.' : '';
    return { stage: 'ready', progress: 1, detail: `The report is ready.${submitting}` };
  }
  const progress = stageProgress(job, uploads);
  if (job.waiting === 'network') {
    return { stage: 'queued_offline', progress, detail: `Offline: the ${uploads.total} photos are stored safely on this kiosk and will be analysed when the platform is reachable again.` };
  }
  if (job.waiting === 'config') return { stage: 'queued_offline', progress, detail: `Waiting for a technician: ${job.errorMessage ?? 'check the platform settings.'}` };
  if (job.stage === 'register_user' || job.stage === 'upload') return { stage: 'uploading', progress, detail: `Uploading photos (${uploads.done} of ${uploads.total}).` };
  return { stage: 'analysing', progress, detail: job.taskStatus === 'running' ? 'Analysing the photos.' : 'Waiting for the analysis to start.' };
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
