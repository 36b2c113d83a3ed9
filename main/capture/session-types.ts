/**
 * States and events of a capture session (docs/kiosk-core.md, "Session states and events").
 * consent -> customer -> per view: live (guidance) -> countdown -> capturing (per light:
 * set_light -> shoot) -> next view ... -> review (retakes loop back to live) -> done.
 */
import type { LightSource, View } from '../../protocol/skin-api/api-codes.ts';
import type { Guidance, FrameSize } from './guidance.ts';
import type { FaceCheckResult } from './live-check.ts';
import type { FaceTarget } from '../../common/capture/face-target.ts';

/**
 * Live guidance without progress (D-060): progress is a frame whose first issue comes later in
 * the priority order than any since `since` (the customer fixed something), or a good frame.
 * `best` is that furthest issue's place in GUIDANCE_CODES; `help` turns true once `since` is
 * autoCapture.helpAfterMs old, and stays until progress.
 */
export interface Stuck {
  readonly since: number;
  readonly best: number;
  readonly help: boolean;
}

export const SKIN_CONDITIONS = ['clean', 'fresh_makeup', 'other'] as const;
/** What the customer's skin is like at capture time (make-up changes every measure). */
export type SkinCondition = (typeof SKIN_CONDITIONS)[number];

/** One view to capture and the lights to shoot it under. */
export interface ViewPlan {
  readonly view: View;
  readonly lights: readonly LightSource[];
}

export interface ShotRecord {
  readonly view: View;
  readonly light: LightSource;
  readonly captureId: string;
}

/** Known once the customer step is done; carried by every later state. */
export interface SessionData {
  /** The clauses agreed and refused at this session's consent step, exactly as given. */
  readonly consentClauseIds: readonly string[];
  readonly rejectedClauseIds: readonly string[];
  readonly customerId: string;
  readonly skinCondition: SkinCondition;
  /** The stored image of each (view, light), a retake replacing its entry. */
  readonly shots: readonly ShotRecord[];
}

/** Where the capture stands: the views still to do, the first being the current one. */
interface Progress {
  readonly data: SessionData;
  readonly queue: readonly [ViewPlan, ...ViewPlan[]];
  /** 'retake' returns to review when the queue is done, like 'initial'; kept for the UI's wording. */
  readonly pass: 'initial' | 'retake';
}

export type SessionState =
  | { readonly kind: 'consent' }
  | { readonly kind: 'customer'; readonly consentClauseIds: readonly string[]; readonly rejectedClauseIds: readonly string[] }
  | (Progress & {
      readonly kind: 'live';
      readonly guidance: Guidance | null;
      readonly lastCheck: FaceCheckResult | null;
      /** Good frames in a row, and when the first of them was checked. */
      readonly stableFrames: number;
      readonly holdSince: number | null;
      /** Since when the guidance has made no progress, and whether the customer needs help by now (D-060). */
      readonly stuck: Stuck | null;
    })
  | (Progress & { readonly kind: 'countdown'; readonly endsAt: number; readonly lastCheck: FaceCheckResult | null; readonly target: FaceTarget | null })
  | (Progress & { readonly kind: 'capturing'; readonly lightIndex: number; readonly step: 'set_light' | 'shoot' })
  | (Progress & { readonly kind: 'fault'; readonly error: { readonly code: string; readonly message: string } })
  | { readonly kind: 'review'; readonly data: SessionData }
  | { readonly kind: 'done'; readonly data: SessionData }
  | { readonly kind: 'cancelled'; readonly reason: 'consent_declined' | CancelReason };

export type SessionStateKind = SessionState['kind'];

export type SessionEvent =
  | { readonly type: 'CONSENT_GIVEN'; readonly clauseIds: readonly string[]; readonly rejectedClauseIds?: readonly string[] }
  | { readonly type: 'CONSENT_DECLINED' }
  | { readonly type: 'CUSTOMER_READY'; readonly customerId: string; readonly skinCondition: SkinCondition }
  | { readonly type: 'FRAME_CHECKED'; readonly at: number; readonly check: FaceCheckResult; readonly frame: FrameSize; readonly still?: FrameSize }
  | { readonly type: 'TICK'; readonly at: number }
  /** Staff override: capture now whatever the guidance says (e.g. a customer who cannot turn further). */
  | { readonly type: 'MANUAL_CAPTURE' }
  | { readonly type: 'LIGHT_READY' }
  | { readonly type: 'SHOT_STORED'; readonly view: View; readonly light: LightSource; readonly captureId: string }
  | { readonly type: 'CAPTURE_FAILED'; readonly code: string; readonly message: string }
  | { readonly type: 'RETRY' }
  | { readonly type: 'RETAKE'; readonly view: View; readonly light?: LightSource }
  | { readonly type: 'CONFIRM' }
  | { readonly type: 'CANCEL'; readonly reason?: CancelReason };

export type SessionEventType = SessionEvent['type'];

/** The coarse state written to the sessions table (what survives a restart). */
export const PERSISTED_STATES = ['consent', 'customer', 'capturing', 'review', 'done', 'cancelled'] as const;
export type PersistedState = (typeof PERSISTED_STATES)[number];

/**
 * Why a session ended without being done, stored beside the state (migration 005, D-048): the
 * state machine's reasons, and `interrupted` for a session a restart left unfinished.
 */
/**
 * Why an open session was cancelled: the Cancel button (customer or staff, after asking, D-047),
 * or the screen left alone until it returned to idle (D-046, D-077).
 */
export const CANCEL_REASONS = ['staff', 'idle'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

export type EndReason = Extract<SessionState, { kind: 'cancelled' }>['reason'] | 'interrupted';

export function persistedState(state: SessionState): PersistedState {
  switch (state.kind) {
    case 'live':
    case 'countdown':
    case 'capturing':
    case 'fault':
      return 'capturing';
    default:
      return state.kind;
  }
}
