/**
 * The report read by concern (issue 16 item 6, D-055): the dimensions grouped the way a customer
 * asks about their skin, and the few findings that matter most for the summary. Pure functions
 * over the report, so the order and the choice are testable without a screen.
 */
import { byAttention, CONCERN_OF, CONCERNS, keyFindings as keyFindingsOf, type Concern } from '../../../protocol/enums/concerns.ts';
import type { Report } from '../../../main/kiosk-api/types.ts';

// The rule itself is shared with the platform's phone page (D-070): one copy in protocol/.
export { byAttention, CONCERN_OF, CONCERNS, type Concern };

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

/** The report's dimensions in concern order; a concern with nothing in this report is left out. */
export function concernGroups(report: Report): ConcernGroup[] {
  return CONCERNS.flatMap((concern): ConcernGroup[] => {
    const measured = report.dimensions.filter((d) => CONCERN_OF[d.dimension] === concern).sort(byAttention);
    const notMeasured = report.notMeasured.filter((d) => CONCERN_OF[d.dimension] === concern);
    if (measured.length === 0 && notMeasured.length === 0) return [];
    return [{ concern, measured, notMeasured, worst: measured[0] ?? null }];
  });
}

/** The findings the summary leads with (the shared rule, protocol/enums/concerns.ts). */
export function keyFindings(report: Report, limit = 3): { findings: Measured[]; allGood: boolean } {
  return keyFindingsOf(report.dimensions, limit);
}
