/**
 * The report read by concern (issue 16 item 6, D-055) and the few findings a summary leads with,
 * shared by the kiosk's results screen and the platform's phone page (D-070) so both pick the same
 * findings by ONE rule. Runtime-free and generic over the finding's shape: the kiosk's report is
 * camelCase, the platform's wire is snake_case; only the fields read here must agree.
 */
import { DIMENSIONS, type DimensionId } from './dimensions.ts';

export type Tone = 'good' | 'fair' | 'attention' | 'none';

/**
 * A level's tone: every level table of the specification runs from best to worst, so the
 * level's position in its table is its severity.
 */
export function levelTone(dimension: DimensionId, level: number): Tone {
  const levels = DIMENSIONS[dimension].levels;
  const index = levels.findIndex((l) => l.id === level);
  if (index < 0 || levels.length < 2) return 'none';
  const severity = index / (levels.length - 1);
  if (severity <= 0.34) return 'good';
  if (severity <= 0.67) return 'fair';
  return 'attention';
}

/**
 * Whether the level is the first (best) of its table. A finding can be located and still be
 * graded there (one small spot: "Spots: None"); the kiosk's and the phone page's legends then say
 * why what is circled or traced is not a concern (D-124).
 */
export function isFirstLevel(dimension: DimensionId, level: number): boolean {
  const levels = DIMENSIONS[dimension].levels;
  return levels.length > 1 && levels[0]?.id === level;
}

export const CONCERNS = ['texture', 'pigment', 'lines', 'eyes', 'firmness', 'oil'] as const;
export type Concern = (typeof CONCERNS)[number];

/**
 * Each dimension's concern. A Record over every id, so a dimension added to the protocol does not
 * compile until it has a place here (and is never silently missing from a screen or the page).
 */
export const CONCERN_OF: Readonly<Record<DimensionId, Concern>> = {
  pore: 'texture',
  blackhead: 'texture',
  acne: 'texture',
  skin_smoothness: 'texture',
  speckle: 'pigment',
  sensitive: 'pigment',
  skin_glow: 'pigment',
  skin_vitality: 'pigment',
  wrinkle: 'lines',
  forehead_wrinkle: 'lines',
  frown_wrinkle: 'lines',
  nasolabial_folds: 'lines',
  narionette_lines: 'lines',
  neck_lines: 'lines',
  black_rim_of_eye: 'eyes',
  eye_bags: 'eyes',
  eye_sagging: 'eyes',
  crows_feet: 'eyes',
  under_eye_wrinkle: 'eyes',
  vitality_eye_contour: 'eyes',
  lacrimal_groove: 'eyes',
  firmness: 'firmness',
  plump_cheeks: 'firmness',
  low_cheek: 'firmness',
  mandible_edge: 'firmness',
  water: 'oil',
  oil: 'oil',
  glow: 'oil',
};

/** What the ranking reads of a measured finding (both the kiosk's and the wire's have it). */
export interface RankedFinding {
  readonly dimension: DimensionId;
  readonly level: number;
  readonly score: number;
  readonly caveats?: readonly unknown[] | undefined;
}

const SEVERITY: Record<Tone, number> = { attention: 3, fair: 2, none: 1, good: 0 };

/** Most in need of attention first: by the level's tone, then by the lower score. */
export function byAttention(a: RankedFinding, b: RankedFinding): number {
  const severity = SEVERITY[levelTone(b.dimension, b.level)] - SEVERITY[levelTone(a.dimension, a.level)];
  return severity !== 0 ? severity : a.score - b.score;
}

/**
 * The findings a summary leads with: up to `limit` measured dimensions whose level is not good,
 * most in need of attention first, the sure ones before those the analysis marked less certain
 * (caveats: a smile deepening the folds, make-up, overexposure...; D-068), so a grade the photo
 * cannot vouch for does not head the report. When every level is good the lowest-scoring few
 * stand in, so the summary still shows what was looked at (and says that all is well).
 */
export function keyFindings<T extends RankedFinding>(dimensions: readonly T[], limit = 3): { findings: T[]; allGood: boolean } {
  const ranked = [...dimensions].sort(byAttention);
  const unsure = (d: T): number => ((d.caveats?.length ?? 0) > 0 ? 1 : 0);
  const concerning = ranked.filter((d) => levelTone(d.dimension, d.level) !== 'good').sort((a, b) => unsure(a) - unsure(b));
  if (concerning.length > 0) return { findings: concerning.slice(0, limit), allGood: false };
  return { findings: ranked.slice(0, limit), allGood: ranked.length > 0 };
}
