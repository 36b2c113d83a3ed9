import type { DimensionId } from '../../protocol/enums/dimensions.ts';
import { levelIdsOf } from '../../protocol/enums/dimensions.ts';

/**
 * How a measured severity becomes a level and a score. Every level table of
 * protocol/enums/dimensions.ts runs from best to worst as its ids rise, so each dimension has one
 * severity measure (higher = worse) and thresholds t[0] < t[1] < ...: the level is the
 * (k+1)-th id where k thresholds are <= the measure. Levels therefore rise monotonically with the
 * measure by construction. The score falls linearly inside each level's band, so score and level
 * never disagree. Units and the reasoning behind each threshold: docs/vision-skin.md.
 */
export interface Grading {
  readonly unit: string;
  /** One fewer than the dimension's levels, strictly ascending. */
  readonly thresholds: readonly number[];
  /** Measure at which the score reaches 0. */
  readonly max: number;
}

const g = (unit: string, thresholds: readonly number[], max: number): Grading => ({ unit, thresholds, max });

export const GRADING: Readonly<Record<DimensionId, Grading>> = {
  pore: g('visible pores per cm2', [4, 10], 30),
  blackhead: g('blackheads per 10 cm2 of T-zone', [0.5, 3, 8], 25),
  speckle: g('pigmented-spot index (mm2 x contrast/10 per 10 cm2)', [1.5, 6, 18], 60),
  wrinkle: g('wrinkle index (0-100, from the line dimensions)', [8, 20, 40], 80),
  acne: g('inflammatory lesions (+0.1 per porphyrin dot)', [0.5, 5.5, 20.5, 50.5], 100),
  sensitive: g('% of skin with diffuse redness', [3, 8, 18], 40),
  black_rim_of_eye: g('L* darker than the cheek (delta L*)', [4, 7.5, 11], 20),
  water: g('dehydration index (0-100)', [30, 55], 100),
  oil: g('% of T-zone specular', [3, 10], 30),
  skin_vitality: g('vitality index (0-100, from tone, texture, spots, redness)', [18, 32, 50], 90),
  glow: g('dullness (10 - sheen contrast in L*)', [3, 5, 7], 10),
  skin_smoothness: g('fine-texture sigma (L*)', [0.9, 1.4, 2.1], 4),
  firmness: g('laxity index (0-100)', [20, 35, 55], 100),
  vitality_eye_contour: g('eye-contour index (0-100)', [18, 32, 50], 90),
  skin_glow: g('tone mottling sigma (L*)', [1.5, 2.3, 3.2], 6),
  eye_bags: g('eye-bag index (mm x contrast)', [2, 5, 9, 14, 20, 28], 40),
  eye_sagging: g('degrees of outer-corner droop below +4 degrees', [1, 2, 3, 4.5, 6, 7.5, 9, 11], 16),
  plump_cheeks: g('cheek hollowness (L* apex-to-hollow deficit)', [8, 12, 17], 25),
  low_cheek: g('cheek-descent index (0-100)', [30, 40, 50, 60, 70, 80], 100),
  mandible_edge: g('jawline softness (0-100)', [35, 55, 75], 100),
  crows_feet: g('line index (mm x depth)', [3, 8, 15, 25, 38, 55, 75], 110),
  under_eye_wrinkle: g('line index (mm x depth)', [3, 7, 12, 18, 26, 35, 46, 60], 90),
  forehead_wrinkle: g('line index (mm x depth)', [4, 10, 20, 32, 48, 66, 88, 115], 160),
  nasolabial_folds: g('fold index (mm x depth)', [6, 14, 24, 36, 50, 66, 85], 120),
  narionette_lines: g('fold index (mm x depth)', [5, 12, 20, 30, 42, 56, 72], 100),
  frown_wrinkle: g('line index (mm x depth)', [2, 5, 9, 14, 20, 27, 35, 45], 65),
  lacrimal_groove: g('fold index (mm x depth)', [4, 9, 15, 22, 30, 40], 60),
  neck_lines: g('line index (mm x depth)', [5, 12, 22, 35, 50, 68, 90, 115], 160),
};

export interface Graded {
  readonly level: number;
  readonly score: number;
}

export function grade(dimension: DimensionId, measure: number): Graded {
  const ids = levelIdsOf(dimension);
  const { thresholds, max } = GRADING[dimension];
  const m = Number.isFinite(measure) ? Math.max(0, measure) : 0;
  let k = 0;
  while (k < thresholds.length && m >= (thresholds[k] ?? Infinity)) k++;
  const lo = k === 0 ? 0 : (thresholds[k - 1] ?? 0);
  const hi = k < thresholds.length ? (thresholds[k] ?? max) : max;
  const within = hi > lo ? Math.min(1, (m - lo) / (hi - lo)) : 1;
  const n = ids.length;
  const score = 100 * (1 - (k + within) / n);
  return { level: ids[k] ?? ids[ids.length - 1] ?? 0, score: Math.round(Math.min(100, Math.max(0, score)) * 10) / 10 };
}

/**
 * How far a measure sits from the nearest level boundary, as a share of its level's band (0 on a
 * threshold, 0.5 in the middle of a band; the open top band counts its distance to `max`). A
 * level read off a measure on a boundary is a coin toss under measurement noise: the confidence
 * of the level says so (issue 12: confidence-aware level boundaries).
 */
export function boundaryMargin(dimension: DimensionId, measure: number): number {
  const { thresholds, max } = GRADING[dimension];
  const m = Number.isFinite(measure) ? Math.max(0, measure) : 0;
  let k = 0;
  while (k < thresholds.length && m >= (thresholds[k] ?? Infinity)) k++;
  const lo = k === 0 ? -Infinity : (thresholds[k - 1] ?? 0);
  const hi = k < thresholds.length ? (thresholds[k] ?? max) : Infinity;
  // The band's width: the first and last bands take their neighbour's, as they are open-ended.
  const width = Number.isFinite(lo) && Number.isFinite(hi) ? hi - lo : (thresholds[1] ?? max) - (thresholds[0] ?? 0) || max;
  const distance = Math.min(m - lo, hi - m);
  return Math.min(0.5, Math.max(0, distance / Math.max(1e-9, width)));
}

/** decision: a level within a quarter band of a boundary loses up to 30 % of its confidence, linearly to 0 at the boundary. */
export function boundaryFactor(dimension: DimensionId, measure: number): number {
  return 0.7 + 0.3 * Math.min(1, boundaryMargin(dimension, measure) / 0.25);
}

/** Severity 0..1 of a score, for composites that pool several dimensions. */
export function severityOf(score: number): number {
  return Math.min(1, Math.max(0, 1 - score / 100));
}
