// Regression test of vision/skin on real faces (issue 12, part 6): the bench's own code
// (bench/vision-real, CI configuration in ci.ts) on three real faces, each analysed as the
// platform does, under three perturbations (crop 2 %, scale -5 %, brightness +10 %), plus one
// painted 6 mm brown macule and one 3 mm red papule per face. About 15 analyses, 25-50 s on 2 cores.
//
// The limits are the figures measured on 2026-11-26 (BASELINE) with a margin, not the aims:
// the aims (score SD <= 5 and level change <= 10 % per dimension, spot recall >= 90 % with no new
// false spots, one lesion per papule) are not all met yet, and the full bench
// (npm run bench:vision-real) reports them. This test fails when the analysis gets noisier or
// blinder than it is now. When a change makes it better, lower the baseline: print the figures with
// npx tsx bench/vision-real/ci.ts and copy them here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DimensionId } from '../../../protocol/enums/dimensions.ts';
import { DIMENSION_IDS } from '../../../protocol/enums/dimensions.ts';
import { CI_FACES, runCi } from '../../../bench/vision-real/ci.ts';
import type { FaceRun } from '../../../bench/vision-real/evaluate.ts';
import { dimensionFigures, spotFigures, wrinkleFigures } from '../../../bench/vision-real/metrics.ts';
import type { DimensionFigures, SpotFigures } from '../../../bench/vision-real/metrics.ts';

/**
 * Measured 2026-12-05 on faceid-man, sample3-a, sample6-c with main after D-062 to D-065 (two-blur
 * resolution estimate and one rule for every need, colour against each half of the face and
 * highlights left out, weighted spot candidates, creases read as profiles in corridors kept off
 * the skin's edges) and D-080 (spot depth and size whatever the detector scale, crease shape and
 * direction as ramps), speckle after D-082 (the "dark all round" test on a band-limited plane);
 * mandible_edge and firmness measured again on 2026-12-06 after D-120 (the jaw's edge sought 3 mm
 * in to 7 mm out, falls only):
 * [pooled within-face score SD, share of the perturbed analyses whose level
 * differed (or that flipped between measured and not measured)]. These faces hold 0.9 to 2 px/mm
 * of real detail, so pores, texture, fine lines and the water proxy are not measured on them (a
 * zero here means "nothing to repeat"); the painted-scene tests cover those detectors. The aim is
 * SD <= 5 and change <= 0.1 for every measured dimension: eye_bags, mandible_edge, firmness and
 * nasolabial_folds have changed level on one or two of nine comparisons, each a measure sitting
 * on a level boundary.
 */
const BASELINE: Readonly<Record<DimensionId, readonly [number, number]>> = {
  pore: [0, 0],
  blackhead: [0, 0],
  speckle: [1.2, 0], // D-082: 2 before the isolation test read a band-limited plane
  wrinkle: [0, 0],
  acne: [0, 0],
  sensitive: [2.2, 0],
  black_rim_of_eye: [1.5, 0],
  water: [0, 0],
  oil: [0, 0], // D-074: needs both polarised images; these are white-light photos
  skin_vitality: [0.7, 0],
  glow: [0.3, 0],
  skin_smoothness: [0, 0],
  firmness: [0.9, 0.11], // D-120 (mandible_edge is one of its parts): [1.6, 0] before
  vitality_eye_contour: [0.5, 0],
  skin_glow: [0.3, 0],
  eye_bags: [1, 0.11],
  eye_sagging: [0.2, 0],
  plump_cheeks: [0.8, 0],
  low_cheek: [0.1, 0],
  mandible_edge: [1.9, 0.11], // D-120: baseline 2.6 before, 2.5 measured just before the change
  crows_feet: [0, 0],
  under_eye_wrinkle: [0, 0],
  forehead_wrinkle: [0, 0],
  nasolabial_folds: [0.6, 0.22],
  narionette_lines: [0.5, 0],
  frown_wrinkle: [0, 0],
  lacrimal_groove: [1.1, 0],
  neck_lines: [0, 0],
};

/**
 * Margins: the score SD may grow by half plus 1 point (at least to 2), the level-change rate by two
 * of nine comparisons (0.23). The analysis is deterministic for the same bytes, so the margin is
 * for legitimate changes elsewhere (landmark model, thresholds), not for run-to-run noise.
 */
function limits(d: DimensionId): { sd: number; change: number } {
  const [sd, change] = BASELINE[d];
  return { sd: Math.max(2, sd * 1.5 + 1), change: Math.min(1, change + 0.23) };
}

let runs: FaceRun[];
let dims: DimensionFigures[];
let spots: SpotFigures;

beforeAll(async () => {
  runs = await runCi();
  dims = dimensionFigures(runs);
  spots = spotFigures(runs);
}, 120_000);

afterAll(() => {
  // The figures, for whoever resets the baseline or reads a failure.
  console.log(dims.map((d) => `${d.dimension} SD ${d.scoreSd.toFixed(1)} change ${d.levelChangeRate.toFixed(2)}`).join('; '));
});

describe('vision/skin on real faces', () => {
  it('analyses every face, perturbed and painted (no face lost)', () => {
    expect(runs.map((r) => r.face.meta.id)).toEqual([...CI_FACES]);
    for (const r of runs) {
      expect(r.perturbed.filter((p) => !p.outcomes).map((p) => `${r.face.meta.id} ${p.name}: ${p.error}`)).toEqual([]);
      expect(r.paint.every((p) => p.speckle !== null)).toBe(true);
    }
  });

  it.each(DIMENSION_IDS.map((d) => [d]))('%s: score SD and level changes under perturbation within the baseline', (d) => {
    const f = dims.find((x) => x.dimension === d);
    if (!f || f.measuredFaces === 0) return; // not measured anywhere: nothing to repeat
    const limit = limits(d);
    expect(f.scoreSd, `${d} pooled within-face score SD (baseline ${BASELINE[d][0]})`).toBeLessThanOrEqual(limit.sd);
    expect(f.levelChangeRate, `${d} level-change rate (baseline ${BASELINE[d][1]})`).toBeLessThanOrEqual(limit.change);
  });

  // A lesion painted where the analysis answers "not measured" for speckle (acne) is neither found
  // nor missed: the analysis said it cannot see there.
  it('finds every painted 6 mm brown macule where speckle is measured, with few new false spots (baseline 1/1, 0 false; aim 0)', () => {
    expect(spots.trials + spots.spotsNotMeasured).toBe(3);
    expect(spots.found).toBe(spots.trials);
    expect(spots.falseSpots).toBeLessThanOrEqual(2);
  });

  // D-082: with the landmarks of the capture held, painting a spot changes nothing elsewhere: every
  // new false spot of D-080c came from finding the face again. No client holds them: the platform
  // finds the face on every still (D-035, D-122), so this isolates the paint's own effect.
  it("with the capture's geometry held, finds every painted macule and no new false spot", () => {
    expect(spots.held.found).toBe(spots.held.trials);
    expect(spots.held.falseSpots).toBe(0);
  });

  it('counts a painted 3 mm papule as one acne lesion where acne is measured (baseline 1/1)', () => {
    expect(spots.papules + spots.papulesNotMeasured).toBe(3);
    expect(spots.papuleCounts.every((n) => n >= 1)).toBe(true);
    expect(spots.papuleExactlyOne).toBeGreaterThanOrEqual(spots.papules - 1);
  });

  it("grades the older face's wrinkles above the young plain face's", () => {
    // A face whose wrinkles are "not measured" (NaN) has no grade to compare: honest, not a regression.
    const w = wrinkleFigures(runs).filter((c) => Number.isFinite(c.olderMeasure) && Number.isFinite(c.youngMeasure));
    for (const c of w) expect(c.olderMeasure, `${c.older} vs ${c.young}`).toBeGreaterThan(c.youngMeasure);
  });
});
