/**
 * The rows of a marked photo's legend (D-069), shared by the kiosk's results screen and the
 * platform's phone page (D-070). Generic over how a mark spells its sizes: the kiosk's report is
 * camelCase, the wire snake_case; `sizeOf` reads the one that applies to the kind.
 */
export type MarkKind = 'spot' | 'line' | 'area';

/**
 * One row: the shape the marks are drawn as, how many, and their summed size as the analysis gave
 * it. `size` is null when the analysis gave none: the row then shows the count alone, never an
 * invented 0.
 */
export interface LegendRow {
  kind: MarkKind;
  count: number;
  size: { unit: 'mm2' | 'mm'; value: number } | null;
}

/**
 * Whether the legend should say why its marks are no concern (D-124): the dimension is graded at
 * the best level of its table (`firstLevel` is that level's name, else null; concerns.ts
 * `isFirstLevel`) and the legend counts located findings, spots circled or lines traced. A shaded
 * area marks where a dimension was read, not a finding, so it alone never asks for the sentence.
 */
export function marksBelowGrade(firstLevel: string | null, rows: readonly LegendRow[]): firstLevel is string {
  return firstLevel !== null && rows.some((r) => r.kind === 'spot' || r.kind === 'line');
}

// Circles first, then strokes, then shaded areas: the order the eye finds them on the photo.
const ORDER: readonly MarkKind[] = ['spot', 'line', 'area'];

/**
 * Kinds repeated in the data are merged (sums of counts and sizes; a size only when every part of
 * the kind has one), and kinds with nothing marked are dropped, so a legend never lists "0 spots"
 * for marks that are not on the photo.
 */
export function legendRowsOf<M extends { readonly kind: MarkKind; readonly count: number }>(
  marks: readonly M[],
  sizeOf: (mark: M, kind: MarkKind) => number | undefined,
): LegendRow[] {
  const rows: LegendRow[] = [];
  for (const kind of ORDER) {
    const parts = marks.filter((m) => m.kind === kind && m.count > 0);
    if (parts.length === 0) continue;
    const count = parts.reduce((sum, m) => sum + m.count, 0);
    const sized = parts.every((m) => sizeOf(m, kind) !== undefined);
    const value = parts.reduce((sum, m) => sum + (sizeOf(m, kind) ?? 0), 0);
    rows.push({ kind, count, size: sized ? { unit: kind === 'line' ? 'mm' : 'mm2', value: Math.round(value * 10) / 10 } : null });
  }
  return rows;
}
