import type { DimensionId } from '../../../protocol/enums/dimensions.ts';
import type { Analyser, RunDimension } from '../analyser.ts';
import { isMeasured, result, round } from '../analyser.ts';
import { severityOf } from '../grading.ts';
import type { DimensionAnalysis, NotMeasuredDimension } from '../types.ts';

interface Part {
  readonly dimension: DimensionId;
  readonly weight: number;
}

/**
 * A composite index 0..100 from other dimensions' scores: the weighted mean severity (100 - score)
 * blended with the worst part (half each when `worst` is 0.5), so one bad sign is not averaged
 * away. Confidence is the weighted mean of the parts', scaled by the share of the weight measured.
 * decision (D-033): parts the view could not measure are left out; with less than half the
 * weight measured, the composite is not measured either, for the reason of its heaviest missing part.
 */
function composite(dimension: DimensionId, parts: readonly Part[], worst: number): Analyser {
  return {
    dimension,
    // Pooled from its parts, each read on its own light: no light of its own to prefer.
    lights: [],
    analyse(_ctx, run: RunDimension): DimensionAnalysis | NotMeasuredDimension {
      const all = parts.map((p) => ({ ...p, r: run(p.dimension) }));
      const done = all.flatMap((p) => (isMeasured(p.r) ? [{ ...p, r: p.r }] : []));
      const whole = all.reduce((s, p) => s + p.weight, 0);
      const total = done.reduce((s, p) => s + p.weight, 0);
      if (total < whole / 2) {
        const missing = all.flatMap((p) => (isMeasured(p.r) ? [] : [{ weight: p.weight, why: p.r }])).sort((a, b) => b.weight - a.weight)[0]?.why;
        const share = Math.round((100 * total) / whole);
        return { dimension, reason: missing?.reason ?? 'resolution', detail: `its measured parts hold ${share} % of its weight, needs 50 %; ${missing ? `${missing.dimension}: ${missing.detail}` : ''}` };
      }
      const mean = done.reduce((s, p) => s + p.weight * severityOf(p.r.score), 0) / total;
      const max = Math.max(...done.map((p) => severityOf(p.r.score)));
      const details: Record<string, number> = {};
      for (const p of done) details[`score_${p.dimension}`] = p.r.score;
      return result(dimension, {
        measure: 100 * ((1 - worst) * mean + worst * max),
        confidence: (done.reduce((s, p) => s + p.weight * p.r.confidence, 0) / total) * (total / whole),
        findings: done.reduce((s, p) => s + p.r.findings, 0),
        annotations: done.flatMap((p) => p.r.annotations.filter((a) => a.kind === 'path')),
        lights: [...new Set(done.flatMap((p) => p.r.lights))],
        details: { ...details, meanSeverity: round(mean), worstSeverity: round(max), measuredWeight: round(total / whole) },
        caveats: [...new Set(done.flatMap((p) => p.r.caveats))],
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
