import type { View } from '../../../protocol/skin-api/api-codes.ts';
import { TaskCodes } from '../../../protocol/skin-api/task-codes.ts';
import type { MeasurementLimit } from '../../../protocol/skin-api/task-result.ts';
import type { FaceAnalysis } from '../../../vision/face/index.ts';
import { minPxPerMmOf, type ViewSkinAnalysis } from '../../../vision/skin/index.ts';
import { JobError } from './job-errors.ts';

/**
 * When a photo is too poor for skin analysis (45104, D-030). Measured on the face fixtures
 * (vision/face quality measures): as taken, blur 0 to 0.30 and brightness 0.28 to 0.67; a Gaussian
 * blur of sigma 4 reads 0.89 to 0.99; brightness scaled to 15 % reads 0.06 to 0.11. Frontal
 * fixtures turn up to 21 degrees, a side glance 26; a front view turned further than the limits
 * shows too little of one cheek to compare both sides.
 */
export const QUALITY_LIMITS = {
  maxBlur: 0.9,
  minBrightness: 0.12,
  frontMaxYawDegrees: 40,
  frontMaxPitchDegrees: 35,
} as const;

/** Why the reference photo of a view cannot be analysed, or null when it can. */
export function qualityProblem(face: Pick<FaceAnalysis, 'quality' | 'pose'>, view: View): string | null {
  const { blur, brightness } = face.quality;
  if (brightness < QUALITY_LIMITS.minBrightness) return `too dark (face brightness ${brightness.toFixed(2)}, at least ${QUALITY_LIMITS.minBrightness})`;
  if (blur > QUALITY_LIMITS.maxBlur) return `too blurred (blur ${blur.toFixed(2)}, at most ${QUALITY_LIMITS.maxBlur})`;
  if (view === 'front') {
    const { yaw, pitch } = face.pose;
    if (Math.abs(yaw) > QUALITY_LIMITS.frontMaxYawDegrees) return `not facing the camera (yaw ${yaw.toFixed(0)} degrees, at most ${QUALITY_LIMITS.frontMaxYawDegrees})`;
    if (Math.abs(pitch) > QUALITY_LIMITS.frontMaxPitchDegrees) return `not facing the camera (pitch ${pitch.toFixed(0)} degrees, at most ${QUALITY_LIMITS.frontMaxPitchDegrees})`;
  }
  return null;
}

/** Throws the 45104 job error when the photo named imageKey is too poor for skin analysis. */
export function requireAnalysable(face: Pick<FaceAnalysis, 'quality' | 'pose'>, view: View, imageKey: string): void {
  const problem = qualityProblem(face, view);
  if (problem) throw new JobError(TaskCodes.IMAGE_QUALITY.code, `${TaskCodes.IMAGE_QUALITY.msg} (${imageKey}): ${problem}`, imageKey, problem);
}

/**
 * What to do about each cause of too little detail (vision/skin/measurability.ts, D-126), in the
 * order they are named when several stop the dimensions asked: the one a retake fixes first.
 */
const DETAIL_REMEDIES: ReadonlyArray<readonly [MeasurementLimit, string]> = [
  ['resolution', 'come closer to the camera or use a higher resolution'],
  ['sharpness', 'the photo is not sharp enough: focus the camera, hold still, and send the camera\'s own photo, not an enlarged one'],
  ['analysis_resolution', 'the analysis does not read detail this fine at any distance: ask for coarser dimensions'],
];

/**
 * Throws the 45104 job error when the photo named imageKey shows the face with too little detail
 * to measure any requested dimension (D-033): a face too far from the camera, a small crop blown
 * up, or a soft focus, with the remedy for the cause (D-126). With some dimensions measurable the
 * task succeeds and lists the others in not_measured.
 */
export function requireMeasurable(analysis: Pick<ViewSkinAnalysis, 'dimensions' | 'notMeasured' | 'effectivePxPerMm'>, imageKey: string): void {
  if (Object.keys(analysis.dimensions).length > 0) return;
  const reasons = Object.values(analysis.notMeasured);
  if (reasons.length === 0 || !reasons.every((r) => DETAIL_REMEDIES.some(([cause]) => cause === r.reason))) return;
  const needed = Math.min(...reasons.map((r) => minPxPerMmOf(r.dimension)));
  const remedy = DETAIL_REMEDIES.find(([cause]) => reasons.some((r) => r.reason === cause))?.[1] ?? '';
  const problem = `too little detail on the face (${analysis.effectivePxPerMm.toFixed(1)} px/mm, at least ${needed} for the dimensions asked): ${remedy}`;
  throw new JobError(TaskCodes.IMAGE_QUALITY.code, `${TaskCodes.IMAGE_QUALITY.msg} (${imageKey}): ${problem}`, imageKey, problem);
}
