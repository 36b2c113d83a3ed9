// Runs every analysis of one prepared face: unperturbed, each perturbation, painted lesions, a
// small spot on steep shading (shading.ts) and tone shifts. Keeps only what the metrics need
// (outcomes, a few feature lists), not the images.
import type { DimensionId } from '../../protocol/enums/dimensions.ts';
import { skinRegions } from '../../vision/skin/regions/regions.ts';
import type { Point2, RgbImage } from '../../vision/types.ts';
import type { PreparedFace } from './faces.ts';
import { toJpeg } from './faces.ts';
import { MACULE, MACULE_DIAMETER_MM, PAPULE, PAPULE_DIAMETER_MM, SMALL_MACULE_DIAMETER_MM, maculeProfile, paintLab, papuleProfile } from './paint.ts';
import type { Perturbation } from './perturb.ts';
import { analyseJpeg, outcomes, spotCentres } from './pipeline.ts';
import type { Analysis, DimensionOutcome } from './pipeline.ts';
import { placer, type Placer } from './placement.ts';
import { median } from '../median.ts';
import { seededRandom } from '../../test/unit/vision-skin/helpers/scenes.ts';
import { SHADING_DISC_MM, STEEP_FRACTION, chooseSteep, shadingSlope, steepest } from './shading.ts';
import type { ShadedPoint } from './shading.ts';
import { shiftTone } from './tone.ts';

export type Outcomes = Readonly<Record<DimensionId, DimensionOutcome>>;

export interface PerturbedRun {
  readonly name: string;
  /** null when the perturbed image could not be analysed (no face found): counted, not hidden. */
  readonly outcomes: Outcomes | null;
  readonly error?: string;
  /** Speckle features, kept only when the perturbation leaves pixels in place (to compare with the unperturbed run's). */
  readonly speckle: readonly Point2[] | null;
  readonly speckleMeasured: boolean;
  /** The same pixels analysed with the capture's geometry instead of landmarks found again (same-pixel perturbations only). */
  readonly speckleHeld: readonly Point2[] | null;
}

export interface PaintTrial {
  readonly spot: Point2 | null;
  readonly papule: Point2 | null;
  readonly pxPerMm: number;
  /** Speckle features of the painted run, and acne features; null when the painted run failed. */
  readonly speckle: readonly Point2[] | null;
  readonly acne: readonly Point2[] | null;
  /** Whether the painted run measured speckle and acne at all: a lesion cannot be found where the analysis says "not measured". */
  readonly speckleMeasured: boolean;
  readonly acneMeasured: boolean;
  /**
   * The painted image analysed with the capture's geometry (not what any client does: the platform
   * finds the face on every still, D-122): what the paint does with landmark re-detection taken out.
   */
  readonly speckleHeld: readonly Point2[] | null;
  readonly speckleMeasuredHeld: boolean;
}

/** One copy of the capture with a small macule painted on steep shading (shading.ts), analysed once, landmarks found again. */
export interface SmallSpotTrial {
  readonly spot: Point2;
  /** The capture's shading slope at the spot, L* per mm. */
  readonly slope: number;
  readonly pxPerMm: number;
  /** Speckle features of the painted run; null when it failed. */
  readonly speckle: readonly Point2[] | null;
  readonly speckleMeasured: boolean;
}

/** The small-spot series of one face and the slopes of the valid points it was chosen from. */
export interface SmallSpotSeries {
  readonly trials: readonly SmallSpotTrial[];
  /** Valid points found (of SHADING_POOL asked), their median slope and the least slope of the steep ones, L* per mm. */
  readonly pool: { readonly points: number; readonly medianSlope: number; readonly steepFrom: number };
}

export interface ToneTrial {
  readonly degrees: number;
  /** Why the shift was not applied (ITA undefined when the skin's b* is near or below 0, as under blue light). */
  readonly skipped?: string;
  readonly itaBefore: number;
  readonly itaAfter: number;
  /** ITA of the analysis' own median skin colour (view.skinLab), before and after. */
  readonly analysedItaBefore: number;
  readonly analysedItaAfter: number;
  readonly outcomes: Outcomes | null;
}

export interface FaceRun {
  readonly face: PreparedFace;
  readonly base: Outcomes;
  readonly basePxPerMm: number;
  readonly baseSpeckle: readonly Point2[];
  readonly baseAcne: readonly Point2[];
  readonly perturbed: readonly PerturbedRun[];
  readonly paint: readonly PaintTrial[];
  readonly small: SmallSpotSeries;
  readonly tone: readonly ToneTrial[];
  readonly analyses: number;
  readonly ms: number;
}

export interface EvaluateOptions {
  readonly perturbations: readonly Perturbation[];
  readonly paintTrials: number;
  /** Copies with a small macule on steep shading (one analysis each); 0 or absent: none (the regression test's configuration). */
  readonly smallSpotTrials?: number;
  /** ITA shifts to apply, degrees (e.g. [+10, -10]); none skips the tone test. */
  readonly toneShifts: readonly number[];
  readonly seed: number;
  readonly log?: (line: string) => void;
}

/**
 * ITA = atan((L* - 50) / b*) turns over at b* = 0: under a blue cast (b* near or below 0) making
 * the skin lighter can lower it, so no "10 degrees lighter" exists. Such faces skip the tone test.
 */
const MIN_B_FOR_ITA = 3;

const itaOf = (lab: readonly [number, number, number]): number => (Math.atan2(lab[0] - 50, lab[2]) * 180) / Math.PI;

export interface PaintedImage {
  readonly spot: Point2 | null;
  readonly papule: Point2 | null;
  readonly image: RgbImage;
}

/** Where a seeded series paints on a face, and what the capture already found there (to keep clear of). */
function paintingPlaces(face: PreparedFace, base: Analysis, seed: number): { readonly baseFound: Point2[]; readonly place: Placer } {
  return { baseFound: [...spotCentres(base, 'speckle'), ...spotCentres(base, 'acne')], place: placer(face.image, base.face, skinRegions(base.face), base.pxPerMm, seed) };
}

/**
 * The painted copies of a face's capture, seeded: a macule and a papule per trial, clear of the
 * capture's own spots and papules by 8 mm and of each other by 20 mm.
 */
export function paintedImages(face: PreparedFace, base: Analysis, trials: number, seed: number): PaintedImage[] {
  if (trials <= 0) return [];
  const { baseFound, place } = paintingPlaces(face, base, seed);
  const out: PaintedImage[] = [];
  for (let k = 0; k < trials; k++) {
    const spot = place.place(MACULE_DIAMETER_MM / 2, baseFound, 8);
    const papule = place.place(PAPULE_DIAMETER_MM / 2, [...baseFound, ...(spot ? [spot] : [])], spot ? 20 : 8);
    let image = face.image;
    if (spot) image = paintLab(image, spot, (MACULE_DIAMETER_MM / 2) * base.pxPerMm, MACULE, maculeProfile);
    if (papule) image = paintLab(image, papule, (PAPULE_DIAMETER_MM / 2) * base.pxPerMm, PAPULE, papuleProfile);
    out.push({ spot, papule, image });
  }
  return out;
}

/** Valid points drawn per face for the shading series; the steep ones are the top STEEP_FRACTION of them. */
const SHADING_POOL = 80;
/** The small series' placer has its own seed, so the 6 mm series' places stay as they were. */
const SMALL_SEED_OFFSET = 100_000;

export interface SmallSpotImages {
  readonly painted: readonly { readonly spot: Point2; readonly slope: number; readonly image: RgbImage }[];
  readonly pool: SmallSpotSeries['pool'];
}

/**
 * Copies of the capture, each with one small macule (SMALL_MACULE_DIAMETER_MM, the 6 mm one's
 * colour) on steep shading: SHADING_POOL valid points are drawn as for the 6 mm spot (skin, clear
 * of features and region edges by the shading disc, 8 mm from the capture's own spots and papules),
 * and the trials take the steepest fifth of them in a seeded order.
 */
export function smallSpotImages(face: PreparedFace, base: Analysis, trials: number, seed: number): SmallSpotImages {
  const none = { painted: [], pool: { points: 0, medianSlope: Number.NaN, steepFrom: Number.NaN } };
  if (trials <= 0) return none;
  const { baseFound, place } = paintingPlaces(face, base, seed + SMALL_SEED_OFFSET);
  const radiusMm = SMALL_MACULE_DIAMETER_MM / 2;
  // The placer keeps radius + 2 mm on skin: asked for at least the disc the slope is read over.
  const keepMm = Math.max(radiusMm, SHADING_DISC_MM - 2);
  const pool: ShadedPoint[] = [];
  for (let k = 0; k < SHADING_POOL; k++) {
    const at = place.place(keepMm, baseFound, 8);
    if (!at) break;
    pool.push({ at, slope: shadingSlope(face.image, at, SHADING_DISC_MM * base.pxPerMm) * base.pxPerMm });
  }
  const steep = steepest(pool, STEEP_FRACTION);
  if (steep.length === 0) return none;
  const painted = chooseSteep(steep, trials, seededRandom(seed + SMALL_SEED_OFFSET + 1)).map(({ at, slope }) => ({
    spot: at,
    slope,
    image: paintLab(face.image, at, radiusMm * base.pxPerMm, MACULE, maculeProfile),
  }));
  return { painted, pool: { points: pool.length, medianSlope: median(pool.map((p) => p.slope).filter(Number.isFinite)), steepFrom: steep[steep.length - 1]?.slope ?? Number.NaN } };
}

async function tryAnalyse(bytes: Uint8Array): Promise<{ a: Analysis } | { error: string }> {
  try {
    return { a: await analyseJpeg(bytes) };
  } catch (err) {
    // A perturbation that loses the face is a result of the bench, not a crash of it.
    if (err instanceof Error && /face/i.test(err.name + err.message)) return { error: `${err.name}: ${err.message}` };
    throw err;
  }
}

/** Speckle features of an image of the capture's pixel geometry analysed with the capture's landmarks. */
async function heldSpeckle(bytes: Uint8Array, base: Analysis): Promise<Point2[]> {
  return spotCentres(await analyseJpeg(bytes, base.face), 'speckle');
}

export async function evaluateFace(face: PreparedFace, options: EvaluateOptions): Promise<FaceRun> {
  const t0 = performance.now();
  const log = options.log ?? (() => undefined);
  let analyses = 1;
  const base = await analyseJpeg(face.jpeg);
  const baseOutcomes = outcomes(base);
  const baseSpeckle = spotCentres(base, 'speckle');
  const baseAcne = spotCentres(base, 'acne');
  const perturbed: PerturbedRun[] = [];
  for (const p of options.perturbations) {
    const bytes = await p.apply(face.image);
    const r = await tryAnalyse(bytes);
    analyses++;
    const held = p.sameGeometry ? await heldSpeckle(bytes, base) : null;
    if (held) analyses++;
    perturbed.push(
      'a' in r
        ? { name: p.name, outcomes: outcomes(r.a), speckle: p.sameGeometry ? spotCentres(r.a, 'speckle') : null, speckleMeasured: outcomes(r.a).speckle.measured, speckleHeld: held }
        : { name: p.name, outcomes: null, error: r.error, speckle: null, speckleMeasured: false, speckleHeld: held },
    );
  }
  const regions = skinRegions(base.face);
  const paint: PaintTrial[] = [];
  for (const { spot, papule, image } of paintedImages(face, base, options.paintTrials, options.seed)) {
    const bytes = await toJpeg(image);
    const r = await tryAnalyse(bytes);
    const h = await analyseJpeg(bytes, base.face);
    analyses += 2;
    const held = { speckleHeld: spotCentres(h, 'speckle'), speckleMeasuredHeld: outcomes(h).speckle.measured };
    if ('a' in r) {
      const o = outcomes(r.a);
      paint.push({ spot, papule, pxPerMm: base.pxPerMm, speckle: spotCentres(r.a, 'speckle'), acne: spotCentres(r.a, 'acne'), speckleMeasured: o.speckle.measured, acneMeasured: o.acne.measured, ...held });
    } else paint.push({ spot, papule, pxPerMm: base.pxPerMm, speckle: null, acne: null, speckleMeasured: false, acneMeasured: false, ...held });
  }
  const smallImages = smallSpotImages(face, base, options.smallSpotTrials ?? 0, options.seed);
  const smallTrials: SmallSpotTrial[] = [];
  for (const { spot, slope, image } of smallImages.painted) {
    const r = await tryAnalyse(await toJpeg(image));
    analyses++;
    smallTrials.push({ spot, slope, pxPerMm: base.pxPerMm, speckle: 'a' in r ? spotCentres(r.a, 'speckle') : null, speckleMeasured: 'a' in r && outcomes(r.a).speckle.measured });
  }
  const tone: ToneTrial[] = [];
  for (const degrees of options.toneShifts) {
    if (base.view.skinLab[2] < MIN_B_FOR_ITA) {
      const nan = Number.NaN;
      tone.push({ degrees, skipped: `skin b* ${base.view.skinLab[2]} (ITA is undefined near b* = 0)`, itaBefore: nan, itaAfter: nan, analysedItaBefore: nan, analysedItaAfter: nan, outcomes: null });
      continue;
    }
    const shifted = shiftTone(face.image, regions, base.pxPerMm, degrees);
    const r = await tryAnalyse(await toJpeg(shifted.image));
    analyses++;
    tone.push({
      degrees,
      itaBefore: shifted.itaBefore,
      itaAfter: shifted.itaAfter,
      analysedItaBefore: itaOf(base.view.skinLab),
      analysedItaAfter: 'a' in r ? itaOf(r.a.view.skinLab) : Number.NaN,
      outcomes: 'a' in r ? outcomes(r.a) : null,
    });
  }
  const ms = performance.now() - t0;
  log(`${face.meta.id}: ${analyses} analyses in ${(ms / 1000).toFixed(1)} s`);
  return { face, base: baseOutcomes, basePxPerMm: base.pxPerMm, baseSpeckle, baseAcne, perturbed, paint, small: { trials: smallTrials, pool: smallImages.pool }, tone, analyses, ms };
}
