/**
 * What became of a session, as the staff list says it (contract sessionStatusSchema, D-048).
 * One meaning of "failed" for the whole kiosk: a confirmed session whose sync job gave up
 * (outbox stage `failed`), which is exactly what the technician's Diagnostics and the status pill
 * count (OutboxCounts.failed: `stage = 'failed'` in main/store/outbox.ts). A session that never
 * reached the sync (consent declined, cancelled, cut short by a restart) is not a failure of
 * anything and is named for what happened to it.
 */
import { missingCase } from '../../common/missing-case.ts';
import type { KioskOutput } from '../kiosk-api/types.ts';
import type { SessionRecord } from '../store/types.ts';
import type { DisplayStage } from '../sync/progress.ts';

export type SessionStatus = KioskOutput<'listSessions'>['sessions'][number]['status'];

export function sessionStatus(session: Pick<SessionRecord, 'state' | 'endReason'>, stage: DisplayStage): SessionStatus {
  if (session.state === 'cancelled') {
    if (session.endReason === 'consent_declined') return 'declined';
    if (session.endReason === 'interrupted') return 'incomplete';
    if (session.endReason === 'idle') return 'timed_out';
    return 'cancelled';
  }
  if (session.state !== 'done') return 'in_progress';
  switch (stage) {
    case 'capturing':
      return 'in_progress';
    case 'queued_offline':
    case 'uploading':
    case 'analysing':
    case 'failed':
      return stage;
    case 'ready':
      return 'synced';
    default:
      return missingCase(stage, 'sync stage');
  }
}
