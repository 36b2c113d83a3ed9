import type { DimensionId } from '../../../protocol/enums/dimensions.ts';
import type { Rectangle, SkinAttribute } from '../../../protocol/skin-api/detection.ts';
import type { Point2 } from '../../types.ts';
import { grade } from '../grading.ts';
import type { RegionId } from '../regions/regions.ts';
import type { DimensionAnalysis, Feature, ViewSkinAnalysis } from '../types.ts';

/** The attributes one family contributes, by name. */
export type Attributes = Record<string, SkinAttribute>;

/**
 * What the family builders read: the view's analysis and helpers to normalise coordinates
 * (x / image width, y / image height, as the specification's "normalized" values).
 */
export class AttributeSource {
  constructor(readonly view: ViewSkinAnalysis) {}

  /** A dimension's analysis; a neutral stand-in (level of a score of 100, confidence 0) when it was not run. */
  dim(id: DimensionId): DimensionAnalysis {
    const known = this.view.dimensions[id];
    if (known) return known;
    const { level, score } = grade(id, 0);
    return { dimension: id, level, score, confidence: 0, findings: 0, annotations: [], measure: 0, lights: [], details: {}, features: [], caveats: [] };
  }

  detail(id: DimensionId, key: string): number {
    const v = this.dim(id).details[key];
    return typeof v === 'number' && Number.isFinite(v) ? v : 0;
  }

  /** One path or polygon as [x0, y0, x1, y1, ...], normalised. */
  flat(points: readonly Point2[]): number[] {
    return points.flatMap((p) => [r4(p.x / this.view.imageWidth), r4(p.y / this.view.imageHeight)]);
  }

  /** A round finding as an 8-point outline, normalised. */
  circle(at: Point2, radius: number): number[] {
    const pts: Point2[] = [];
    for (let k = 0; k < 8; k++) pts.push({ x: at.x + radius * Math.cos((k * Math.PI) / 4), y: at.y + radius * Math.sin((k * Math.PI) / 4) });
    return this.flat(pts);
  }

  rectangle(at: Point2, halfW: number, halfH = halfW): Rectangle {
    const W = this.view.imageWidth;
    const H = this.view.imageHeight;
    const left = Math.max(0, at.x - halfW);
    const top = Math.max(0, at.y - halfH);
    return { left: r4(left / W), top: r4(top / H), width: r4((Math.min(W, at.x + halfW) - left) / W), height: r4((Math.min(H, at.y + halfH) - top) / H) };
  }

  region(id: RegionId): number[] {
    return this.flat(this.view.regions[id]);
  }

  /** Line features (optionally of some regions) as normalised paths. */
  linePaths(id: DimensionId, regions?: readonly RegionId[]): number[][] {
    return lines(this.dim(id).features, regions).map((l) => this.flat(l.points));
  }

  /** Spot features (optionally of some types) as outlines. */
  spotOutlines(id: DimensionId, types?: readonly string[], regions?: readonly RegionId[]): number[][] {
    return spots(this.dim(id).features, types, regions).map((s) => this.circle(s.at, s.radius));
  }

  /** Spot features as their centre points [x, y]. */
  spotPoints(id: DimensionId, types?: readonly string[]): number[][] {
    return spots(this.dim(id).features, types).map((s) => this.flat([s.at]));
  }
}

export type SpotFeature = Extract<Feature, { kind: 'spot' }>;
export type LineFeature = Extract<Feature, { kind: 'line' }>;

export function spots(features: readonly Feature[], types?: readonly string[], regions?: readonly RegionId[]): SpotFeature[] {
  return features.filter((f): f is SpotFeature => f.kind === 'spot' && (!types || types.includes(f.type)) && (!regions || (f.region !== null && regions.includes(f.region))));
}

export function lines(features: readonly Feature[], regions?: readonly RegionId[]): LineFeature[] {
  return features.filter((f): f is LineFeature => f.kind === 'line' && (!regions || (f.region !== null && regions.includes(f.region))));
}

export function attr(value: number | number[] | number[][], confidence: number): SkinAttribute {
  return { confidence: r4(Math.min(1, Math.max(0, confidence))), value: typeof value === 'number' ? r4(value) : value };
}

export function r4(v: number): number {
  return Number.isFinite(v) ? Math.round(v * 10_000) / 10_000 : 0;
}

/**
 * decision: "Rank" is a 0..4 rank of how many findings of a kind there are: 0 none, 1 one or two,
 * 2 three to five, 3 six to ten, 4 more.
 */
export function rankOfCount(n: number): number {
  return n <= 0 ? 0 : n <= 2 ? 1 : n <= 5 ? 2 : n <= 10 ? 3 : 4;
}

/** 1 when true, else 0 (the "_Have" attributes). */
export function have(yes: boolean): number {
  return yes ? 1 : 0;
}
