import type { DimensionId } from '../../protocol/enums/dimensions.ts';
import { DIMENSION_IDS } from '../../protocol/enums/dimensions.ts';
import type { LightSource, View } from '../../protocol/skin-api/api-codes.ts';
import { ANALYSERS } from './analysers/index.ts';
import { isMeasured, round } from './analyser.ts';
import { viewConditions, withConfounders } from './confounders.ts';
import { SkinContext, type CropSharing } from './context.ts';
import { grade } from './grading.ts';
import { maskedValues, quantile } from './image/stats.ts';
import { FACE_SKIN } from './measure/regions.ts';
import { notMeasurable } from './measurability.ts';
import { measureResolution } from './measure/resolution.ts';
import type { CombinedDimension, DimensionAnalysis, NotMeasuredDimension, SkinAnalysis, SkinViewInput, ViewSkinAnalysis } from './types.ts';

export interface AnalyseOptions {
  /** Dimensions to measure (default: all 28). Composites pull in the dimensions they pool. */
  readonly dimensions?: readonly DimensionId[];
  /** Width of the face in the working image (default FACE_WIDTH_PX): cost grows with its square. */
  readonly faceWidthPx?: number;
  /**
   * The effective resolution when it is known rather than estimated (measure/resolution.ts): a
   * device whose optics were calibrated, or a synthetic scene whose features were drawn at full
   * resolution on an upscaled photo. Capped at the nominal resolution.
   */
  readonly effectivePxPerMm?: number;
  /**
   * A helper thread for the other lights' working crops (parallel/crop-helper.ts), so a
   * multi-light view uses the second core while this thread builds the reference's crop and the
   * skin masks. The analysis is the same with or without it.
   */
  readonly cropSharing?: CropSharing;
}

/** Analyses one view: every requested dimension, sharing one SkinContext (context.ts). */
export function analyseView(input: SkinViewInput, options: AnalyseOptions = {}): ViewSkinAnalysis {
  const started = performance.now();
  const ctx = new SkinContext(input, options.faceWidthPx, options.effectivePxPerMm, options.cropSharing);
  // The shared start: the working crop, its L*a*b* planes and the skin masks.
  ctx.skinMask();
  ctx.channel(ctx.reference, 'L', 0);
  const setupMs = performance.now() - started;
  const done = new Map<DimensionId, DimensionAnalysis | NotMeasuredDimension>();
  const timings: Partial<Record<DimensionId, number>> = {};
  const run = (dimension: DimensionId): DimensionAnalysis | NotMeasuredDimension => {
    const known = done.get(dimension);
    if (known) return known;
    const t0 = performance.now();
    const analyser = ANALYSERS[dimension];
    const r = notMeasurable(ctx, dimension) ?? withConfounders(ctx, analyser.analyse(ctx, run));
    const kept = isMeasured(r) ? withLightCaveat(r, analyser.lights) : r;
    done.set(dimension, kept);
    timings[dimension] = round(performance.now() - t0, 1);
    return kept;
  };
  const dimensions: Partial<Record<DimensionId, DimensionAnalysis>> = {};
  const notMeasured: Partial<Record<DimensionId, NotMeasuredDimension>> = {};
  for (const d of options.dimensions ?? DIMENSION_IDS) {
    const r = run(d);
    if (isMeasured(r)) dimensions[d] = r;
    else notMeasured[d] = r;
  }
  const rgb = ctx.rgb(ctx.reference, 1);
  const lab = ctx.lab(ctx.reference, 1);
  const skin = ctx.unionMask(FACE_SKIN, 1);
  const med = (p: { width: number; height: number; data: Float32Array }): number => round(quantile(maskedValues(p, skin), 0.5), 2);
  const plane = (data: Float32Array) => ({ width: rgb.width, height: rgb.height, data });
  return {
    view: input.view,
    imageWidth: ctx.imageWidth,
    imageHeight: ctx.imageHeight,
    pxPerMm: round(ctx.pxPerMm(0)),
    sourcePxPerMm: round(ctx.sourcePxPerMm),
    effectivePxPerMm: round(measureResolution(ctx).effective),
    regions: ctx.regions.regions,
    dimensions,
    notMeasured,
    skinRgb: [med(plane(rgb.r)), med(plane(rgb.g)), med(plane(rgb.b))],
    skinLab: [med(lab.L), med(lab.a), med(lab.b)],
    conditions: viewConditions(ctx),
    elapsedMs: round(performance.now() - started, 1),
    setupMs: round(setupMs, 1),
    timings,
  };
}

/**
 * decision (D-033): a dimension measured on another light than the one it is read from best
 * (the first of the analyser's preferences: cross-polarised for pigment and redness, parallel-
 * polarised for relief, UV for porphyrins) says so with a `light` caveat.
 */
function withLightCaveat(r: DimensionAnalysis, preferences: readonly LightSource[]): DimensionAnalysis {
  const preferred = preferences[0];
  if (!preferred || r.lights.includes(preferred) || r.caveats.includes('light')) return r;
  return { ...r, caveats: [...r.caveats, 'light'] };
}

/** decision: the front view sees the whole face, so its measures weigh 1.5 times a side view's. */
const VIEW_WEIGHT: Readonly<Record<View, number>> = { front: 1.5, left: 1, right: 1 };

/**
 * Combines views: per dimension, the confidence-weighted mean of the measures of the views that
 * could measure it, graded again with the same thresholds, so a combined level is always a level
 * of the table and rises with every view's measure. Confidence grows a little with each agreeing
 * view. A dimension no view measured is not measured, for the front view's reason.
 */
export function combineViews(views: readonly ViewSkinAnalysis[]): SkinAnalysis {
  const byView: Partial<Record<View, ViewSkinAnalysis>> = {};
  for (const v of views) byView[v.view] = v;
  const dimensions: Partial<Record<DimensionId, CombinedDimension>> = {};
  const notMeasured: Partial<Record<DimensionId, NotMeasuredDimension>> = {};
  for (const d of DIMENSION_IDS) {
    const parts = views.flatMap((v) => {
      const r = v.dimensions[d];
      return r ? [{ view: v.view, r, w: Math.max(1e-3, r.confidence) * VIEW_WEIGHT[v.view] }] : [];
    });
    if (parts.length === 0) {
      const why = byView.front?.notMeasured[d] ?? views.map((v) => v.notMeasured[d]).find((x) => x !== undefined);
      if (why) notMeasured[d] = why;
      continue;
    }
    const total = parts.reduce((s, p) => s + p.w, 0);
    const measure = parts.reduce((s, p) => s + p.w * p.r.measure, 0) / total;
    const { level, score } = grade(d, measure);
    const weights: Partial<Record<View, number>> = {};
    for (const p of parts) weights[p.view] = round(p.w / total);
    dimensions[d] = {
      dimension: d,
      level,
      score,
      confidence: round(Math.min(1, Math.max(...parts.map((p) => p.r.confidence)) + 0.05 * (parts.length - 1))),
      findings: Math.round(parts.reduce((s, p) => s + p.w * p.r.findings, 0) / total),
      measure: round(measure),
      weights,
      caveats: [...new Set(parts.flatMap((p) => p.r.caveats))],
    };
  }
  return { views: byView, dimensions, notMeasured };
}

/** Analyses every view given and combines them. */
export function analyseSkin(inputs: readonly SkinViewInput[], options: AnalyseOptions = {}): SkinAnalysis {
  return combineViews(inputs.map((input) => analyseView(input, options)));
}
