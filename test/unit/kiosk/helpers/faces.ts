/** FaceCheckResults for guidance and session tests: a well-placed face and variations of it. */
import type { FaceFound } from '../../../../main/capture/live-check.ts';

export const FRAME = { width: 640, height: 480 } as const;

/** A face that passes every default threshold for the front view. */
export function goodFace(overrides: Partial<FaceFound> = {}): FaceFound {
  return {
    facePresent: true,
    pose: { pitch: 0, roll: 0, yaw: 0 },
    eyesOpen: { left: 0.9, right: 0.9 },
    quality: { blur: 0.1, brightness: 0.55 },
    faceBox: { left: 220, top: 130, width: 200, height: 220 },
    faceRatio: 200 / 640,
    glasses: { normal: 0.05, sunglasses: 0.01 },
    ...overrides,
  };
}

export function withPose(pose: Partial<FaceFound['pose']>): FaceFound {
  const face = goodFace();
  return { ...face, pose: { ...face.pose, ...pose } };
}
