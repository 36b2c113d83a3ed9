import type { DimensionId } from '../../../protocol/enums/dimensions.ts';
import type { History, Report } from '../../../main/kiosk-api/types.ts';
import type { Light, ResultsState, View } from './initialState.ts';

type Dimension = Report['dimensions'][number];

/** Dimensions in the order the report lists them (the analysis decides it). */
export function dimensionOf(report: Report | null, id: DimensionId | null): Dimension | null {
  if (!report || !id) return null;
  return report.dimensions.find((d) => d.dimension === id) ?? null;
}

/** The views and, per view, the lights that have an annotation for this dimension. */
export function annotationChoices(dimension: Dimension | null): { views: View[]; lights: (view: View) => Light[] } {
  const annotations = dimension?.annotations ?? [];
  const views = [...new Set(annotations.map((a) => a.view))];
  return {
    views,
    lights: (view) => [...new Set(annotations.filter((a) => a.view === view && a.light !== undefined).map((a) => a.light as Light))],
  };
}

/** The annotation for view + light; an annotation without light serves every light. */
export function annotationUrl(dimension: Dimension | null, view: View, light: Light | null): string | null {
  const annotations = dimension?.annotations ?? [];
  const exact = annotations.find((a) => a.view === view && (light === null || a.light === light));
  return (exact ?? annotations.find((a) => a.view === view && a.light === undefined))?.url ?? null;
}

export interface ChartPoint {
  sessionId: string;
  createdAt: number;
  score: number;
  makeup: boolean;
}

/**
 * History points of one dimension (or the mean of all, for overall), oldest first. Points without
 * a score for the dimension are left out rather than drawn as zero.
 */
export function chartPoints(history: History | null, dimension: DimensionId | null): ChartPoint[] {
  if (!history) return [];
  const points: ChartPoint[] = [];
  for (const p of [...history.points].sort((a, b) => a.createdAt - b.createdAt)) {
    const values = dimension ? [p.scores[dimension]] : Object.values(p.scores);
    const present = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
    if (present.length === 0) continue;
    const score = present.reduce((a, b) => a + b, 0) / present.length;
    points.push({ sessionId: p.sessionId, createdAt: p.createdAt, score, makeup: p.skinCondition === 'fresh_makeup' });
  }
  return points;
}

/**
 * The noise band of a dimension. For overall (a mean of n dimensions) the band of the mean is
 * the root mean square of the bands divided by sqrt(n), assuming independent errors; the same
 * rule as docs/ui.md states.
 */
export function noiseBand(history: History | null, dimension: DimensionId | null): number | null {
  if (!history) return null;
  if (dimension) return history.noiseBand[dimension] ?? null;
  const bands = Object.values(history.noiseBand);
  if (bands.length === 0) return null;
  const rms = Math.sqrt(bands.reduce((a, b) => a + b * b, 0) / bands.length);
  return rms / Math.sqrt(bands.length);
}

export type Change = { kind: 'up' | 'down' | 'noise'; delta: number; band: number } | null;

/** The change of the latest point against the one before, and whether it is only noise. */
export function latestChange(points: ChartPoint[], band: number | null): Change {
  const last = points[points.length - 1];
  const before = points[points.length - 2];
  if (!last || !before) return null;
  const delta = last.score - before.score;
  const b = band ?? 0;
  if (Math.abs(delta) <= b) return { kind: 'noise', delta, band: b };
  return { kind: delta > 0 ? 'up' : 'down', delta, band: b };
}

export const resultsSelectors = {
  report: (s: ResultsState) => s.report,
  history: (s: ResultsState) => s.history,
  error: (s: ResultsState) => s.error,
  dimension: (s: ResultsState) => s.dimension,
  view: (s: ResultsState) => s.view,
  light: (s: ResultsState) => s.light,
  fallbackImage: (s: ResultsState) => s.fallbackImage,
  sessionId: (s: ResultsState) => s.sessionId,
  customerId: (s: ResultsState) => s.customerId,
};
