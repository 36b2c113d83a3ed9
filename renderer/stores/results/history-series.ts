/**
 * The history chart's series (pure functions over getHistory): one point per visit, oldest first,
 * and the change of the latest visit against the one before. A visit that did not measure the
 * dimension (D-033) is a gap, never a point at some score: a dimension measured in one visit and
 * not in the other is "not comparable", not a change.
 */
import type { DimensionId } from '../../../protocol/enums/dimensions.ts';
import type { MeasurementLimit } from '../../../protocol/skin-api/task-result.ts';
import type { History } from '../../../main/kiosk-api/types.ts';

export interface ChartPoint {
  sessionId: string;
  createdAt: number;
  /** The score of the dimension (or the overall mean), null when this visit did not measure it. */
  score: number | null;
  /** Why the visit did not measure the dimension; null when it did (or for the overall). */
  notMeasured: MeasurementLimit | null;
  makeup: boolean;
}

export interface ChartSeries {
  points: ChartPoint[];
  /**
   * The dimensions behind each point: the one chosen, or for the overall those measured in every
   * visit shown (a mean over different sets of dimensions would show a change nobody measured).
   */
  dimensions: string[];
  /** Overall only: dimensions left out because some visit did not measure them. */
  leftOut: number;
}

/**
 * The history as it stood at this session's visit: the visits after it left out, so a report
 * opened later (staff's list) charts and compares that visit, not the newest (D-134). A session
 * not in the history leaves it whole.
 */
export function historyUntil(history: History | null, sessionId: string): History | null {
  const at = history?.points.find((p) => p.sessionId === sessionId)?.createdAt;
  if (!history || at === undefined) return history;
  return { ...history, points: history.points.filter((p) => p.createdAt <= at) };
}

/**
 * History points of one dimension (or the overall), oldest first. Visits without the dimension at
 * all (disabled, or analysed before it existed) are left out; visits that could not measure it
 * stay, as gaps.
 */
export function chartSeries(history: History | null, dimension: DimensionId | null): ChartSeries {
  if (!history) return { points: [], dimensions: [], leftOut: 0 };
  const visits = [...history.points].sort((a, b) => a.createdAt - b.createdAt);
  const base = (p: History['points'][number]) => ({ sessionId: p.sessionId, createdAt: p.createdAt, makeup: p.skinCondition === 'fresh_makeup' });
  if (dimension) {
    const points = visits.flatMap((p): ChartPoint[] => {
      const score = p.scores[dimension];
      if (typeof score === 'number' && Number.isFinite(score)) return [{ ...base(p), score, notMeasured: null }];
      const reason = p.notMeasured[dimension];
      return reason ? [{ ...base(p), score: null, notMeasured: reason }] : [];
    });
    return { points, dimensions: [dimension], leftOut: 0 };
  }
  const shown = visits.filter((p) => Object.keys(p.scores).length > 0 || Object.keys(p.notMeasured).length > 0);
  const all = new Set(shown.flatMap((p) => Object.keys(p.scores)));
  const common = [...all].filter((d) => shown.every((p) => typeof p.scores[d] === 'number'));
  const points = shown.map((p): ChartPoint => {
    const values = common.map((d) => p.scores[d] as number);
    return { ...base(p), score: values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : null, notMeasured: null };
  });
  return { points, dimensions: common, leftOut: all.size - common.length };
}

/**
 * The noise band of the series. For the overall (a mean of n dimensions) the band of the mean is
 * the root mean square of their bands divided by sqrt(n), assuming independent errors (docs/ui.md).
 * A dimension without a band (no repeatability figures) makes the overall's band unknown.
 */
export function seriesBand(history: History | null, series: ChartSeries): number | null {
  if (!history || series.dimensions.length === 0) return null;
  const bands = series.dimensions.map((d) => history.noiseBand[d]);
  if (bands.some((b) => b === undefined)) return null;
  const values = bands as number[];
  if (values.length === 1) return values[0] as number;
  const rms = Math.sqrt(values.reduce((a, b) => a + b * b, 0) / values.length);
  return rms / Math.sqrt(values.length);
}

export type Change =
  | { kind: 'up' | 'down' | 'noise'; delta: number; band: number }
  /** No noise figure for the series (a dimension without repeatability figures): no verdict (D-134). */
  | { kind: 'unknown_band'; delta: number }
  /** One of the two visits did not measure it: `latestMeasured` says which one did. */
  | { kind: 'not_comparable'; latestMeasured: boolean }
  | null;

/** The change of the latest visit against the one before, and whether it is only noise. */
export function latestChange(points: readonly ChartPoint[], band: number | null): Change {
  const last = points[points.length - 1];
  const before = points[points.length - 2];
  if (!last || !before) return null;
  if (last.score === null || before.score === null) return { kind: 'not_comparable', latestMeasured: last.score !== null };
  const delta = last.score - before.score;
  // Without a band nothing says whether the change is more than noise: not called up or down.
  if (band === null) return { kind: 'unknown_band', delta };
  if (Math.abs(delta) <= band) return { kind: 'noise', delta, band };
  return { kind: delta > 0 ? 'up' : 'down', delta, band };
}
