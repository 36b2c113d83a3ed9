/**
 * The capture screen's view of a session (contract sessionViewSchema), from the live driver's
 * state or, for a session no longer driven (finished, or from before a restart), from the store.
 */
import type { LightSource, View } from '../../protocol/skin-api/api-codes.ts';
import type { SessionState } from '../capture/session-types.ts';
import type { ImageSize } from '../config/device-config.ts';
import type { SessionView } from '../kiosk-api/types.ts';
import type { CaptureRecord, SessionRecord } from '../store/types.ts';

export interface ViewPlanInfo {
  readonly views: readonly View[];
  readonly lights: readonly LightSource[];
}

/** What the driver's state does not hold: the renderer still awaited and the previous outline. */
export interface LiveExtras {
  /** The renderer camera's pending still (PushCamera.stillRequest), if any. */
  readonly stillRequest: { readonly token: string; readonly view: View; readonly light: LightSource } | null;
  /** The previous visit's outline of a view (cached by the caller: this runs for every frame). */
  readonly previousOutline: (view: View) => [number, number][] | null;
}

export function liveView(id: string, state: SessionState, plan: ViewPlanInfo, frame: ImageSize, now: number, row: SessionRecord | null, extras: LiveExtras): SessionView {
  const data = 'data' in state ? state.data : null;
  const queue = 'queue' in state ? state.queue : null;
  const current = queue ? currentStep(state, queue[0].view, queue[0].lights, extras.stillRequest) : null;
  const check = state.kind === 'live' || state.kind === 'countdown' ? state.lastCheck : null;
  const target = state.kind === 'live' ? (state.guidance?.target ?? null) : state.kind === 'countdown' ? state.target : null;
  // The face box is in the pixels of the frame the check measured (D-060: the camera's own aspect ratio).
  const measured = target?.frame ?? frame;
  return {
    id,
    state: state.kind,
    customerId: data?.customerId ?? row?.customerId ?? null,
    skinCondition: data?.skinCondition ?? row?.skinCondition ?? null,
    views: plan.views.map((view) => ({ view, lights: [...plan.lights] })),
    current,
    guidance: state.kind === 'live' ? (state.guidance ? { ok: state.guidance.ok, issues: [...state.guidance.issues] } : null) : state.kind === 'countdown' ? { ok: true, issues: [] } : null,
    face: check?.facePresent
      ? {
          left: check.faceBox.left / measured.width,
          top: check.faceBox.top / measured.height,
          width: check.faceBox.width / measured.width,
          height: check.faceBox.height / measured.height,
          yaw: check.pose.yaw,
          pitch: check.pose.pitch,
          roll: check.pose.roll,
        }
      : null,
    countdownMs: state.kind === 'countdown' ? Math.max(0, Math.round(state.endsAt - now)) : null,
    shots: data ? data.shots.map((s) => ({ view: s.view, light: s.light, captureId: s.captureId })) : [],
    fault: state.kind === 'fault' ? { code: state.error.code, message: state.error.message } : null,
    previousOutline: current ? extras.previousOutline(current.view) : null,
    target: target ? { ...target.oval } : null,
    help: helpOf(state),
  };
}

/** What the customer is stuck on (D-060), once the guidance has made no progress for long enough. */
function helpOf(state: SessionState): SessionView['help'] {
  if (state.kind !== 'live' || !state.stuck?.help || !state.guidance) return null;
  const issue = state.guidance.issues[0];
  if (!issue) return null;
  const { target, faceRatio } = state.guidance;
  return { issue, faceRatio, minFaceRatio: target.minFaceRatio, maxFaceRatio: target.maxFaceRatio };
}

/** The view and light worked on; while capturing, the step and the token of an awaited still. */
function currentStep(state: SessionState, view: View, lights: readonly LightSource[], request: LiveExtras['stillRequest']): NonNullable<SessionView['current']> {
  if (state.kind !== 'capturing') return { view, light: null, step: null, stillToken: null };
  const light = lights[state.lightIndex] ?? null;
  // The token only once the driver waits for this very shot: the light has settled.
  const awaited = state.step === 'shoot' && request !== null && request.view === view && request.light === light;
  return { view, light, step: state.step, stillToken: awaited ? request.token : null };
}

/** A session the kiosk no longer drives: what the store knows. */
export function storedView(row: SessionRecord, captures: readonly CaptureRecord[], plan: ViewPlanInfo): SessionView {
  const state: SessionView['state'] = row.state === 'capturing' ? 'fault' : row.state;
  return {
    id: row.id,
    state,
    customerId: row.customerId,
    skinCondition: row.skinCondition,
    views: plan.views.map((view) => ({ view, lights: [...plan.lights] })),
    current: null,
    guidance: null,
    face: null,
    countdownMs: null,
    shots: captures.map((c) => ({ view: c.view, light: c.light, captureId: c.id })),
    // Only a session cut off by a restart is still 'capturing' without a driver.
    fault: row.state === 'capturing' ? { code: 'interrupted', message: 'The kiosk restarted during this capture; start a new session.' } : null,
    previousOutline: null,
    target: null,
    help: null,
  };
}
