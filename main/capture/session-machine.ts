/**
 * The capture session's transition function: pure, no clock (events carry their time), no I/O.
 * An event that does not apply to the current state returns that same state object, so callers
 * can tell "ignored" by identity. The table in docs/kiosk-core.md lists every transition.
 */
import type { LightSource, View } from '../../protocol/skin-api/api-codes.ts';
import type { AutoCaptureConfig, GuidanceConfig } from '../config/guidance-config.ts';
import { evaluateGuidance, GUIDANCE_CODES, type Guidance } from './guidance.ts';
import type { SessionData, SessionEvent, SessionState, ShotRecord, Stuck, ViewPlan } from './session-types.ts';
import { missingCase } from '../../common/missing-case.ts';

export interface MachineConfig {
  readonly views: readonly View[];
  readonly lights: readonly LightSource[];
  readonly guidance: GuidanceConfig;
  readonly autoCapture: AutoCaptureConfig;
}

export const INITIAL_STATE: SessionState = { kind: 'consent' };

type Live = Extract<SessionState, { kind: 'live' }>;
type Countdown = Extract<SessionState, { kind: 'countdown' }>;
type Capturing = Extract<SessionState, { kind: 'capturing' }>;
type Queue = Live['queue'];

export function transition(state: SessionState, event: SessionEvent, config: MachineConfig): SessionState {
  if (event.type === 'CANCEL') return state.kind === 'done' || state.kind === 'cancelled' ? state : { kind: 'cancelled', reason: event.reason ?? 'staff' };
  switch (state.kind) {
    case 'consent':
      if (event.type === 'CONSENT_GIVEN' && event.clauseIds.length > 0) {
        return { kind: 'customer', consentClauseIds: [...event.clauseIds], rejectedClauseIds: [...(event.rejectedClauseIds ?? [])] };
      }
      if (event.type === 'CONSENT_DECLINED') return { kind: 'cancelled', reason: 'consent_declined' };
      return state;
    case 'customer': {
      if (event.type !== 'CUSTOMER_READY' || event.customerId === '') return state;
      const data: SessionData = {
        consentClauseIds: state.consentClauseIds,
        rejectedClauseIds: state.rejectedClauseIds,
        customerId: event.customerId,
        skinCondition: event.skinCondition,
        shots: [],
      };
      const [first, ...rest] = config.views.map((view) => ({ view, lights: config.lights }));
      if (!first) return state;
      return live(data, [first, ...rest], 'initial');
    }
    case 'live':
      if (event.type === 'FRAME_CHECKED') return onLiveFrame(state, event, config);
      if (event.type === 'MANUAL_CAPTURE') return capturing(state);
      if (event.type === 'CAPTURE_FAILED') return fault(state, event);
      return state;
    case 'countdown':
      return onCountdown(state, event, config);
    case 'capturing':
      return onCapturing(state, event);
    case 'fault':
      return event.type === 'RETRY' ? live(state.data, state.queue, state.pass) : state;
    case 'review':
      if (event.type === 'CONFIRM') return { kind: 'done', data: state.data };
      if (event.type === 'RETAKE') return onRetake(state.data, event, config) ?? state;
      return state;
    case 'done':
    case 'cancelled':
      return state;
    default:
      return missingCase(state, 'session state');
  }
}

function live(data: SessionData, queue: Queue, pass: Live['pass']): Live {
  return { kind: 'live', data, queue, pass, guidance: null, lastCheck: null, stableFrames: 0, holdSince: null, stuck: null };
}

function capturing(state: Live | Countdown): Capturing {
  return { kind: 'capturing', data: state.data, queue: state.queue, pass: state.pass, lightIndex: 0, step: 'set_light' };
}

function fault(state: Live | Countdown | Capturing, event: Extract<SessionEvent, { type: 'CAPTURE_FAILED' }>): SessionState {
  // The whole view is retaken after a failure: the lights of one view must share one pose.
  return { kind: 'fault', data: state.data, queue: state.queue, pass: state.pass, error: { code: event.code, message: event.message } };
}

/** Auto-capture: `minStableFrames` good frames in a row spanning at least `holdMs` start the countdown. */
function onLiveFrame(state: Live, event: Extract<SessionEvent, { type: 'FRAME_CHECKED' }>, config: MachineConfig): SessionState {
  const guidance = evaluateGuidance(event.check, state.lastCheck, event.frame, state.queue[0].view, config.guidance, event.still);
  if (!guidance.ok) return { ...state, guidance, lastCheck: event.check, stableFrames: 0, holdSince: null, stuck: stuckAfter(state.stuck, guidance, event.at, config.autoCapture.helpAfterMs) };
  const stableFrames = state.stableFrames + 1;
  const holdSince = state.holdSince ?? event.at;
  const { minStableFrames, holdMs, countdownMs } = config.autoCapture;
  if (stableFrames >= minStableFrames && event.at - holdSince >= holdMs) {
    return { kind: 'countdown', data: state.data, queue: state.queue, pass: state.pass, endsAt: event.at + countdownMs, lastCheck: event.check, target: guidance.target };
  }
  return { ...state, guidance, lastCheck: event.check, stableFrames, holdSince, stuck: null };
}

/** The no-progress clock after a frame that needs a change (D-060); a good frame clears it instead. */
function stuckAfter(stuck: Stuck | null, guidance: Guidance, at: number, helpAfterMs: number): Stuck {
  const rank = guidance.issues[0] ? GUIDANCE_CODES.indexOf(guidance.issues[0]) : GUIDANCE_CODES.length;
  // Fixing the first issue moves it further down the list; going back and forth between two
  // issues does not count twice, so a customer who keeps swapping problems is still helped.
  if (!stuck || rank > stuck.best) return { since: at, best: rank, help: false };
  return { ...stuck, help: at - stuck.since >= helpAfterMs };
}

function onCountdown(state: Countdown, event: SessionEvent, config: MachineConfig): SessionState {
  switch (event.type) {
    case 'FRAME_CHECKED': {
      const guidance = evaluateGuidance(event.check, state.lastCheck, event.frame, state.queue[0].view, config.guidance, event.still);
      // Any bad frame stops the countdown: the shot must show the pose the guidance accepted.
      if (!guidance.ok) return { ...live(state.data, state.queue, state.pass), guidance, lastCheck: event.check };
      return event.at >= state.endsAt ? capturing(state) : { ...state, lastCheck: event.check, target: guidance.target };
    }
    case 'TICK':
      return event.at >= state.endsAt ? capturing(state) : state;
    case 'MANUAL_CAPTURE':
      return capturing(state);
    case 'CAPTURE_FAILED':
      return fault(state, event);
    default:
      return state;
  }
}

function onCapturing(state: Capturing, event: SessionEvent): SessionState {
  const plan = state.queue[0];
  const light = plan.lights[state.lightIndex];
  if (event.type === 'CAPTURE_FAILED') return fault(state, event);
  if (event.type === 'LIGHT_READY' && state.step === 'set_light') return { ...state, step: 'shoot' };
  if (event.type !== 'SHOT_STORED' || state.step !== 'shoot' || event.view !== plan.view || event.light !== light) return state;
  const data = { ...state.data, shots: withShot(state.data.shots, { view: event.view, light: event.light, captureId: event.captureId }) };
  if (state.lightIndex + 1 < plan.lights.length) return { ...state, data, lightIndex: state.lightIndex + 1, step: 'set_light' };
  const [next, ...rest] = state.queue.slice(1);
  if (next) return live(data, [next, ...rest], state.pass);
  return { kind: 'review', data };
}

function onRetake(data: SessionData, event: Extract<SessionEvent, { type: 'RETAKE' }>, config: MachineConfig): SessionState | null {
  if (!config.views.includes(event.view)) return null;
  if (event.light !== undefined && !config.lights.includes(event.light)) return null;
  const plan: ViewPlan = { view: event.view, lights: event.light ? [event.light] : config.lights };
  return live(data, [plan], 'retake');
}

function withShot(shots: readonly ShotRecord[], shot: ShotRecord): readonly ShotRecord[] {
  return [...shots.filter((s) => s.view !== shot.view || s.light !== shot.light), shot];
}

/** Milliseconds left on the countdown (for the UI), 0 outside it. */
export function countdownRemaining(state: SessionState, now: number): number {
  return state.kind === 'countdown' ? Math.max(0, state.endsAt - now) : 0;
}

/** The view being worked on, if any. */
export function currentView(state: SessionState): View | null {
  return 'queue' in state ? state.queue[0].view : null;
}
