/** Types of the face pipeline's public API (vision/face/index.ts). */
import type { Box, Point2 } from '../types.ts';

/** One BlazeFace detection in image pixels. */
export interface DetectedFace {
  /** The detector's box (roughly brows to chin), not enlarged. */
  readonly box: Box;
  /**
   * Six keypoints, BlazeFace order: the eye on the image left (the subject's right eye in an
   * unmirrored photo), the eye on the image right, nose tip, mouth centre, the ear tragion on the
   * image left, the one on the image right.
   */
  readonly keypoints: readonly Point2[];
  /** Detection score after sigmoid and weighted NMS, 0..1. */
  readonly score: number;
}

/**
 * The square FaceMesh reads: centre and side in image pixels, rotated by `angle` radians
 * (y down, positive = clockwise on screen) so that the face is upright in the crop.
 */
export interface FaceRegion {
  readonly cx: number;
  readonly cy: number;
  readonly size: number;
  readonly angle: number;
}

export interface HeadPose {
  /** Degrees; positive = chin up (the subject looks up). */
  readonly pitch: number;
  /** Degrees; positive = the head leans to the subject's left shoulder (clockwise on screen). */
  readonly roll: number;
  /** Degrees; positive = the subject turns to their left (nose towards the image right). */
  readonly yaw: number;
}
