import { create } from 'zustand';
import type { SessionView } from '../../../main/kiosk-api/types.ts';
import { jpegUrl } from '../../camera/jpeg.ts';
import { failureOf, kiosk, sameFailure, type CallFailure } from '../../lib/kiosk.ts';
import { initialCaptureState, type CaptureState } from './initialState.ts';

export interface CaptureActions {
  cameraStarting(): void;
  cameraReady(size: { width: number; height: number }): void;
  cameraFailed(message: string): void;
  /** Shows a simulated preview frame; the previous object URL is released. */
  showFrame(jpeg: Uint8Array): void;
  /** Restarts the local countdown from the session's remaining milliseconds. */
  trackCountdown(view: SessionView): void;
  setLoopError(failure: CallFailure | null): void;
  /** Loads a small image of every shot for the review screen. */
  loadThumbnails(view: SessionView): Promise<void>;
  reset(): void;
}

function release(urls: Iterable<string | null>): void {
  for (const url of urls) if (url) URL.revokeObjectURL(url);
}

export const useCaptureStore = create<CaptureState & CaptureActions>()((set, get) => ({
  ...initialCaptureState,

  cameraStarting() {
    set({ camera: 'starting', cameraError: null });
  },

  cameraReady(size) {
    set({ camera: 'ready', cameraSize: size, cameraError: null });
  },

  cameraFailed(message) {
    set({ camera: 'error', cameraError: message });
  },

  showFrame(jpeg) {
    const previous = get().previewUrl;
    set({ previewUrl: jpegUrl(jpeg), camera: 'ready' });
    release([previous]);
  },

  trackCountdown(view) {
    if (view.state !== 'countdown' || view.countdownMs === null) {
      if (get().countdownEndsAt !== null) set({ countdownEndsAt: null });
      return;
    }
    // Re-anchoring on every answer would make the number jitter by the round-trip time; keep
    // the first anchor unless main's value drifts by more than a quarter second.
    const endsAt = performance.now() + view.countdownMs;
    const current = get().countdownEndsAt;
    if (current === null || Math.abs(current - endsAt) > 250) set({ countdownEndsAt: endsAt });
  },

  setLoopError(failure) {
    if (!sameFailure(get().loopError, failure)) set({ loopError: failure });
  },

  async loadThumbnails(view) {
    release(Object.values(get().thumbnails));
    set({ thumbnails: {} });
    // The first light of each view first (the big pictures), then the small ones; each shows as
    // soon as it arrives: on a 2-core kiosk main resizes them one after another anyway.
    const firstLights = new Set(view.views.map((v) => `${v.view}/${v.lights[0] ?? ''}`));
    const ordered = [...view.shots].sort((a, b) => Number(firstLights.has(`${b.view}/${b.light}`)) - Number(firstLights.has(`${a.view}/${a.light}`)));
    for (const shot of ordered) {
      try {
        const { jpeg } = await kiosk().getCaptureImage({ sessionId: view.id, view: shot.view, light: shot.light, maxSide: 480 });
        set((s) => ({ thumbnails: { ...s.thumbnails, [`${shot.view}/${shot.light}`]: jpegUrl(jpeg) } }));
      } catch (error) {
        set({ loopError: failureOf(error) });
      }
    }
  },

  reset() {
    release([get().previewUrl, ...Object.values(get().thumbnails)]);
    set({ ...initialCaptureState });
  },
}));
