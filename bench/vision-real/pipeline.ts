// One analysis the way the platform runs a view (platform/analysis/jobs/skin-jobs.ts): JPEG bytes
// are decoded, the face is found by vision/face, and vision/skin analyses the white image and
// combines the (single) view. Every perturbed or painted image goes through all of it again, so
// landmark jitter is part of what the bench measures.
import type { DimensionId } from '../../protocol/enums/dimensions.ts';
import { DIMENSION_IDS } from '../../protocol/enums/dimensions.ts';
import { analyzeFace } from '../../vision/face/index.ts';
import { decodeImage } from '../../vision/image/decode.ts';
import { analyseView, combineViews } from '../../vision/skin/index.ts';
import type { Feature, SkinAnalysis, ViewSkinAnalysis } from '../../vision/skin/index.ts';
import { IPD_MM, faceAxes } from '../../vision/skin/regions/geometry.ts';
import type { FaceGeometry, Point2, RgbImage } from '../../vision/types.ts';

/** The outcome of one dimension in one analysis: a level and score, or not measured. */
export type DimensionOutcome = { readonly measured: true; readonly level: number; readonly score: number; readonly measure: number } | { readonly measured: false; readonly reason: string };

export interface Analysis {
  readonly image: RgbImage;
  readonly face: FaceGeometry;
  readonly view: ViewSkinAnalysis;
  readonly combined: SkinAnalysis;
  /** Pixels per millimetre of the analysed image, from the interpupillary distance (63 mm). */
  readonly pxPerMm: number;
  readonly ms: number;
}

/**
 * `geometry`: analyse with these landmarks instead of finding the face again (a copy of a capture
 * read with the capture's geometry, to separate what re-detection changes from what the pixels
 * do; the platform itself finds the face on every still, D-035, D-122).
 */
export async function analyseJpeg(bytes: Uint8Array, geometry?: FaceGeometry): Promise<Analysis> {
  const t0 = performance.now();
  const image = await decodeImage(bytes);
  const face = geometry ?? (await analyzeFace(image));
  const view = analyseView({ images: { white: image }, face, view: 'front' });
  const combined = combineViews([view]);
  return { image, face, view, combined, pxPerMm: faceAxes(face).ipd / IPD_MM, ms: performance.now() - t0 };
}

export function outcomes(a: Analysis): Record<DimensionId, DimensionOutcome> {
  const out = {} as Record<DimensionId, DimensionOutcome>;
  for (const d of DIMENSION_IDS) {
    const r = a.combined.dimensions[d];
    const nm = a.combined.notMeasured[d] ?? a.view.notMeasured[d];
    // The contract says a dimension is never both; if it were, "not measured" wins, as the kiosk shows it.
    out[d] = nm ? { measured: false, reason: nm.reason } : r ? { measured: true, level: r.level, score: r.score, measure: r.measure } : { measured: false, reason: 'absent' };
  }
  return out;
}

/** Centres of one dimension's spot features (view pixels). */
export function spotCentres(a: Analysis, dimension: DimensionId): Point2[] {
  const features: readonly Feature[] = a.view.dimensions[dimension]?.features ?? [];
  return features.flatMap((f) => (f.kind === 'spot' ? [f.at] : []));
}
