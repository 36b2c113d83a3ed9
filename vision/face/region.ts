/**
 * The square crop FaceMesh reads, from a detection (full path) or from the previous frame's
 * landmarks (tracking path). Both rotate the crop by the eye line so the face is upright in it,
 * as MediaPipe's face landmark graph does (human does the same with its rotation option on).
 */
import type { Box } from '../types.ts';
import { EYE_OUTER } from './landmark-indices.ts';
import type { DetectedFace, FaceRegion } from './types.ts';

/** Side of the crop over the side of the detector's box (human's enlargeBox factor). */
export const DETECTION_SCALE = 1.4;
/**
 * Side of the crop over the larger side of the landmarks' upright bounding box. Chosen so that a
 * region derived from landmarks matches the one derived from a detection of the same face
 * (measured on the five single-face fixtures: 1.26 to 1.43, mean 1.36), keeping the face the same
 * size in the crop on both paths, which is the size FaceMesh saw after detection.
 */
export const LANDMARK_SCALE = 1.36;

/**
 * Width of the landmarks' axis-aligned box over the width of the detector's box, for a first guess
 * of the face's size before the landmarks are in. Measured on the ten face fixtures: 0.86 to 0.98
 * on upright faces, 1.23 on a tilted one (the box of a rotated face is wider); median 0.90.
 */
export const LANDMARK_WIDTH_PER_DETECTION = 0.9;

export function regionFromDetection(face: DetectedFace): FaceRegion {
  const { box, keypoints } = face;
  const [a, b] = keypoints;
  // Keypoints 0 and 1 are the eyes, image left first: the line from 0 to 1 is the face's "right".
  const angle = a && b ? Math.atan2(b.y - a.y, b.x - a.x) : 0;
  return {
    cx: box.left + box.width / 2,
    cy: box.top + box.height / 2,
    size: Math.max(box.width, box.height) * DETECTION_SCALE,
    angle,
  };
}

/** Region for the next frame from this frame's 468 landmarks (x, y, z per point, image pixels). */
export function regionFromLandmarks(landmarks: Float32Array): FaceRegion {
  const [l, r] = EYE_OUTER;
  const angle = Math.atan2(landmarks[3 * r + 1]! - landmarks[3 * l + 1]!, landmarks[3 * r]! - landmarks[3 * l]!);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  // Bounding box in the face's upright frame (image rotated by -angle).
  let minU = Infinity;
  let maxU = -Infinity;
  let minV = Infinity;
  let maxV = -Infinity;
  for (let i = 0; i < landmarks.length; i += 3) {
    const x = landmarks[i]!;
    const y = landmarks[i + 1]!;
    const u = x * cos + y * sin;
    const v = -x * sin + y * cos;
    if (u < minU) minU = u;
    if (u > maxU) maxU = u;
    if (v < minV) minV = v;
    if (v > maxV) maxV = v;
  }
  const cu = (minU + maxU) / 2;
  const cv = (minV + maxV) / 2;
  return {
    cx: cu * cos - cv * sin,
    cy: cu * sin + cv * cos,
    size: Math.max(maxU - minU, maxV - minV) * LANDMARK_SCALE,
    angle,
  };
}

/** Axis-aligned bounding box of the landmarks in image pixels. */
export function landmarkBox(landmarks: Float32Array): Box {
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < landmarks.length; i += 3) {
    const x = landmarks[i]!;
    const y = landmarks[i + 1]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return { left: minX, top: minY, width: maxX - minX, height: maxY - minY };
}
