import type { Report } from '../../../main/kiosk-api/types.ts';
import { legendRowsOf, type LegendRow, type MarkKind } from '../../../protocol/enums/marks-legend.ts';

type Marks = Report['dimensions'][number]['annotations'][number]['marks'];
// The rule is shared with the platform's phone page (D-070): one copy in protocol/.
export type { LegendRow, MarkKind };

/** The legend rows of the annotation shown (D-069); lines are sized by length, the rest by area. */
export function legendRows(marks: Marks | null | undefined): LegendRow[] {
  return legendRowsOf(marks ?? [], (m, kind) => (kind === 'line' ? m.lengthMm : m.areaMm2));
}
