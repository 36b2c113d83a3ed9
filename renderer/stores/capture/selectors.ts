import type { CaptureState } from './initialState.ts';

export const captureSelectors = {
  camera: (s: CaptureState) => s.camera,
  cameraError: (s: CaptureState) => s.cameraError,
  previewUrl: (s: CaptureState) => s.previewUrl,
  cameraSize: (s: CaptureState) => s.cameraSize,
  countdownEndsAt: (s: CaptureState) => s.countdownEndsAt,
  loopError: (s: CaptureState) => s.loopError,
  thumbnails: (s: CaptureState) => s.thumbnails,
  thumbnail: (view: string, light: string) => (s: CaptureState) => s.thumbnails[`${view}/${light}`] ?? null,
};
