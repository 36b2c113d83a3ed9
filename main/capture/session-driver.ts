/**
 * Runs a capture session: feeds the pure state machine (session-machine.ts) with staff actions,
 * checked preview frames and capture results, and does what each state asks (check frames,
 * switch lights, take and store stills). One loop at a time does the device work, so preview and
 * capture never race for the camera. Every change of the persisted state is written to the store.
 */
import type { LightSource, View } from '../../protocol/skin-api/api-codes.ts';
import type { AutoCaptureConfig, GuidanceConfig } from '../config/guidance-config.ts';
import type { OpenCamera, StillImage } from '../device/camera.ts';
import type { LightController } from '../device/lights.ts';
import type { DeviceProfile } from '../device/profiles.ts';
import type { FrameSize } from './guidance.ts';
import type { LiveCheck } from './live-check.ts';
import { INITIAL_STATE, transition } from './session-machine.ts';
import type { MachineConfig } from './session-machine.ts';
import { persistedState, type CancelReason } from './session-types.ts';
import type { EndReason, PersistedState, SessionEvent, SessionState, SkinCondition } from './session-types.ts';

/** Monotonic milliseconds and a pause; tests pass a fake that advances instantly. */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** The store calls a session needs (KioskStore satisfies it). */
export interface CaptureRecorder {
  createSession(profile: DeviceProfile['kind']): { id: string };
  /** `endReason` says why a cancelled session ended (declined consent, staff, a restart). */
  setSessionState(id: string, state: PersistedState, endReason?: EndReason): void;
  attachCustomer(sessionId: string, input: { customerId: string; skinCondition: SkinCondition; consentClauseIds: readonly string[]; rejectedClauseIds?: readonly string[] }): void;
  saveCapture(input: { sessionId: string; view: View; light: LightSource; jpeg: Uint8Array; width: number; height: number }): Promise<{ id: string }>;
}

export interface CaptureSessionDeps {
  readonly profile: DeviceProfile;
  readonly camera: OpenCamera;
  readonly lights: LightController;
  readonly liveCheck: LiveCheck;
  readonly recorder: CaptureRecorder;
  readonly guidance: GuidanceConfig;
  readonly autoCapture: AutoCaptureConfig;
  /** The size the camera takes stills at: with it the guidance checks the resolution the still will have on the face. */
  readonly stillSize?: FrameSize;
  readonly clock?: Clock;
  /**
   * Applied to every still before it is stored: the light's saved calibration (exposure and white
   * balance, docs/kiosk-core.md "Calibration"). Absent: stored as the camera delivered it.
   */
  readonly correctStill?: (still: StillImage, light: LightSource) => Promise<StillImage>;
  /** An error the device loop could not turn into a fault (e.g. the database went away). */
  readonly onLoopError?: (error: unknown) => void;
}

export type SessionListener = (state: SessionState, event: SessionEvent) => void;

export class CaptureSession {
  private current: SessionState = INITIAL_STATE;
  private readonly listeners = new Set<SessionListener>();
  private readonly machine: MachineConfig;
  private readonly clock: Clock;
  private loop: Promise<void> | null = null;
  /** The light the driver last switched on; null once off. */
  private lit: LightSource | null = null;

  private constructor(
    readonly id: string,
    private readonly deps: CaptureSessionDeps,
  ) {
    this.machine = { views: deps.profile.views, lights: deps.profile.lights, guidance: deps.guidance, autoCapture: deps.autoCapture };
    this.clock = deps.clock ?? systemClock;
  }

  /** Creates the session row (state consent) and the driver. */
  static start(deps: CaptureSessionDeps): CaptureSession {
    const { id } = deps.recorder.createSession(deps.profile.kind);
    return new CaptureSession(id, deps);
  }

  get state(): SessionState {
    return this.current;
  }

  subscribe(listener: SessionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  giveConsent(clauseIds: readonly string[], rejectedClauseIds: readonly string[] = []): boolean {
    return this.dispatch({ type: 'CONSENT_GIVEN', clauseIds, rejectedClauseIds });
  }
  declineConsent(): boolean {
    return this.dispatch({ type: 'CONSENT_DECLINED' });
  }
  /** The customer was found or registered (the row must exist) and the skin condition asked. */
  selectCustomer(customerId: string, skinCondition: SkinCondition): boolean {
    if (this.current.kind !== 'customer') return false;
    const { consentClauseIds, rejectedClauseIds } = this.current;
    this.deps.recorder.attachCustomer(this.id, { customerId, skinCondition, consentClauseIds, rejectedClauseIds });
    return this.dispatch({ type: 'CUSTOMER_READY', customerId, skinCondition });
  }
  manualCapture(): boolean {
    return this.dispatch({ type: 'MANUAL_CAPTURE' });
  }
  retry(): boolean {
    return this.dispatch({ type: 'RETRY' });
  }
  retake(view: View, light?: LightSource): boolean {
    return this.dispatch(light ? { type: 'RETAKE', view, light } : { type: 'RETAKE', view });
  }
  confirm(): boolean {
    return this.dispatch({ type: 'CONFIRM' });
  }
  cancel(reason: CancelReason = 'staff'): boolean {
    return this.dispatch({ type: 'CANCEL', reason });
  }

  /** Resolves once the device loop has stopped (the session waits for staff or has ended). */
  async idle(): Promise<void> {
    while (this.loop) await this.loop;
  }

  /** Applies an event; false when the current state ignores it. */
  private dispatch(event: SessionEvent): boolean {
    const before = this.current;
    const next = transition(before, event, this.machine);
    if (next === before) return false;
    const persisted = persistedState(next);
    // The customer step and captures persist their state together with their own rows.
    if (persisted !== persistedState(before) && event.type !== 'CUSTOMER_READY') {
      if (next.kind === 'cancelled') this.deps.recorder.setSessionState(this.id, persisted, next.reason);
      else this.deps.recorder.setSessionState(this.id, persisted);
    }
    this.current = next;
    for (const listener of this.listeners) listener(next, event);
    this.wake();
    return true;
  }

  private wake(): void {
    const kind = this.current.kind;
    if (this.loop || (kind !== 'live' && kind !== 'countdown' && kind !== 'capturing')) return;
    this.loop = this.run().then(
      () => {
        this.loop = null;
        // Staff may have moved the session on while the loop was finishing its last step.
        this.wake();
      },
      (error: unknown) => {
        // Not restarted: an error that escaped the fault path would most likely repeat at once.
        this.loop = null;
        (this.deps.onLoopError ?? reportLoopError)(error);
      },
    );
  }

  private async run(): Promise<void> {
    for (;;) {
      const state = this.current;
      if (state.kind === 'live' || state.kind === 'countdown') await this.previewStep(state.queue[0].view);
      else if (state.kind === 'capturing') await this.captureStep(state);
      else break;
    }
    await this.lightsOffUnlessBusy();
  }

  private async previewStep(view: View): Promise<void> {
    const previewLight = this.deps.autoCapture.previewLight;
    try {
      if (previewLight && this.lit !== previewLight) await this.switchOn(previewLight);
      // Staff may have moved the session on while the lamp settled: no frame to wait for then.
      if (!this.isPreviewing(view)) return;
      const frame = await this.deps.camera.previewFrame({ view, light: previewLight });
      const check = await this.deps.liveCheck(frame);
      // The frame is stale if staff moved the session on (manual capture, cancel) meanwhile.
      if (!this.isPreviewing(view)) return;
      const still = this.deps.stillSize ? { still: this.deps.stillSize } : {};
      this.dispatch({ type: 'FRAME_CHECKED', at: this.clock.now(), check, frame: { width: frame.width, height: frame.height }, ...still });
      this.dispatch({ type: 'TICK', at: this.clock.now() });
    } catch (error) {
      if (this.isPreviewing(view)) this.dispatch(failure(error));
    }
    if (this.isPreviewing(view)) await this.clock.sleep(this.deps.autoCapture.previewIntervalMs);
  }

  private async captureStep(state: Extract<SessionState, { kind: 'capturing' }>): Promise<void> {
    const { view, lights } = state.queue[0];
    const light = lights[state.lightIndex]!;
    try {
      if (state.step === 'set_light') {
        await this.switchOn(light);
        this.dispatch({ type: 'LIGHT_READY' });
      } else {
        const taken = await this.deps.camera.captureStill({ view, light });
        const still = this.deps.correctStill ? await this.deps.correctStill(taken, light) : taken;
        const saved = await this.deps.recorder.saveCapture({ sessionId: this.id, view, light, jpeg: still.jpeg, width: still.width, height: still.height });
        this.dispatch({ type: 'SHOT_STORED', view, light, captureId: saved.id });
      }
    } catch (error) {
      if (this.current === state) this.dispatch(failure(error));
    }
  }

  private async switchOn(light: LightSource): Promise<void> {
    // Unknown until it succeeds: a failed switch may have left any lamp on.
    this.lit = null;
    await this.deps.lights.setLight(light);
    this.lit = light;
  }

  /** Lights off once the device has nothing to show: review, fault, done, cancelled. */
  private async lightsOffUnlessBusy(): Promise<void> {
    const kind = this.current.kind;
    if (kind === 'capturing' || kind === 'live' || kind === 'countdown') return;
    // Best effort: the session has ended or waits for staff; a dead controller is reported elsewhere.
    await this.deps.lights.off().then(
      () => (this.lit = null),
      () => undefined,
    );
  }

  private isPreviewing(view: View): boolean {
    const s = this.current;
    return (s.kind === 'live' || s.kind === 'countdown') && s.queue[0].view === view;
  }
}

function reportLoopError(error: unknown): void {
  console.error('capture session: device loop stopped', error);
}

function failure(error: unknown): SessionEvent {
  const fields = typeof error === 'object' && error !== null ? (error as { code?: unknown; technicianMessage?: unknown }) : {};
  const code = typeof fields.code === 'string' ? fields.code : 'capture_failed';
  // LightControllerError carries the message meant for the technician.
  const message = typeof fields.technicianMessage === 'string' ? fields.technicianMessage : error instanceof Error ? error.message : String(error);
  return { type: 'CAPTURE_FAILED', code, message };
}
