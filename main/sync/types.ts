/** The sync engine's vocabulary (docs/kiosk-sync.md, "Outbox"). */
import type { SkinResult } from '../../protocol/skin-api/task-result.ts';

/** Persisted stages of a session's outbox row, in order; `failed` waits for a staff retry. */
export const SYNC_STAGES = ['register_user', 'upload', 'create_task', 'poll', 'submit_report', 'done', 'failed'] as const;
export type SyncStage = (typeof SYNC_STAGES)[number];

/** Why an unfinished job is not moving although nothing failed: no network, or a setting to fix. */
export type SyncWaiting = 'network' | 'config';

export type SyncApiCode = 'device_v' | 'online_skin';

export interface SyncJob {
  readonly sessionId: string;
  readonly stage: SyncStage;
  readonly failedStage: SyncStage | null;
  readonly generation: number;
  readonly apiCode: SyncApiCode;
  readonly algorithmVariant: string;
  /** The task body, fixed once written: a resend under the same idempotency key must be identical. */
  readonly taskRequest: Record<string, unknown> | null;
  readonly taskId: string | null;
  readonly taskStatus: string | null;
  readonly pollDelayMs: number | null;
  readonly result: SkinResult | null;
  readonly resultAt: number | null;
  readonly reportId: number | null;
  readonly reportUrl: string | null;
  /** Unix ms. */
  readonly reportUrlExpiresAt: number | null;
  readonly errorCode: string | null;
  readonly errorMessage: string | null;
  readonly waiting: SyncWaiting | null;
  readonly attempts: number;
  readonly nextAttemptAt: number;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly completedAt: number | null;
}

/** Where reports go: the merchant's store and this device, as the device sync API wants them. */
export interface SyncTarget {
  readonly storeCustomId: string;
  readonly accountId: number;
  /** device_sn of reports: the configured serial number, or a stand-in on simulated units. */
  readonly deviceSn: string;
}

/** What went wrong, sorted by what the engine does about it (failures.ts). */
export type SyncFailure =
  /** The platform could not be reached: back off with jitter, keep everything. */
  | { readonly kind: 'network'; readonly message: string }
  /** A setting is wrong (credentials, store number, no order): back off, show the technician. */
  | { readonly kind: 'config'; readonly code: string; readonly message: string }
  /** Worth retrying by itself (a 500, an answer of the wrong shape, a local I/O error). */
  | { readonly kind: 'transient'; readonly code: string; readonly message: string }
  /** The platform refused this work: the stage fails with the code shown to staff. */
  | { readonly kind: 'refused'; readonly code: string; readonly message: string };

/** A capture that cannot be uploaded as recorded (file gone or altered since it was durable). */
export class CaptureIntegrityError extends Error {
  constructor(
    readonly code: 'capture_missing' | 'capture_corrupt' | 'captures_incomplete',
    message: string,
  ) {
    super(message);
    this.name = 'CaptureIntegrityError';
  }
}
