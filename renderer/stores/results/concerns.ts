/**
 * The report read by concern (issue 16 item 6, D-055): the dimensions grouped the way a customer
 * asks about their skin, and the few findings that matter most for the summary. Pure functions
 * over the report, so the order and the choice are testable without a screen.
 */
import type { DimensionId } from '../../../protocol/enums/dimensions.ts';
import type { Report } from '../../../main/kiosk-api/types.ts';
import { levelTone, type Tone } from '../../screens/results/tone.ts';

export const CONCERNS = ['texture', 'pigment', 'lines', 'eyes', 'firmness', 'oil'] as const;
export type Concern = (typeof CONCERNS)[number];

/**
 * Each dimension's concern. A Record over every id, so a dimension added to the protocol does not
 * compile until it has a place here (and is never silently missing from the screen).
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

type Measured = Report['dimensions'][number];
type NotMeasured = Report['notMeasured'][number];

export interface ConcernGroup {
  concern: Concern;
  /** Measured dimensions, most in need of attention first. */
  measured: Measured[];
  /** Dimensions this visit could not measure (D-033), in the report's order. */
  notMeasured: NotMeasured[];
  /** The measured dimension most in need of attention, null when none was measured. */
  worst: Measured | null;
}

const SEVERITY: Record<Tone, number> = { attention: 3, fair: 2, none: 1, good: 0 };

/** Most in need of attention first: by the level's tone (tone.ts), then by the lower score. */
export function byAttention(a: Measured, b: Measured): number {
  const severity = SEVERITY[levelTone(b.dimension, b.level)] - SEVERITY[levelTone(a.dimension, a.level)];
  return severity !== 0 ? severity : a.score - b.score;
}

/** The report's dimensions in concern order; a concern with nothing in this report is left out. */
export function concernGroups(report: Report): ConcernGroup[] {
  return CONCERNS.flatMap((concern): ConcernGroup[] => {
    const measured = report.dimensions.filter((d) => CONCERN_OF[d.dimension] === concern).sort(byAttention);
    const notMeasured = report.notMeasured.filter((d) => CONCERN_OF[d.dimension] === concern);
    if (measured.length === 0 && notMeasured.length === 0) return [];
    return [{ concern, measured, notMeasured, worst: measured[0] ?? null }];
  });
}

/**
 * The findings the summary leads with: up to `limit` measured dimensions whose level is not good,
 * most in need of attention first, the sure ones before those the analysis marked less certain
 * (caveats: a smile deepening the folds, make-up, overexposure...; D-068), so a grade the photo
 * cannot vouch for does not head the report. When every level is good the lowest-scoring few
 * stand in, so the summary still shows what was looked at (and says that all is well).
 */
export function keyFindings(report: Report, limit = 3): { findings: Measured[]; allGood: boolean } {
  const ranked = [...report.dimensions].sort(byAttention);
  const unsure = (d: Measured): number => (d.caveats.length > 0 ? 1 : 0);
  const concerning = ranked.filter((d) => levelTone(d.dimension, d.level) !== 'good').sort((a, b) => unsure(a) - unsure(b));
  if (concerning.length > 0) return { findings: concerning.slice(0, limit), allGood: false };
  return { findings: ranked.slice(0, limit), allGood: ranked.length > 0 };
}
