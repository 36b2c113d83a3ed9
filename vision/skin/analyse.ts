import type { DimensionId } from '../../protocol/enums/dimensions.ts';
import { DIMENSION_IDS } from '../../protocol/enums/dimensions.ts';
import type { View } from '../../protocol/skin-api/api-codes.ts';
import { ANALYSERS } from './analysers/index.ts';
import { round } from './analyser.ts';
import { SkinContext } from './context.ts';
import { grade } from './grading.ts';
import { maskedValues, quantile } from './image/stats.ts';
import { FACE_SKIN } from './measure/regions.ts';
import type { CombinedDimension, DimensionAnalysis, SkinAnalysis, SkinViewInput, ViewSkinAnalysis } from './types.ts';

export interface AnalyseOptions {
  /** Dimensions to measure (default: all 28). Composites pull in the dimensions they pool. */
  readonly dimensions?: readonly DimensionId[];
  /** Width of the face in the working image (default FACE_WIDTH_PX): cost grows with its square. */
  readonly faceWidthPx?: number;
}

/** Analyses one view: every requested dimension, sharing one SkinContext (context.ts). */
export function analyseView(input: SkinViewInput, options: AnalyseOptions = {}): ViewSkinAnalysis {
  const started = performance.now();
  const ctx = new SkinContext(input, options.faceWidthPx);
  // The shared start: the working crop, its L*a*b* planes and the skin masks.
  ctx.skinMask();
  ctx.channel(ctx.reference, 'L', 0);
  const setupMs = performance.now() - started;
  const done = new Map<DimensionId, DimensionAnalysis>();
  const timings: Partial<Record<DimensionId, number>> = {};
  const run = (dimension: DimensionId): DimensionAnalysis => {
    const known = done.get(dimension);
    if (known) return known;
    const t0 = performance.now();
    const r = ANALYSERS[dimension].analyse(ctx, run);
    done.set(dimension, r);
    timings[dimension] = round(performance.now() - t0, 1);
    return r;
  };
  const wanted = options.dimensions ?? DIMENSION_IDS;
  const dimensions: Partial<Record<DimensionId, DimensionAnalysis>> = {};
  for (const d of wanted) dimensions[d] = run(d);
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
    regions: ctx.regions.regions,
    dimensions,
    notMeasured: {},
    skinRgb: [med(plane(rgb.r)), med(plane(rgb.g)), med(plane(rgb.b))],
    skinLab: [med(lab.L), med(lab.a), med(lab.b)],
    elapsedMs: round(performance.now() - started, 1),
    setupMs: round(setupMs, 1),
    timings,
  };
}

/** decision: the front view sees the whole face, so its measures weigh 1.5 times a side view's. */
const VIEW_WEIGHT: Readonly<Record<View, number>> = { front: 1.5, left: 1, right: 1 };

/**
 * Combines views: per dimension, the confidence-weighted mean of the views' measures, graded
 * again with the same thresholds, so a combined level is always a level of the table and rises
 * with every view's measure. Confidence grows a little with each agreeing view.
 */
export function combineViews(views: readonly ViewSkinAnalysis[]): SkinAnalysis {
  const byView: Partial<Record<View, ViewSkinAnalysis>> = {};
  for (const v of views) byView[v.view] = v;
  const dimensions: Partial<Record<DimensionId, CombinedDimension>> = {};
  for (const d of DIMENSION_IDS) {
    const parts = views.flatMap((v) => {
      const r = v.dimensions[d];
      return r ? [{ view: v.view, r, w: Math.max(1e-3, r.confidence) * VIEW_WEIGHT[v.view] }] : [];
    });
    if (parts.length === 0) continue;
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
  return { views: byView, dimensions, notMeasured: {} };
}

/** Analyses every view given and combines them. */
export function analyseSkin(inputs: readonly SkinViewInput[], options: AnalyseOptions = {}): SkinAnalysis {
  return combineViews(inputs.map((input) => analyseView(input, options)));
}
