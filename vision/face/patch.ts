/**
 * The face patch: an upright square of luma over the inner face (brows to mouth, eye corner to eye
 * corner and a little beyond), resampled to a fixed size. Quality and glasses cues are measured
 * here, so they mean the same for a face of 80 or 800 pixels and see skin, not background or hair.
 */
import { invertAffine, squareCropAffine } from '../image/affine.ts';
import type { Affine } from '../image/affine.ts';
import { sampleLuma } from '../image/luma.ts';
import type { LumaRaster } from '../image/luma.ts';
import type { RgbImage } from '../types.ts';
import { regionFromLandmarks, LANDMARK_SCALE } from './region.ts';

export const PATCH_SIZE = 128;
/** Side of the patch over the larger side of the landmarks' upright box. */
const PATCH_SCALE = 0.8;

export interface FacePatch {
  readonly luma: LumaRaster;
  /** Image pixels to patch pixels. */
  readonly fromImage: Affine;
  /** Landmarks (x, y per point) in patch pixels. */
  readonly points: Float32Array;
}

export function facePatch(image: RgbImage, landmarks: Float32Array): FacePatch {
  const region = regionFromLandmarks(landmarks);
  const side = (region.size / LANDMARK_SCALE) * PATCH_SCALE;
  const toImage = squareCropAffine(region.cx, region.cy, side, region.angle, PATCH_SIZE);
  const fromImage = invertAffine(toImage);
  const luma = sampleLuma(image, toImage, PATCH_SIZE, PATCH_SIZE, side);
  const points = new Float32Array((landmarks.length / 3) * 2);
  for (let i = 0, j = 0; i < landmarks.length; i += 3, j += 2) {
    const x = landmarks[i]!;
    const y = landmarks[i + 1]!;
    points[j] = fromImage.a * x + fromImage.b * y + fromImage.tx;
    points[j + 1] = fromImage.c * x + fromImage.d * y + fromImage.ty;
  }
  return { luma, fromImage, points };
}
