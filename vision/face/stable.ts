/**
 * Steadier landmarks for stills (test-time augmentation). One FaceMesh run moves its points by
 * 0.5 to 0.9 % of the eye distance (RMS) when the photo is cropped 1-3 %, rescaled 5 %, brightened
 * 10 % or re-saved as JPEG, and the skin analysers' small region polygons (under-eye, crow's feet,
 * nasolabial) move with them. Averaging several runs on slightly different crops of the same face
 * (shifted, scaled, mirrored) cancels most of that, because each crop's error is partly its own.
 * FaceMesh is a few milliseconds a run, so a still can afford eight; preview frames take one
 * (docs/vision-face.md, "Stable landmarks").
 */
import { squareCropAffine } from '../image/affine.ts';
import { reduceWindow } from '../image/reduce.ts';
import type { ReducedWindow } from '../image/reduce.ts';
import type { RgbImage } from '../types.ts';
import { estimateLandmarks, LANDMARK_COUNT, MESH_INPUT_SIZE } from './mesh.ts';
import type { MeshResult } from './mesh.ts';
import { defaultFaceModels } from './models.ts';
import type { FaceModels } from './models.ts';
import { regionFromLandmarks } from './region.ts';
import type { FaceRegion } from './types.ts';

/** One crop of the set: shift along the crop's own axes (in crop sides), scale of its side, mirrored or not. */
export interface CropJitter {
  readonly dx: number;
  readonly dy: number;
  readonly scale: number;
  readonly mirrored: boolean;
}

const plain = { dx: 0, dy: 0, scale: 1, mirrored: false } as const;

/**
 * The still path's crops around the face's settled region (below): the region itself, mirrored,
 * and two scaled and shifted diagonally (4 % of the side, 8 % larger and smaller), about the
 * crop changes a 1-3 % reframing or a 5 % rescale of the photo causes. Measured on the fixtures
 * (docs/vision-face.md, "Stable landmarks"): eight crops instead of four, or shifts of 3 or 5 %,
 * made no difference; after four re-centrings the plain crop alone jitters 0.24 % of the eye
 * distance, with the mirrored run 0.21 %, with all four 0.17 %.
 */
export const STILL_CROPS: readonly CropJitter[] = [
  plain,
  { ...plain, mirrored: true },
  { dx: 0.04, dy: 0.04, scale: 1.08, mirrored: false },
  { dx: -0.04, dy: -0.04, scale: 0.92, mirrored: false },
];

/**
 * FaceMesh runs that re-centre the crop on the previous run's landmarks (the tracking path's
 * rule) after the first run, before the averaged crops. The detector's box moves with the framing
 * of the photo; the crop derived from landmarks converges on the face itself, so after a few
 * rounds it hardly depends on where the detector put its box. Measured (jitter, % of the eye
 * distance): one run on the detection's crop 0.68; one re-centring 0.44; with the four averaged
 * crops after two, three and four re-centrings (this value: the first run's plus three) 0.24,
 * 0.22 and 0.17.
 */
export const RECENTRE_RUNS = 3;

/** The region moved by a jitter; the shift follows the crop's rotation so it stays along the face's axes. */
export function jitterRegion(region: FaceRegion, j: CropJitter): FaceRegion {
  const cos = Math.cos(region.angle);
  const sin = Math.sin(region.angle);
  const u = j.dx * region.size;
  const v = j.dy * region.size;
  return { cx: region.cx + u * cos - v * sin, cy: region.cy + u * sin + v * cos, size: region.size * j.scale, angle: region.angle };
}

export interface StableOptions {
  readonly models?: FaceModels;
  /** Below this face score of the first run the crop is not a face and no more runs are spent. Default 0.5. */
  readonly minFaceScore?: number;
  readonly crops?: readonly CropJitter[];
  readonly recentreRuns?: number;
}

/**
 * FaceMesh on the detection's region first (the face score comes from it), then RECENTRE_RUNS
 * runs each on the region derived from the previous landmarks, then one run per crop of `crops`
 * around the last region; the result is each coordinate's trimmed mean over the crops' runs
 * (the first run's landmarks if any run scores under minFaceScore).
 * `region` and `toImage` of the result are the last region's. All runs read one box-reduced copy
 * of the face's neighbourhood (reduce.ts) instead of supersampling the photo each time.
 */
export async function estimateStableLandmarks(image: RgbImage, region: FaceRegion, options: StableOptions = {}): Promise<MeshResult> {
  const models = options.models ?? defaultFaceModels();
  const view = faceWindow(image, region);
  const run = async (r: FaceRegion, mirrored = false): Promise<{ landmarks: Float32Array; faceScore: number }> => {
    const inView = { cx: (r.cx - view.left) / view.factor, cy: (r.cy - view.top) / view.factor, size: r.size / view.factor, angle: r.angle };
    const mesh = await estimateLandmarks(view.image, inView, models, mirrored);
    return { landmarks: toSource(mesh.landmarks, view), faceScore: mesh.faceScore };
  };
  const result = (landmarks: Float32Array, faceScore: number, r: FaceRegion): MeshResult => ({ landmarks, faceScore, region: r, toImage: squareCropAffine(r.cx, r.cy, r.size, r.angle, MESH_INPUT_SIZE) });
  const minScore = options.minFaceScore ?? 0.5;
  const first = await run(region);
  const single = result(first.landmarks, first.faceScore, region);
  if (first.faceScore < minScore) return single;
  // A later crop that loses the face (a drift off a face at the image's edge, say) would pull the
  // average: the first run's landmarks are kept instead.
  let centre = regionFromLandmarks(first.landmarks);
  for (let k = 0; k < (options.recentreRuns ?? RECENTRE_RUNS); k++) {
    const next = await run(centre);
    if (next.faceScore < minScore) return single;
    centre = regionFromLandmarks(next.landmarks);
  }
  const runs: Float32Array[] = [];
  for (const j of options.crops ?? STILL_CROPS) {
    const next = await run(jitterRegion(centre, j), j.mirrored);
    if (next.faceScore < minScore) return single;
    runs.push(next.landmarks);
  }
  return result(trimmedMean(runs), first.faceScore, centre);
}

/**
 * The neighbourhood every crop reads: a window of twice the region's side around it (room for
 * the re-centring and the crops), box-reduced so that FaceMesh's 192 px input shrinks it at most
 * 2x, where plain bilinear sampling loses little (sample.ts). Small faces are read as they are.
 */
function faceWindow(image: RgbImage, region: FaceRegion): ReducedWindow {
  const factor = Math.ceil(region.size / (2 * MESH_INPUT_SIZE));
  if (factor <= 1) return { image, factor: 1, left: 0, top: 0 };
  return reduceWindow(image, factor, region.cx - region.size, region.cy - region.size, 2 * region.size, 2 * region.size);
}

/** Landmarks read on the window back to the photo's pixels (z on the x scale, so scaled alike). */
function toSource(landmarks: Float32Array, view: ReducedWindow): Float32Array {
  if (view.factor === 1 && view.left === 0 && view.top === 0) return landmarks;
  const out = new Float32Array(landmarks.length);
  for (let i = 0; i < landmarks.length; i += 3) {
    out[i] = view.left + view.factor * landmarks[i]!;
    out[i + 1] = view.top + view.factor * landmarks[i + 1]!;
    out[i + 2] = view.factor * landmarks[i + 2]!;
  }
  return out;
}

/**
 * Per coordinate, the mean without the lowest and the highest value (with five runs or more;
 * the plain mean below that): one crop that cut the chin or caught a shadow does not pull the
 * average, and unlike the median it still averages most runs.
 */
export function trimmedMean(runs: readonly Float32Array[]): Float32Array {
  const n = runs.length;
  if (n === 0) throw new RangeError('no landmark runs to average');
  const out = new Float32Array(LANDMARK_COUNT * 3);
  const trim = n >= 5 ? 1 : 0;
  const values = new Float64Array(n);
  for (let k = 0; k < out.length; k++) {
    for (let r = 0; r < n; r++) values[r] = runs[r]![k]!;
    values.sort();
    let sum = 0;
    for (let r = trim; r < n - trim; r++) sum += values[r]!;
    out[k] = sum / (n - 2 * trim);
  }
  return out;
}
