import type { DimensionId } from '../../../protocol/enums/dimensions.ts';
import type { Analyser, RunDimension } from '../analyser.ts';
import { result, round } from '../analyser.ts';
import { severityOf } from '../grading.ts';
import type { DimensionAnalysis } from '../types.ts';

interface Part {
  readonly dimension: DimensionId;
  readonly weight: number;
}

/**
 * A composite index 0..100 from other dimensions' scores: the weighted mean severity (100 - score)
 * blended with the worst part (half each when `worst` is 0.5), so one bad sign is not averaged
 * away. Confidence is the weighted mean of the parts'.
 */
function composite(dimension: DimensionId, parts: readonly Part[], worst: number): Analyser {
  return {
    dimension,
    lights: ['white'],
    analyse(_ctx, run: RunDimension): DimensionAnalysis {
      const done = parts.map((p) => ({ ...p, r: run(p.dimension) }));
      const total = done.reduce((s, p) => s + p.weight, 0);
      const mean = done.reduce((s, p) => s + p.weight * severityOf(p.r.score), 0) / total;
      const max = Math.max(...done.map((p) => severityOf(p.r.score)));
      const details: Record<string, number> = {};
      for (const p of done) details[`score_${p.dimension}`] = p.r.score;
      return result(dimension, {
        measure: 100 * ((1 - worst) * mean + worst * max),
        confidence: done.reduce((s, p) => s + p.weight * p.r.confidence, 0) / total,
        findings: done.reduce((s, p) => s + p.r.findings, 0),
        annotations: done.flatMap((p) => p.r.annotations.filter((a) => a.kind === 'path')),
        lights: [...new Set(done.flatMap((p) => p.r.lights))],
        details: { ...details, meanSeverity: round(mean), worstSeverity: round(max) },
      });
    },
  };
}

/** wrinkle: all line dimensions of the face. */
export const wrinkle = composite(
  'wrinkle',
  [
    { dimension: 'forehead_wrinkle', weight: 1 },
    { dimension: 'frown_wrinkle', weight: 1 },
    { dimension: 'crows_feet', weight: 1 },
    { dimension: 'under_eye_wrinkle', weight: 1 },
    { dimension: 'nasolabial_folds', weight: 1 },
    { dimension: 'narionette_lines', weight: 1 },
  ],
  0.5,
);

/** firmness: the signs of laxity. */
export const firmness = composite(
  'firmness',
  [
    { dimension: 'nasolabial_folds', weight: 1 },
    { dimension: 'narionette_lines', weight: 1 },
    { dimension: 'low_cheek', weight: 1 },
    { dimension: 'mandible_edge', weight: 1 },
    { dimension: 'plump_cheeks', weight: 0.5 },
  ],
  0.3,
);

/** skin_vitality: tone, texture, spots and redness together. */
export const skinVitality = composite(
  'skin_vitality',
  [
    { dimension: 'skin_glow', weight: 1 },
    { dimension: 'skin_smoothness', weight: 1 },
    { dimension: 'speckle', weight: 0.7 },
    { dimension: 'sensitive', weight: 0.7 },
    { dimension: 'glow', weight: 0.5 },
  ],
  0.3,
);

/** vitality_eye_contour: dark circles, bags, fine lines and droop around the eyes. */
export const vitalityEyeContour = composite(
  'vitality_eye_contour',
  [
    { dimension: 'black_rim_of_eye', weight: 1 },
    { dimension: 'eye_bags', weight: 1 },
    { dimension: 'under_eye_wrinkle', weight: 1 },
    { dimension: 'crows_feet', weight: 1 },
    { dimension: 'eye_sagging', weight: 0.5 },
    { dimension: 'lacrimal_groove', weight: 0.7 },
  ],
  0.3,
);
