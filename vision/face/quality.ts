/**
 * Image quality of the face (docs/vision-face.md, "Quality"): blur and brightness on the upright
 * face patch, JPEG compression on the face's pixels as decoded (the 8x8 grid is only visible there).
 */
import { blockinessRatio, laplacianStats } from '../image/measures.ts';
import type { Box, RgbImage } from '../types.ts';
import { smoothstep } from './eyes.ts';
import type { FacePatch } from './patch.ts';

export interface FaceQuality {
  /** 0 sharp .. 1 blurred: 1 - smoothstep over `sharpness` between SHARPNESS_RANGE. */
  readonly blur: number;
  /** Mean luma of the face patch, 0 black .. 1 white. */
  readonly brightness: number;
  /** 0 no visible JPEG blocking .. 1 heavy blocking, linear in `blockiness` over BLOCKINESS_RANGE. */
  readonly compression: number;
  /** RMS of the Laplacian over (1 + RMS contrast) of the patch: independent of exposure and face size. */
  readonly sharpness: number;
  /** Strongest 8-px grid step over the other phases' steps (1 = no grid). */
  readonly blockiness: number;
}

/**
 * Sharpness at or below the first value reads blur 1, at or above the second blur 0. Measured on
 * the single-face fixtures (128 px patch): as taken 0.17 to 0.30; after a Gaussian blur of sigma 1,
 * 0.12 to 0.18; sigma 2, 0.05 to 0.10; sigma 4, 0.03 to 0.05.
 */
export const SHARPNESS_RANGE: readonly [number, number] = [0.02, 0.25];
/**
 * Blockiness at or below the first value reads compression 0, at the second 1. Measured on the
 * fixtures re-encoded by sharp/libjpeg: quality 95, 1.10 to 1.44; 50, 1.25 to 1.96; 20, 1.7 to 3.5;
 * 8, 2.5 to 6.8.
 */
export const BLOCKINESS_RANGE: readonly [number, number] = [1.15, 3.65];

export function faceQuality(image: RgbImage, patch: FacePatch, faceBox: Box): FaceQuality {
  const { laplacianVariance, lumaVariance } = laplacianStats(patch.luma);
  const sharpness = Math.sqrt(laplacianVariance) / (Math.sqrt(lumaVariance) + 1);
  const luma = patch.luma.data;
  let sum = 0;
  for (let i = 0; i < luma.length; i++) sum += luma[i]!;
  const blockiness = blockinessRatio(image, faceBox);
  const [b0, b1] = BLOCKINESS_RANGE;
  return {
    blur: 1 - smoothstep(SHARPNESS_RANGE[0], SHARPNESS_RANGE[1], sharpness),
    brightness: sum / luma.length / 255,
    compression: Math.min(1, Math.max(0, (blockiness - b0) / (b1 - b0))),
    sharpness,
    blockiness,
  };
}
