import type { DimensionId } from '../../../protocol/enums/dimensions.ts';
import type { Analyser } from '../analyser.ts';
import { confidenceOf, isMeasured, pathsAnnotation, result, round } from '../analyser.ts';
import type { SkinContext } from '../context.ts';
import type { FoldKind } from '../measure/folds.ts';
import { FOLD_REGIONS, findFolds, foldSpec } from '../measure/folds.ts';
import { creaseIndex } from '../measure/crease.ts';
import type { LineFindings, LineSpec, WrinkleLine } from '../measure/wrinkles.ts';
import { findLines, LINE_LIGHTS, LINE_SPECS, lineIndex } from '../measure/wrinkles.ts';
import type { RegionId } from '../regions/regions.ts';
import type { DimensionAnalysis, Feature } from '../types.ts';

function lineFeatures(ctx: SkinContext, f: LineFindings): Feature[] {
  return f.lines.map((l) => ({ kind: 'line', points: l.points.map((p) => ctx.toImage(f.level, p.x, p.y)), lengthMm: round(l.lengthMm, 2), strength: round(l.depth, 3), region: l.region }));
}

/** Details every line dimension reports: totals, and per region count, length and index. */
function lineDetails(lines: readonly WrinkleLine[], regions: readonly RegionId[], areaMm2: (id: RegionId) => number): Record<string, number> {
  const out: Record<string, number> = { count: lines.length, lengthMm: round(lines.reduce((s, l) => s + l.lengthMm, 0), 2), index: round(lineIndex(lines), 2) };
  for (const id of regions) {
    const own = lines.filter((l) => l.region === id);
    out[`count_${id}`] = own.length;
    out[`length_${id}`] = round(own.reduce((s, l) => s + l.lengthMm, 0), 2);
    out[`index_${id}`] = round(lineIndex(own), 2);
    out[`depth_${id}`] = round(own.reduce((s, l) => s + l.depth, 0) / Math.max(1, own.length), 3);
    out[`area_${id}`] = round(areaMm2(id), 1);
  }
  return out;
}

function regionAreaMm2(ctx: SkinContext, level: 0 | 1): (id: RegionId) => number {
  const mm = ctx.pxPerMm(level);
  return (id) => ctx.count(id, level) / (mm * mm);
}

/** A wrinkle dimension: line index (mm x depth) over its regions; two-sided ones average the sides. */
function wrinkleAnalyser(dimension: DimensionId, spec: LineSpec, regions: readonly RegionId[], confidenceScale = 1): Analyser {
  return {
    dimension,
    lights: LINE_LIGHTS,
    analyse(ctx): DimensionAnalysis {
      const f = findLines(ctx, spec, regions);
      const features = lineFeatures(ctx, f);
      // Both sides of a pair are measured; a head turned away hides one, so the better-seen
      // side is not diluted by the other: the larger of the two indices counts.
      const perRegion = regions.map((id) => lineIndex(f.lines.filter((l) => l.region === id)));
      const measure = regions.length === 2 ? Math.max(...perRegion) : (perRegion[0] ?? 0);
      return result(dimension, {
        measure,
        confidence: confidenceOf(ctx, regions, spec.level, { preferred: LINE_LIGHTS[0], used: f.light, featureMm: (spec.sigmasMm[0] ?? 0.3) * 2 }) * confidenceScale,
        findings: f.lines.length,
        annotations: pathsAnnotation(features.flatMap((x) => (x.kind === 'line' ? [x.points] : []))),
        lights: [f.light],
        details: lineDetails(f.lines, regions, regionAreaMm2(ctx, spec.level)),
        features,
      });
    },
  };
}

export const foreheadWrinkle = wrinkleAnalyser('forehead_wrinkle', LINE_SPECS.forehead, ['forehead']);
export const frownWrinkle = wrinkleAnalyser('frown_wrinkle', LINE_SPECS.frown, ['glabella']);
export const crowsFeet = wrinkleAnalyser('crows_feet', LINE_SPECS.crowsFeet, ['crows_feet_left', 'crows_feet_right']);
export const underEyeWrinkle = wrinkleAnalyser('under_eye_wrinkle', LINE_SPECS.underEye, ['under_eye_left', 'under_eye_right']);

const neckBase = wrinkleAnalyser('neck_lines', LINE_SPECS.neck, ['neck']);

/** neck_lines: horizontal lines below the jaw; a covered neck is not measured (needs.ts), a partly seen one is less sure. */
export const neckLines: Analyser = {
  dimension: 'neck_lines',
  lights: LINE_LIGHTS,
  analyse(ctx, run) {
    const base = neckBase.analyse(ctx, run);
    if (!isMeasured(base)) return base;
    const visible = ctx.neckVisibility;
    return { ...base, confidence: round(base.confidence * Math.min(1, visible + 0.3)), details: { ...base.details, visibility: round(visible) } };
  },
};

function foldAnalyser(dimension: DimensionId, kind: FoldKind): Analyser {
  return {
    dimension,
    lights: LINE_LIGHTS,
    analyse(ctx): DimensionAnalysis {
      const f = findFolds(ctx, kind);
      const features = lineFeatures(ctx, f);
      const [left, right] = FOLD_REGIONS[kind];
      // The measure is the fold's crease profile (measure/crease.ts, D-062); the traced lines are what the annotations draw.
      const spec = foldSpec(ctx, kind);
      const l = creaseIndex(ctx, spec, left);
      const r = creaseIndex(ctx, spec, right);
      const details = lineDetails(f.lines, FOLD_REGIONS[kind], regionAreaMm2(ctx, 1));
      return result(dimension, {
        measure: Math.max(l, r),
        confidence: confidenceOf(ctx, FOLD_REGIONS[kind], 1, { preferred: LINE_LIGHTS[0], used: f.light, featureMm: 2 }),
        findings: f.lines.length,
        annotations: pathsAnnotation(features.flatMap((x) => (x.kind === 'line' ? [x.points] : []))),
        lights: [f.light],
        details: { ...details, index_left: round(l, 2), index_right: round(r, 2) },
        features,
      });
    },
  };
}

export const nasolabialFolds = foldAnalyser('nasolabial_folds', 'nasolabial');
export const marionetteLines = foldAnalyser('narionette_lines', 'marionette');
export const lacrimalGroove = foldAnalyser('lacrimal_groove', 'tear_trough');
