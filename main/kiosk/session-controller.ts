/**
 * The capture half of the kiosk API: one CaptureSession driver per session in progress, fed by
 * staff actions and, with the renderer's camera, by pushed frames and stills. The device is
 * shared: one session drives it at a time (docs/kiosk-sync.md, "Sessions"). A renderer still is
 * taken only for the shot the session waits for (its stillToken), never earlier.
 */
import sharp from 'sharp';
import { VIEWS } from '../../protocol/skin-api/api-codes.ts';
import type { LightSource, View } from '../../protocol/skin-api/api-codes.ts';
import { REQUIRED_CLAUSE_IDS } from '../../protocol/report-data/consent.ts';
import type { LiveCheck } from '../capture/live-check.ts';
import { CaptureSession } from '../capture/session-driver.ts';
import type { CaptureRecorder, CaptureSessionDeps } from '../capture/session-driver.ts';
import type { CancelReason, SessionEvent, SessionState, SkinCondition } from '../capture/session-types.ts';
import type { DeviceConfig } from '../config/device-config.ts';
import type { AutoCaptureConfig, GuidanceConfig } from '../config/guidance-config.ts';
import { deviceProfile } from '../device/profiles.ts';
import { SIMULATED_CAMERA_ID } from '../device/simulated-camera.ts';
import type { SessionView } from '../kiosk-api/types.ts';
import type { KioskStore } from '../store/kiosk-store.ts';
import { KNOWN_CLAUSE_IDS } from './consent-clauses.ts';
import type { DeviceHolder } from './device-holder.ts';
import { conflict, invalid, notFound } from './errors.ts';
import { FaceOutlines } from './face-outlines.ts';
import { readStill } from './push-camera.ts';
import { liveView, storedView } from './session-view.ts';
import type { ViewPlanInfo } from './session-view.ts';

export interface SessionControllerDeps {
  readonly store: KioskStore;
  readonly device: DeviceHolder;
  readonly liveCheck: LiveCheck;
  readonly recorder: CaptureRecorder;
  /** Read when a session starts: the technician's camera mounting may have changed. */
  readonly guidance: () => GuidanceConfig;
  readonly autoCapture: AutoCaptureConfig;
  /** Every still before it is stored: the light's calibration (calibration.ts calibratedStills). */
  readonly correctStill?: CaptureSessionDeps['correctStill'];
  /** The session was confirmed: queue its sync. */
  readonly onConfirmed: (sessionId: string) => void;
  /** A customer's consent was recorded at the customer step: send it to the platform. */
  readonly onConsentRecorded?: (customerId: string) => void;
  /** The device configuration in effect (settings over the file). */
  readonly deviceConfig: () => DeviceConfig;
  readonly log: (message: string) => void;
  /** How long captureNow waits for a simulated view's stills. Default 60 s. */
  readonly captureWaitMs?: number;
}

const BUSY: readonly SessionState['kind'][] = ['live', 'countdown', 'capturing', 'fault', 'review'];

export class SessionController {
  private readonly live = new Map<string, CaptureSession>();
  private readonly outlines: FaceOutlines;

  constructor(private readonly deps: SessionControllerDeps) {
    this.outlines = new FaceOutlines(deps.store, deps.log);
  }

  createSession(): SessionView {
    for (const [id, other] of this.live) {
      if (BUSY.includes(other.state.kind)) throw conflict(`Session ${id} is still capturing: finish or cancel it first.`);
      // Abandoned at consent or customer: nothing was captured, the kiosk moves on.
      other.cancel();
      this.live.delete(id);
    }
    const open = this.deps.device.get();
    // Nothing a previous session left in the renderer camera (a frame, an awaited still) carries over.
    open.push?.reset();
    const session = CaptureSession.start({
      profile: open.device.profile,
      camera: open.camera,
      lights: open.device.lights,
      liveCheck: this.deps.liveCheck,
      recorder: this.deps.recorder,
      guidance: this.deps.guidance(),
      autoCapture: this.deps.autoCapture,
      stillSize: this.deps.deviceConfig().camera.still,
      ...(this.deps.correctStill ? { correctStill: this.deps.correctStill } : {}),
      onLoopError: (error) => this.deps.log(`capture session ${session.id}: device loop stopped: ${error instanceof Error ? error.message : String(error)}`),
    });
    session.subscribe((state) => {
      // The session stopped shooting (fault, review, end): an awaited still is abandoned, so a
      // late one can serve neither the retry nor another customer.
      if (state.kind === 'fault' || state.kind === 'review' || state.kind === 'done' || state.kind === 'cancelled') open.push?.reset();
      if (state.kind === 'done') this.deps.onConfirmed(session.id);
      if (state.kind === 'done' || state.kind === 'cancelled') this.live.delete(session.id);
    });
    this.outlines.follow(session);
    this.live.set(session.id, session);
    return this.view(session.id);
  }

  /**
   * Consent with the clause ids agreed and refused, both kept as given: they are recorded on the
   * customer at the customer step (a refusal withdraws an earlier agreement, e.g. marketing).
   */
  submitConsent(sessionId: string, agreed: readonly string[], rejected: readonly string[]): SessionView {
    const session = this.driver(sessionId);
    const unknown = [...agreed, ...rejected].filter((id) => !KNOWN_CLAUSE_IDS.includes(id));
    if (unknown.length > 0) throw invalid(`Unknown consent clause ids: ${unknown.join(', ')}`, 'agreedClauseIds');
    const both = agreed.filter((id) => rejected.includes(id));
    if (both.length > 0) throw invalid(`A clause cannot be agreed and rejected at once: ${both.join(', ')}`, 'rejectedClauseIds');
    const missing = REQUIRED_CLAUSE_IDS.filter((id) => !agreed.includes(id));
    // Without both required clauses no analysis may run: the session ends here.
    if (missing.length > 0) session.declineConsent();
    else session.giveConsent(agreed, rejected);
    return this.view(sessionId);
  }

  chooseCustomer(sessionId: string, customerId: string, skinCondition: SkinCondition): SessionView {
    const session = this.driver(sessionId);
    if (!this.deps.store.getCustomer(customerId)) throw notFound(`Customer ${customerId}`);
    if (session.state.kind !== 'customer') throw conflict(`Session ${sessionId} is at ${session.state.kind}, not at the customer step.`);
    if (session.selectCustomer(customerId, skinCondition)) this.deps.onConsentRecorded?.(customerId);
    return this.view(sessionId);
  }

  /** A preview frame from the renderer's camera; answers once the live check has seen it. */
  async submitFrame(sessionId: string, jpeg: Uint8Array): Promise<SessionView> {
    const session = this.driver(sessionId);
    const push = this.deps.device.get().push;
    if (!push) throw invalid('This kiosk uses the simulated camera: frames come from nextSimulatedFrame.');
    const checked = nextEvent(session, (_, event) => event.type === 'FRAME_CHECKED' || event.type === 'CAPTURE_FAILED', 2000);
    try {
      await push.pushFrame(jpeg);
    } catch (error) {
      checked.cancel();
      throw error;
    }
    await checked.done;
    return this.view(sessionId);
  }

  async nextSimulatedFrame(sessionId: string): Promise<{ jpeg: Uint8Array<ArrayBuffer>; session: SessionView }> {
    const session = this.driver(sessionId);
    const open = this.deps.device.get();
    if (open.camera.info.id !== SIMULATED_CAMERA_ID) throw invalid('This kiosk has a real camera: frames come from the renderer (submitFrame).');
    const state = session.state;
    const view: View = 'queue' in state ? state.queue[0].view : 'front';
    const frame = await open.camera.previewFrame({ view, light: this.deps.autoCapture.previewLight });
    const jpeg = await sharp(frame.data, { raw: { width: frame.width, height: frame.height, channels: 3 } }).jpeg({ quality: 80 }).toBuffer();
    return { jpeg: bytesOf(jpeg), session: this.view(sessionId) };
  }

  /**
   * The renderer's still of the shot the session waits for (view, light and the stillToken of its
   * view); answers once it is stored. Any other still (early, while the light settles; for another
   * shot; from an earlier session or attempt) is refused with conflict and never stored.
   */
  async submitStill(sessionId: string, view: View, light: LightSource, stillToken: string, jpeg: Uint8Array): Promise<SessionView> {
    const session = this.driver(sessionId);
    const push = this.deps.device.get().push;
    if (!push) throw invalid('This kiosk uses the simulated camera: it takes its stills itself.');
    const still = await readStill(jpeg);
    const stored = nextEvent(session, (state, event) => event.type === 'SHOT_STORED' || event.type === 'CAPTURE_FAILED' || state.kind === 'cancelled', 10_000);
    if (!push.deliverStill(stillToken, view, light, still)) {
      stored.cancel();
      const state = session.state;
      const at = state.kind === 'capturing' ? `${state.step} of ${state.queue[0].view}/${state.queue[0].lights[state.lightIndex]}` : state.kind;
      throw conflict(`No still is awaited for ${view}/${light} with this token (the session is at ${at}): shoot when the session view gives a stillToken.`);
    }
    await stored.done;
    return this.view(sessionId);
  }

  /**
   * Staff override: capture the current view now. With the simulated camera this answers once the
   * view's stills are stored; the renderer's camera answers at once, since its stills arrive
   * through submitStill while the session waits for them.
   */
  async captureNow(sessionId: string): Promise<SessionView> {
    const session = this.driver(sessionId);
    if (!session.manualCapture()) throw conflict(`Session ${sessionId} is at ${session.state.kind}: nothing to capture now.`);
    if (!this.deps.device.get().push) await until(session, (s) => s.kind !== 'capturing', this.deps.captureWaitMs ?? 60_000);
    return this.view(sessionId);
  }

  /**
   * A retake from the review, or, after a fault (camera, lights, disk), the faulted view again:
   * the contract has no separate retry, and the machine retakes a faulted view whole anyway.
   */
  retake(sessionId: string, view: View, light?: LightSource): SessionView {
    const session = this.driver(sessionId);
    const done = session.state.kind === 'fault' ? session.retry() : session.retake(view, light);
    if (!done) throw conflict(`Session ${sessionId} is at ${session.state.kind}: retakes are made from the review.`);
    return this.view(sessionId);
  }

  confirmCapture(sessionId: string): SessionView {
    const session = this.driver(sessionId);
    if (!session.confirm()) throw conflict(`Session ${sessionId} is at ${session.state.kind}: only a reviewed capture can be confirmed.`);
    return this.view(sessionId);
  }

  cancelSession(sessionId: string, reason: CancelReason = 'staff'): SessionView {
    const session = this.live.get(sessionId);
    if (session) session.cancel(reason);
    else {
      const row = this.deps.store.getSession(sessionId);
      if (!row) throw notFound(`Session ${sessionId}`);
      if (row.state !== 'done' && row.state !== 'cancelled') this.deps.store.setSessionState(sessionId, 'cancelled', reason);
    }
    // "Its photos will be deleted" (D-047): the photos of a discarded session go at once.
    if (this.deps.store.getSession(sessionId)?.state === 'cancelled') {
      void this.deps.store.discardSessionPhotos(sessionId).catch((error: unknown) => this.deps.log(`discarding the photos of session ${sessionId}: ${(error as Error).message}`));
    }
    return this.view(sessionId);
  }

  view(sessionId: string): SessionView {
    const row = this.deps.store.getSession(sessionId);
    const session = this.live.get(sessionId);
    const plan = this.plan(row?.profile);
    if (session) {
      const open = this.deps.device.current;
      const frame = open?.config.camera.preview ?? { width: 640, height: 480 };
      const customerId = 'data' in session.state ? session.state.data.customerId : null;
      return liveView(sessionId, session.state, plan, frame, performance.now(), row, {
        stillRequest: open?.push?.stillRequest ?? null,
        previousOutline: (view) => this.outlines.previousFor(sessionId, customerId, view),
      });
    }
    if (!row) throw notFound(`Session ${sessionId}`);
    return storedView(row, this.deps.store.listCaptures(sessionId), plan);
  }

  async captureImage(sessionId: string, view: View, light: LightSource, maxSide: number): Promise<Uint8Array<ArrayBuffer>> {
    const capture = this.deps.store.listCaptures(sessionId).find((c) => c.view === view && c.light === light);
    if (!capture) throw notFound(`The ${view}/${light} image of session ${sessionId}`);
    const jpeg = await sharp(capture.path).resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 85 }).toBuffer();
    return bytesOf(jpeg);
  }

  /**
   * The session that holds the device (capturing, faulted or in review), for a screen that lost
   * track of it (a reload, a renderer crash) to resume instead of being refused a new one.
   */
  openSessionId(): string | null {
    for (const [id, session] of this.live) if (BUSY.includes(session.state.kind)) return id;
    return null;
  }

  /** Whether a session is using the device (settings must not swap it underneath). */
  busy(): boolean {
    return [...this.live.values()].some((s) => BUSY.includes(s.state.kind));
  }

  async close(): Promise<void> {
    const sessions = [...this.live.values()];
    for (const session of sessions) session.cancel();
    this.deps.device.current?.push?.reset();
    await Promise.all(sessions.map((s) => s.idle()));
    this.live.clear();
  }

  private driver(sessionId: string): CaptureSession {
    const session = this.live.get(sessionId);
    if (session) return session;
    const row = this.deps.store.getSession(sessionId);
    if (!row) throw notFound(`Session ${sessionId}`);
    throw conflict(`Session ${sessionId} is ${row.state}${row.state === 'capturing' ? ' but was interrupted by a restart' : ''}: start a new session.`);
  }

  /** The views and lights of a session's profile, as this kiosk is configured (even without a working device). */
  private plan(profile: 'multi_light' | 'single_camera' | undefined): ViewPlanInfo {
    const configured = deviceProfile(this.deps.deviceConfig());
    if (!profile || configured.kind === profile) return configured;
    return profile === 'single_camera' ? { views: ['front'], lights: ['white'] } : { views: VIEWS, lights: ['white'] };
  }
}

/**
 * `done` resolves when the session's next event matches, or after `ms` (the caller then answers
 * with the state it has); `cancel` stops waiting at once.
 */
function nextEvent(session: CaptureSession, match: (state: SessionState, event: SessionEvent) => boolean, ms: number): { done: Promise<void>; cancel: () => void } {
  let finish = (): void => undefined;
  const done = new Promise<void>((resolve) => {
    const timer = setTimeout(() => finish(), ms);
    const unsubscribe = session.subscribe((state, event) => {
      if (match(state, event)) finish();
    });
    finish = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
  });
  return { done, cancel: () => finish() };
}

function until(session: CaptureSession, done: (state: SessionState) => boolean, ms: number): Promise<void> {
  if (done(session.state)) return Promise.resolve();
  return nextEvent(session, (state) => done(state), ms).done;
}

/** sharp's Buffer as the contract's bytes (a Node Buffer never sits on a SharedArrayBuffer). */
function bytesOf(buffer: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.length);
}
