/**
 * The capture loop: feeds main preview frames while the session is live or counting down, and
 * answers the capturing step with full-resolution stills (renderer camera) or waits for main to
 * take them (simulated device, whose camera lives in main). One call at a time: each answer is
 * the session view the screen shows next, so preview, guidance and capture never race. A still is
 * shot only when main waits for it (step shoot, with a stillToken): the light has settled.
 * A renderer camera whose track ended (unplugged) sends nothing at all, neither black preview
 * frames nor a black still: main then faults the session as it does for any silent camera
 * (docs/decisions.md U-007).
 */
import type { SessionView } from '../../main/kiosk-api/types.ts';
import { previewJpeg, takeStill, type OpenedCamera } from '../camera/renderer-camera.ts';
import { errorCode, failureOf, kiosk, sleep } from '../lib/kiosk.ts';
import { cameraLost } from './camera-recovery.ts';
import { useCaptureStore } from '../stores/capture/store.ts';
import { useSessionStore } from '../stores/session/store.ts';

export type CaptureSource =
  | { kind: 'simulated' }
  | { kind: 'renderer'; camera: OpenedCamera; video: () => HTMLVideoElement | null };

/** Pause between preview checks; main paces its own checks too (docs/kiosk-core.md: 66 ms). */
const PREVIEW_PAUSE_MS = 60;
/** Pause while main works on a step the renderer cannot speed up (lights settling, storing). */
const WAIT_PAUSE_MS = 150;
/** Back-off after a failed call: the loop keeps going, a network blip must not end the session. */
const ERROR_PAUSE_MS = 600;

export async function runCaptureLoop(sessionId: string, source: CaptureSource, signal: AbortSignal): Promise<void> {
  // The token of the last still sent: main gives a new one for every shot it waits for.
  let lastToken = '';
  while (!signal.aborted) {
    const view = useSessionStore.getState().view;
    if (!view || view.id !== sessionId) return;
    try {
      const next = await stepOnce(view);
      if (signal.aborted) return;
      if (next) apply(next);
      useCaptureStore.getState().setLoopError(null);
    } catch (error) {
      if (signal.aborted) return;
      // Main no longer waits for that still (it timed out, the session moved on): read where it
      // stands and go on from there, without alarming anyone.
      if (errorCode(error) === 'conflict') {
        await sleep(WAIT_PAUSE_MS);
        await refresh();
        continue;
      }
      // The still may not have arrived: the same token may be sent again.
      lastToken = '';
      useCaptureStore.getState().setLoopError(failureOf(error));
      await sleep(ERROR_PAUSE_MS);
      // Where main stands meanwhile: frames that never arrive fault the session there (camera
      // gone, docs/kiosk-sync.md "Cameras"), and the screen must show that, not keep retrying.
      if (!signal.aborted) await refresh();
    }
  }

  async function stepOnce(view: SessionView): Promise<SessionView | null> {
    switch (view.state) {
      case 'live':
      case 'countdown': {
        const next = await previewStep();
        await sleep(PREVIEW_PAUSE_MS);
        return next;
      }
      case 'capturing':
        return captureStep(view);
      default:
        // consent, customer, fault, review, done, cancelled: nothing for the camera to do; the
        // screen moves on or the customer acts (retry, retake).
        await sleep(WAIT_PAUSE_MS);
        return null;
    }
  }

  async function previewStep(): Promise<SessionView> {
    if (source.kind === 'simulated') {
      const { jpeg, session } = await kiosk().nextSimulatedFrame({ sessionId });
      useCaptureStore.getState().showFrame(jpeg);
      return session;
    }
    const video = source.video();
    // The <video> may not have its first frame yet (camera warming up): wait, it is no error.
    // A lost camera: no frame, so main's frame wait runs out and it faults 'disconnected'.
    if (cameraLost(source) || !video || video.videoWidth === 0) {
      await sleep(WAIT_PAUSE_MS);
      return kiosk().getSession({ sessionId });
    }
    return kiosk().submitFrame({ sessionId, jpeg: await previewJpeg(video) });
  }

  async function captureStep(view: SessionView): Promise<SessionView> {
    const current = view.current;
    // Simulated device: main shoots. Renderer camera: until main waits for this shot (the light
    // is switched and settling while the step is set_light), and once per token. A lost camera
    // shoots nothing: main's still wait runs out and it faults 'disconnected'.
    const token = current?.step === 'shoot' ? current.stillToken : null;
    if (source.kind === 'simulated' || cameraLost(source) || !current?.light || !token || token === lastToken) {
      await sleep(WAIT_PAUSE_MS);
      return kiosk().getSession({ sessionId });
    }
    lastToken = token;
    const jpeg = await takeStill(source.camera, source.video());
    return kiosk().submitStill({ sessionId, view: current.view, light: current.light, stillToken: token, jpeg });
  }

  async function refresh(): Promise<void> {
    try {
      const next = await kiosk().getSession({ sessionId });
      if (!signal.aborted) apply(next);
    } catch {
      // The next step asks again.
    }
  }
}

function apply(view: SessionView): void {
  useSessionStore.getState().applyView(view);
  useCaptureStore.getState().trackCountdown(view);
}
