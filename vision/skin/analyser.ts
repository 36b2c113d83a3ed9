import type { DimensionId } from '../../protocol/enums/dimensions.ts';
import type { LightSource } from '../../protocol/skin-api/api-codes.ts';
import type { MeasurementLimit } from '../../protocol/skin-api/task-result.ts';
import type { Point2 } from '../types.ts';
import type { Level, SkinContext } from './context.ts';
import { boundaryFactor, grade } from './grading.ts';
import type { Mask } from './image/plane.ts';
import { maskCount } from './image/plane.ts';
import { polygonArea } from './image/raster.ts';
import type { RegionId } from './regions/regions.ts';
import type { DimensionAnalysis, Feature, MaskAnnotation, NotMeasuredDimension, SkinAnnotation } from './types.ts';

/** Runs (or returns the memoised result of) another dimension, for composite analysers: its measurement, or why the view cannot make it. */
export type RunDimension = (dimension: DimensionId) => DimensionAnalysis | NotMeasuredDimension;

export function isMeasured(r: DimensionAnalysis | NotMeasuredDimension): r is DimensionAnalysis {
  return !('reason' in r);
}

export interface Analyser {
  readonly dimension: DimensionId;
  /** Light sources in order of preference; the first present one is measured, white otherwise. */
  readonly lights: readonly LightSource[];
  /** The measurement, or why it cannot be made (composites whose parts were not measured, a neck found covered). */
  analyse(ctx: SkinContext, run: RunDimension): DimensionAnalysis | NotMeasuredDimension;
}

export interface Measured {
  readonly measure: number;
  readonly confidence: number;
  readonly findings?: number;
  readonly annotations?: readonly SkinAnnotation[];
  readonly lights: readonly LightSource[];
  readonly details?: Readonly<Record<string, number>>;
  readonly features?: readonly Feature[];
  readonly caveats?: readonly MeasurementLimit[];
}

/** Grades a measurement into the dimension's level and score (grading.ts). */
export function result(dimension: DimensionId, m: Measured): DimensionAnalysis {
  const { level, score } = grade(dimension, m.measure);
  // How sure of the level: the analyser's own confidence, lowered near a level boundary.
  const confidence = m.confidence * boundaryFactor(dimension, m.measure);
  return {
    dimension,
    level,
    score,
    confidence: Math.round(Math.min(1, Math.max(0, confidence)) * 1000) / 1000,
    findings: m.findings ?? 0,
    annotations: m.annotations ?? [],
    measure: Math.round(m.measure * 1000) / 1000,
    lights: m.lights,
    details: m.details ?? {},
    features: m.features ?? [],
    caveats: m.caveats ?? [],
  };
}

/**
 * How far to trust a measurement: the share of its regions that is visible skin, a penalty when
 * the preferred light is missing, and one when the working resolution is too low for features
 * of `featureMm` (fewer than 2 pixels across them).
 */
export function confidenceOf(ctx: SkinContext, regions: readonly RegionId[], level: Level, opts: { preferred?: LightSource; used?: LightSource; featureMm?: number } = {}): number {
  let seen = 0;
  let total = 0;
  for (const id of regions) {
    seen += ctx.count(id, level);
    total += regionPixels(ctx, id, level);
  }
  const coverage = total > 0 ? Math.min(1, seen / total) : 0;
  const light = opts.preferred && opts.used && opts.preferred !== opts.used ? 0.85 : 1;
  const resolution = opts.featureMm ? Math.min(1, Math.max(0.2, (opts.featureMm * ctx.pxPerMm(level)) / 2)) : 1;
  // Half the coverage shortfall: a region half hidden still says something about the rest.
  return (0.5 + 0.5 * coverage) * light * resolution * (coverage > 0 ? 1 : 0.3);
}

export function regionPixels(ctx: SkinContext, id: RegionId, level: Level): number {
  return ctx.memo(`area:${id}:${level}`, () => polygonArea(ctx.regions.regions[id].map((p) => ctx.toWork(level, p))));
}

/** Area of a mask in square centimetres. */
export function areaCm2(ctx: SkinContext, mask: Mask, level: Level): number {
  const mm = ctx.pxPerMm(level);
  return maskCount(mask) / (mm * mm) / 100;
}

export function pointsAnnotation(points: readonly Point2[], radii?: readonly number[]): SkinAnnotation[] {
  if (points.length === 0) return [];
  return [radii ? { kind: 'points', points, radii } : { kind: 'points', points }];
}

export function pathsAnnotation(paths: readonly (readonly Point2[])[]): SkinAnnotation[] {
  return paths.length ? [{ kind: 'path', paths }] : [];
}

export function polygonsAnnotation(polygons: readonly (readonly Point2[])[]): SkinAnnotation[] {
  return polygons.length ? [{ kind: 'polygon', polygons }] : [];
}

/** A mask as a raster annotation over its bounding box, in image pixels, at most `maxCells` per side. */
export function maskAnnotation(ctx: SkinContext, mask: Mask, level: Level, maxCells = 96): SkinAnnotation[] {
  const b = ctx.rectOf(mask, 0);
  if (!b) return [];
  const step = Math.max(1, Math.ceil(Math.max(b.x1 - b.x0, b.y1 - b.y0) / maxCells));
  const cols = Math.ceil((b.x1 - b.x0) / step);
  const rows = Math.ceil((b.y1 - b.y0) / step);
  const cells = new Uint8Array(cols * rows);
  for (let y = b.y0; y < b.y1; y++) for (let x = b.x0; x < b.x1; x++) if (mask.data[y * mask.width + x]) cells[Math.floor((y - b.y0) / step) * cols + Math.floor((x - b.x0) / step)] = 1;
  const p0 = ctx.toImage(level, b.x0, b.y0);
  const p1 = ctx.toImage(level, b.x0 + cols * step, b.y0 + rows * step);
  const annotation: MaskAnnotation = { kind: 'mask', box: { left: p0.x, top: p0.y, width: p1.x - p0.x, height: p1.y - p0.y }, cols, rows, cells };
  return [annotation];
}

/** The region (of those given) whose mask holds a work-pixel, or null. */
export function regionAt(ctx: SkinContext, level: Level, x: number, y: number, regions: readonly RegionId[]): RegionId | null {
  const { width, height } = ctx.size(level);
  const xi = Math.floor(x);
  const yi = Math.floor(y);
  if (xi < 0 || yi < 0 || xi >= width || yi >= height) return null;
  const k = ctx.labels(regions, level)[yi * width + xi] ?? 0;
  return k > 0 ? (regions[k - 1] ?? null) : null;
}

/** Rounds to `digits` decimals, for stable details. */
export function round(v: number, digits = 3): number {
  const k = 10 ** digits;
  return Math.round(v * k) / k;
}

/** A located round finding at `level` as a feature in image pixels. */
export function spotFeature(ctx: SkinContext, level: Level, type: string, x: number, y: number, radiusMm: number, strength: number, region: RegionId | null): Feature {
  return { kind: 'spot', type, at: ctx.toImage(level, x, y), radius: radiusMm * ctx.sourcePxPerMm, strength: round(strength, 2), region };
}

/** Points-with-radii annotation of spot features. */
export function spotAnnotations(features: readonly Feature[]): SkinAnnotation[] {
  const spots = features.filter((f): f is Extract<Feature, { kind: 'spot' }> => f.kind === 'spot');
  return pointsAnnotation(
    spots.map((s) => s.at),
    spots.map((s) => s.radius),
  );
}
