/**
 * The change of every dimension between two visits, each against its noise band (issue 16 item 7,
 * D-061): the band is the 95 % range of the difference between two analyses of an unchanged face,
 * from the analysis's measured repeatability per dimension (main/kiosk/noise-band.ts), never one
 * figure for all. A dimension one of the visits did not measure is not comparable (D-033); one
 * without repeatability figures is shown with its change and no verdict.
 */
import type { DimensionId } from '../../../protocol/enums/dimensions.ts';
import { DIMENSION_IDS } from '../../../protocol/enums/dimensions.ts';
import type { History } from '../../../main/kiosk-api/types.ts';

type Visit = History['points'][number];

export type VisitChangeKind = 'better' | 'worse' | 'noise' | 'unknown_band' | 'not_comparable';

export interface VisitChange {
  dimension: DimensionId;
  before: number | null;
  after: number | null;
  /** after − before; null when not comparable. */
  delta: number | null;
  /** The dimension's band (points), null when it has no repeatability figures. */
  band: number | null;
  kind: VisitChangeKind;
}

/** The visit before `sessionId` (by time) in the history, or null for a first visit. */
export function previousVisit(history: History | null, sessionId: string): Visit | null {
  if (!history) return null;
  const visits = [...history.points].sort((a, b) => a.createdAt - b.createdAt);
  const index = visits.findIndex((p) => p.sessionId === sessionId);
  if (index > 0) return visits[index - 1] ?? null;
  // The report of a session not (yet) in the history: its latest earlier visit.
  return index < 0 ? (visits[visits.length - 1] ?? null) : null;
}

/**
 * Per dimension measured in either visit, in the specification's order: the change and whether it
 * exceeds its band. Scores are "higher is better" throughout the report (D-033 levels), so a rise
 * beyond the band is better.
 */
export function visitChanges(before: Visit, after: Visit, noiseBand: History['noiseBand']): VisitChange[] {
  const changes: VisitChange[] = [];
  for (const dimension of DIMENSION_IDS) {
    const b = finite(before.scores[dimension]);
    const a = finite(after.scores[dimension]);
    // Measured in neither visit: nothing to say about it here (the report lists why not).
    if (a === null && b === null) continue;
    const band = finite(noiseBand[dimension]);
    if (a === null || b === null) {
      changes.push({ dimension, before: b, after: a, delta: null, band, kind: 'not_comparable' });
      continue;
    }
    const delta = a - b;
    const kind: VisitChangeKind = band === null ? 'unknown_band' : Math.abs(delta) <= band ? 'noise' : delta > 0 ? 'better' : 'worse';
    changes.push({ dimension, before: b, after: a, delta, band, kind });
  }
  return changes;
}

/** How many changes of each kind: the one line a customer reads before the table. */
export function changeCounts(changes: readonly VisitChange[]): Record<VisitChangeKind, number> {
  const counts: Record<VisitChangeKind, number> = { better: 0, worse: 0, noise: 0, unknown_band: 0, not_comparable: 0 };
  for (const c of changes) counts[c.kind] += 1;
  return counts;
}

function finite(value: number | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}
