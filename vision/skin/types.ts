import type { DimensionId } from '../../protocol/enums/dimensions.ts';
import type { LightSource, View } from '../../protocol/skin-api/api-codes.ts';
import type { MeasurementLimit } from '../../protocol/skin-api/task-result.ts';
import type { Annotation, Box, FaceGeometry, Point2, RgbImage } from '../types.ts';
import type { ViewConditions } from './confounders.ts';
import type { RegionId } from './regions/regions.ts';

/**
 * One view of a capture: the images of each light source the device took (all from the same
 * camera position, so pixel-aligned), and the face geometry found in them. The landmarks are in
 * the pixels of the white image, or of the first present source in LIGHT_SOURCES order; images
 * of another size are taken to be the same frame scaled.
 */
export interface SkinViewInput {
  readonly images: Partial<Record<LightSource, RgbImage>>;
  readonly face: FaceGeometry;
  readonly view: View;
}

/**
 * A coarse raster of a finding's area, drawable as a translucent overlay: `cells` is rows x cols,
 * row-major, 1 where the finding is; each cell covers box.width/cols x box.height/rows pixels.
 */
export interface MaskAnnotation {
  readonly kind: 'mask';
  readonly box: Box;
  readonly cols: number;
  readonly rows: number;
  readonly cells: Uint8Array;
}

/** Annotations of the shared contract (points, paths, polygons) plus masks; all in image pixels. */
export type SkinAnnotation = Annotation | MaskAnnotation;

/** A located finding in image pixels, for the face_attributes result and the benchmark. */
export type Feature =
  | { readonly kind: 'spot'; readonly type: string; readonly at: Point2; readonly radius: number; readonly strength: number; readonly region: RegionId | null }
  | { readonly kind: 'line'; readonly points: readonly Point2[]; readonly lengthMm: number; readonly strength: number; readonly region: RegionId | null }
  | { readonly kind: 'area'; readonly polygon: readonly Point2[]; readonly areaMm2: number; readonly strength: number; readonly region: RegionId | null };

/**
 * A dimension this view could not measure (D-033): below the resolution its features need, its
 * regions hidden, the head turned too far, or covered by make-up. It gets no level.
 */
export interface NotMeasuredDimension {
  readonly dimension: DimensionId;
  readonly reason: MeasurementLimit;
  /** One English sentence with the figures, e.g. "3.1 px/mm on the face, needs 8". */
  readonly detail: string;
}

/** What one analyser found for one dimension in one view. */
export interface DimensionAnalysis {
  readonly dimension: DimensionId;
  /** A level id of the dimension's table (protocol/enums/dimensions.ts). */
  readonly level: number;
  /** 0 (worst) to 100 (best). */
  readonly score: number;
  /** 0 to 1. */
  readonly confidence: number;
  /** How many things were located (spots, pores, lines, patches); 0 for dimensions without. */
  readonly findings: number;
  readonly annotations: readonly SkinAnnotation[];
  /** The measured quantity the level is graded on (unit in docs/vision-skin.md). */
  readonly measure: number;
  /** The light source(s) whose images were measured. */
  readonly lights: readonly LightSource[];
  /** Named measured quantities (per side, per region, counts) that face_attributes draws on. */
  readonly details: Readonly<Record<string, number>>;
  readonly features: readonly Feature[];
  /** What lowered this measurement's confidence (D-033): a missing preferred light, make-up, a colour cast. */
  readonly caveats: readonly MeasurementLimit[];
}

/** The analysis of one view: every requested dimension plus the geometry it was measured in. */
export interface ViewSkinAnalysis {
  readonly view: View;
  readonly imageWidth: number;
  readonly imageHeight: number;
  /** Pixels per millimetre at the working resolution, and the source image's. */
  readonly pxPerMm: number;
  readonly sourcePxPerMm: number;
  /** Pixels per millimetre of real detail in the working image (measure/resolution.ts). */
  readonly effectivePxPerMm: number;
  readonly regions: Readonly<Record<RegionId, readonly Point2[]>>;
  readonly dimensions: Readonly<Partial<Record<DimensionId, DimensionAnalysis>>>;
  /** Requested dimensions this view could not measure, with the reason; never also in `dimensions`. */
  readonly notMeasured: Readonly<Partial<Record<DimensionId, NotMeasuredDimension>>>;
  /** Mean skin colour (white light) in sRGB 0..255, and L*a*b*. */
  readonly skinRgb: readonly [number, number, number];
  readonly skinLab: readonly [number, number, number];
  /** Make-up and the light's colour found in this view (confounders.ts); absent in analyses made before them. */
  readonly conditions?: ViewConditions;
  readonly elapsedMs: number;
  /** Time to crop, convert and mask before the first analyser, ms. */
  readonly setupMs: number;
  /** Per dimension, ms; a dimension that is first to need shared work (blurs, detections) pays for it. */
  readonly timings: Readonly<Partial<Record<DimensionId, number>>>;
}

/** One dimension over several views. */
export interface CombinedDimension {
  readonly dimension: DimensionId;
  readonly level: number;
  readonly score: number;
  readonly confidence: number;
  readonly findings: number;
  readonly measure: number;
  /** Each view's share of the combined measure (its confidence-weighted weight), summing to 1. */
  readonly weights: Readonly<Partial<Record<View, number>>>;
  readonly caveats: readonly MeasurementLimit[];
}

export interface SkinAnalysis {
  readonly views: Readonly<Partial<Record<View, ViewSkinAnalysis>>>;
  /** Dimensions measured in at least one view. */
  readonly dimensions: Readonly<Partial<Record<DimensionId, CombinedDimension>>>;
  /** Dimensions no view could measure, with the front view's reason (else the first view's). */
  readonly notMeasured: Readonly<Partial<Record<DimensionId, NotMeasuredDimension>>>;
}
