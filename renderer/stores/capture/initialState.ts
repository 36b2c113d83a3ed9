import type { CallFailure } from '../../lib/kiosk.ts';

/** The camera side of the capture screen: what the preview shows and how the camera is doing. */
export interface CaptureState {
  camera: 'off' | 'starting' | 'ready' | 'error';
  cameraError: string | null;
  /** Object URL of the latest simulated preview frame (renderer cameras use a <video> instead). */
  previewUrl: string | null;
  /** Actual size the camera delivers, shown to staff and used for stills. */
  cameraSize: { width: number; height: number } | null;
  /** Local clock time when the countdown ends (performance.now() based), or null. */
  countdownEndsAt: number | null;
  /** A transient loop error (network hiccup); cleared by the next good answer. */
  loopError: CallFailure | null;
  /** Review thumbnails: `${view}/${light}` -> object URL. */
  thumbnails: Record<string, string>;
}

export const initialCaptureState: CaptureState = {
  camera: 'off',
  cameraError: null,
  previewUrl: null,
  cameraSize: null,
  countdownEndsAt: null,
  loopError: null,
  thumbnails: {},
};
