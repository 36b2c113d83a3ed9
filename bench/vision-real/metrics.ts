// Figures from the face runs (evaluate.ts): per dimension, the spread of levels across faces and
// the repeatability within a face; the painted lesions' recall, false spots and lesion count; the
// tone shift's effect on colour levels; the older face's wrinkle index against the young faces'.
import type { DimensionId } from '../../protocol/enums/dimensions.ts';
import { DIMENSION_IDS } from '../../protocol/enums/dimensions.ts';
import type { Point2 } from '../../vision/types.ts';
import { median } from '../median.ts';
import type { FaceRun, PaintTrial } from './evaluate.ts';
import { MACULE_DIAMETER_MM, SMALL_MACULE_DIAMETER_MM } from './paint.ts';

export interface DimensionFigures {
  readonly dimension: DimensionId;
  /** Distinct levels of the unperturbed analyses over the faces where it was measured. */
  readonly levels: readonly number[];
  readonly measuredFaces: number;
  readonly notMeasuredFaces: number;
  /** Variance of the per-face mean score across faces, and the pooled within-face variance. */
  readonly betweenVar: number;
  readonly withinVar: number;
  /** sqrt(pooled within-face variance): the score's repeatability. */
  readonly scoreSd: number;
  /** Share of perturbed analyses whose level (or measured / not measured state) differs from the unperturbed one. */
  readonly levelChangeRate: number;
  readonly comparisons: number;
  /** The worst face's within-face score SD, to see whether one face carries the noise. */
  readonly worstFaceSd: number;
  readonly worstFace: string;
}

const mean = (v: readonly number[]): number => v.reduce((a, b) => a + b, 0) / Math.max(1, v.length);
const variance = (v: readonly number[]): number => (v.length < 2 ? 0 : v.reduce((a, b) => a + (b - mean(v)) ** 2, 0) / (v.length - 1));

export function dimensionFigures(runs: readonly FaceRun[]): DimensionFigures[] {
  return DIMENSION_IDS.map((d) => {
    const levels = new Set<number>();
    let measuredFaces = 0;
    let notMeasuredFaces = 0;
    const faceMeans: number[] = [];
    let ss = 0;
    let df = 0;
    let changes = 0;
    let comparisons = 0;
    let worstFaceSd = 0;
    let worstFace = '';
    for (const run of runs) {
      const b = run.base[d];
      if (b.measured) {
        measuredFaces++;
        levels.add(b.level);
      } else notMeasuredFaces++;
      const scores: number[] = b.measured ? [b.score] : [];
      for (const p of run.perturbed) {
        const o = p.outcomes?.[d];
        if (!o) continue;
        if (o.measured) scores.push(o.score);
        if (!b.measured && !o.measured) continue;
        comparisons++;
        if (b.measured !== o.measured || (b.measured && o.measured && b.level !== o.level)) changes++;
      }
      if (scores.length >= 2) {
        faceMeans.push(mean(scores));
        const v = variance(scores);
        ss += v * (scores.length - 1);
        df += scores.length - 1;
        if (Math.sqrt(v) > worstFaceSd) {
          worstFaceSd = Math.sqrt(v);
          worstFace = run.face.meta.id;
        }
      }
    }
    const withinVar = df ? ss / df : 0;
    return {
      dimension: d,
      levels: [...levels].sort((a, b) => a - b),
      measuredFaces,
      notMeasuredFaces,
      betweenVar: variance(faceMeans),
      withinVar,
      scoreSd: Math.sqrt(withinVar),
      levelChangeRate: comparisons ? changes / comparisons : 0,
      comparisons,
      worstFaceSd,
      worstFace,
    };
  });
}

/** Per perturbation: how many dimension levels (over all faces) it changed, and its score SD contribution. */
export function perturbationFigures(runs: readonly FaceRun[]): { name: string; changes: number; comparisons: number; meanAbsScoreChange: number }[] {
  const names = [...new Set(runs.flatMap((r) => r.perturbed.map((p) => p.name)))];
  return names.map((name) => {
    let changes = 0;
    let comparisons = 0;
    let absSum = 0;
    let absN = 0;
    for (const run of runs) {
      const p = run.perturbed.find((x) => x.name === name);
      if (!p?.outcomes) continue;
      for (const d of DIMENSION_IDS) {
        const b = run.base[d];
        const o = p.outcomes[d];
        if (!b.measured && !o.measured) continue;
        comparisons++;
        if (b.measured !== o.measured || (b.measured && o.measured && b.level !== o.level)) changes++;
        if (b.measured && o.measured) {
          absSum += Math.abs(o.score - b.score);
          absN++;
        }
      }
    }
    return { name, changes, comparisons, meanAbsScoreChange: absN ? absSum / absN : Number.NaN };
  });
}

export interface SpotFigures {
  /** Painted spots in runs that measured speckle (the recall's denominator). */
  readonly trials: number;
  /** Painted spots (papules) in runs that left speckle (acne) not measured: neither found nor missed. */
  readonly spotsNotMeasured: number;
  readonly papulesNotMeasured: number;
  readonly failed: number;
  readonly found: number;
  readonly recall: number;
  /** Speckle features of painted runs with no unpainted counterpart within 3 mm, away from the painted spot. */
  readonly falseSpots: number;
  /** Of those, at the painted papule (a red lesion read as a brown spot). */
  readonly falseSpotsAtPapule: number;
  readonly papules: number;
  /** Acne features within 3 mm of each painted papule. */
  readonly papuleCounts: readonly number[];
  readonly papuleExactlyOne: number;
  /**
   * Reference for the false spots: speckle features that appear (no counterpart within 3 mm)
   * between the unperturbed run and a run of the same pixels only re-lit or re-compressed. Spots
   * that come and go there are the analysis' own flicker, not caused by painting.
   */
  readonly flickerRuns: number;
  readonly flickerSpots: number;
  /** Of flickerRuns, those that measured speckle (the painted runs' rate is per measured run). */
  readonly flickerMeasuredRuns: number;
  /**
   * The same figures with the capture's geometry held: painted and re-lit copies analysed with the
   * capture's landmarks instead of finding the face again, which no client does (the platform
   * finds the face on every still, D-035, D-122): what the paint does apart from re-detection. The
   * figures above, which keep the re-detection, are the station's.
   */
  readonly held: { readonly trials: number; readonly found: number; readonly falseSpots: number; readonly flickerRuns: number; readonly flickerSpots: number };
}

const near = (a: Point2, b: Point2, px: number): boolean => Math.hypot(a.x - b.x, a.y - b.y) <= px;

/** A painted spot of `diameterMm` is found by a speckle feature within max(2 radii, 3 mm) of its centre. */
const toleranceOf = (diameterMm: number, pxPerMm: number): number => Math.max(2 * (diameterMm / 2), 3) * pxPerMm;
const spotTolerance = (t: PaintTrial): number => toleranceOf(MACULE_DIAMETER_MM, t.pxPerMm);

/** Painted-run speckle features that are not the painted spot (within `tolerance` px) and have no unpainted counterpart within 3 mm. */
function newSpotsAround(run: FaceRun, spot: Point2 | null, tolerance: number, pxPerMm: number, features: readonly Point2[]): Point2[] {
  return features.filter((f) => !(spot && near(f, spot, tolerance)) && !run.baseSpeckle.some((b) => near(b, f, 3 * pxPerMm)));
}

const newSpots = (run: FaceRun, t: PaintTrial, features: readonly Point2[]): Point2[] => newSpotsAround(run, t.spot, spotTolerance(t), t.pxPerMm, features);

/** Speckle features with no counterpart within 3 mm in the unperturbed run. */
const appearing = (run: FaceRun, features: readonly Point2[]): number => features.filter((f) => !run.baseSpeckle.some((b) => near(b, f, 3 * run.basePxPerMm))).length;


export function spotFigures(runs: readonly FaceRun[]): SpotFigures {
  let trials = 0;
  let failed = 0;
  let found = 0;
  let falseSpots = 0;
  let falseSpotsAtPapule = 0;
  let spotsNotMeasured = 0;
  let papulesNotMeasured = 0;
  const papuleCounts: number[] = [];
  for (const run of runs) {
    for (const t of run.paint) {
      if (t.speckle === null || t.acne === null) {
        if (t.spot) failed++;
        continue;
      }
      const mm = t.pxPerMm;
      if (t.spot && !t.speckleMeasured) spotsNotMeasured++;
      else if (t.spot) {
        trials++;
        if (t.speckle.some((f) => near(f, t.spot as Point2, spotTolerance(t)))) found++;
      }
      for (const f of newSpots(run, t, t.speckle)) {
        falseSpots++;
        if (t.papule && near(f, t.papule, 3 * mm)) falseSpotsAtPapule++;
      }
      if (t.papule && !t.acneMeasured) papulesNotMeasured++;
      else if (t.papule) papuleCounts.push(t.acne.filter((f) => near(f, t.papule as Point2, 3 * mm)).length);
    }
  }
  let flickerRuns = 0;
  let flickerSpots = 0;
  let flickerMeasuredRuns = 0;
  const held = { trials: 0, found: 0, falseSpots: 0, flickerRuns: 0, flickerSpots: 0 };
  for (const run of runs) {
    for (const p of run.perturbed) {
      if (p.speckleHeld) {
        held.flickerRuns++;
        held.flickerSpots += appearing(run, p.speckleHeld);
      }
      if (!p.speckle) continue;
      flickerRuns++;
      if (p.speckleMeasured) flickerMeasuredRuns++;
      flickerSpots += appearing(run, p.speckle);
    }
    for (const t of run.paint) {
      if (!t.speckleHeld) continue;
      if (t.spot && t.speckleMeasuredHeld) {
        held.trials++;
        if (t.speckleHeld.some((f) => near(f, t.spot as Point2, spotTolerance(t)))) held.found++;
      }
      held.falseSpots += newSpots(run, t, t.speckleHeld).length;
    }
  }
  return { spotsNotMeasured, papulesNotMeasured, flickerRuns, flickerSpots, flickerMeasuredRuns, held, trials, failed, found, recall: trials ? found / trials : Number.NaN, falseSpots, falseSpotsAtPapule, papules: papuleCounts.length, papuleCounts, papuleExactlyOne: papuleCounts.filter((n) => n === 1).length };
}

/** The small macule on steep shading (evaluate.ts smallSpotImages) of one face, or of all of them. */
export interface SmallSpotFigures {
  readonly face: string;
  /** Painted spots in runs that measured speckle (the recall's denominator). */
  readonly trials: number;
  readonly found: number;
  readonly recall: number;
  /** In runs that left speckle not measured: neither found nor missed. */
  readonly notMeasured: number;
  readonly failed: number;
  /** As for the 6 mm spot, outside this spot's tolerance (max(2 radii, 3 mm) = 3 mm). */
  readonly falseSpots: number;
  /** The capture's shading slope at the painted points of measured runs, L* per mm: found and missed. */
  readonly slopesFound: readonly number[];
  readonly slopesMissed: readonly number[];
  /** The face's valid points: their median slope, and the least slope of the steep fifth the spots were taken from (all faces: the medians of the faces' figures). */
  readonly poolMedianSlope: number;
  readonly steepFrom: number;
}

function smallSpotsOf(face: string, runs: readonly FaceRun[]): SmallSpotFigures {
  let trials = 0;
  let found = 0;
  let notMeasured = 0;
  let failed = 0;
  let falseSpots = 0;
  const slopesFound: number[] = [];
  const slopesMissed: number[] = [];
  for (const run of runs) {
    for (const t of run.small.trials) {
      if (t.speckle === null) {
        failed++;
        continue;
      }
      const tolerance = toleranceOf(SMALL_MACULE_DIAMETER_MM, t.pxPerMm);
      falseSpots += newSpotsAround(run, t.spot, tolerance, t.pxPerMm, t.speckle).length;
      if (!t.speckleMeasured) {
        notMeasured++;
        continue;
      }
      trials++;
      if (t.speckle.some((f) => near(f, t.spot, tolerance))) {
        found++;
        slopesFound.push(t.slope);
      } else slopesMissed.push(t.slope);
    }
  }
  const pools = runs.map((r) => r.small.pool).filter((p) => p.points > 0);
  return {
    face,
    trials,
    found,
    recall: trials ? found / trials : Number.NaN,
    notMeasured,
    failed,
    falseSpots,
    slopesFound,
    slopesMissed,
    poolMedianSlope: median(pools.map((p) => p.medianSlope)),
    steepFrom: median(pools.map((p) => p.steepFrom)),
  };
}

/** Per face, then all faces together (the last entry, face 'all'). */
export function smallSpotFigures(runs: readonly FaceRun[]): SmallSpotFigures[] {
  return [...runs.map((r) => smallSpotsOf(r.face.meta.id, [r])), smallSpotsOf('all', runs)];
}

/** The colour measures whose level should not follow skin tone (tone-relative by design). */
export const COLOUR_DIMENSIONS: readonly DimensionId[] = ['black_rim_of_eye', 'sensitive', 'speckle', 'skin_glow', 'acne'];

export interface ToneFigures {
  readonly perDimension: Readonly<Partial<Record<DimensionId, { unchanged: number; compared: number }>>>;
  readonly unchanged: number;
  readonly compared: number;
  /** Per face and shift: asked, achieved on the cheeks, and as the analysis measured it. */
  readonly shifts: readonly { face: string; degrees: number; cheekShift: number; analysedShift: number }[];
  readonly skipped: readonly string[];
}

export function toneFigures(runs: readonly FaceRun[]): ToneFigures {
  const perDimension: Partial<Record<DimensionId, { unchanged: number; compared: number }>> = {};
  const shifts: { face: string; degrees: number; cheekShift: number; analysedShift: number }[] = [];
  const skipped: string[] = [];
  let unchanged = 0;
  let compared = 0;
  for (const run of runs) {
    for (const t of run.tone) {
      if (t.skipped) {
        skipped.push(`${run.face.meta.id} ${t.degrees > 0 ? '+' : ''}${t.degrees}: ${t.skipped}`);
        continue;
      }
      shifts.push({ face: run.face.meta.id, degrees: t.degrees, cheekShift: t.itaAfter - t.itaBefore, analysedShift: t.analysedItaAfter - t.analysedItaBefore });
      for (const d of COLOUR_DIMENSIONS) {
        const b = run.base[d];
        const o = t.outcomes?.[d];
        if (!b.measured && (!o || !o.measured)) continue;
        const same = !!o && b.measured && o.measured && b.level === o.level;
        const entry = (perDimension[d] ??= { unchanged: 0, compared: 0 });
        entry.compared++;
        compared++;
        if (same) {
          entry.unchanged++;
          unchanged++;
        }
      }
    }
  }
  return { perDimension, unchanged, compared, shifts, skipped };
}

export interface WrinkleComparison {
  readonly older: string;
  readonly young: string;
  /** `wrinkle` measure (composite 0-100, higher = more lines), unperturbed and mean over all analyses. */
  readonly olderMeasure: number;
  readonly youngMeasure: number;
  readonly olderMean: number;
  readonly youngMean: number;
  /** False also when either face's wrinkles were not measured (then both measures are NaN-checked by the caller). */
  readonly above: boolean;
}

function wrinkleMeasures(run: FaceRun): number[] {
  return [run.base, ...run.perturbed.flatMap((p) => (p.outcomes ? [p.outcomes] : []))].flatMap((o) => (o.wrinkle.measured ? [o.wrinkle.measure] : []));
}

export function wrinkleFigures(runs: readonly FaceRun[]): WrinkleComparison[] {
  const older = runs.filter((r) => r.face.meta.roles.includes('older'));
  const young = runs.filter((r) => r.face.meta.roles.includes('young-plain'));
  return older.flatMap((o) =>
    young.map((y) => {
      const ob = o.base.wrinkle;
      const yb = y.base.wrinkle;
      const olderMeasure = ob.measured ? ob.measure : Number.NaN;
      const youngMeasure = yb.measured ? yb.measure : Number.NaN;
      const om = wrinkleMeasures(o);
      const ym = wrinkleMeasures(y);
      return { older: o.face.meta.id, young: y.face.meta.id, olderMeasure, youngMeasure, olderMean: om.length ? mean(om) : Number.NaN, youngMean: ym.length ? mean(ym) : Number.NaN, above: olderMeasure > youngMeasure };
    }),
  );
}
