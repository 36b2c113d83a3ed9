import { describe, expect, it } from 'vitest';
import type { History } from '../../../main/kiosk-api/types.ts';
import { chartSeries, historyUntil, latestChange, seriesBand } from '../../../renderer/stores/results/history-series.ts';

const point = (sessionId: string, day: number, scores: Record<string, number>, notMeasured: History['points'][number]['notMeasured'] = {}): History['points'][number] => ({
  sessionId,
  createdAt: day * 86_400_000,
  skinCondition: 'clean',
  scores,
  notMeasured,
});

const history: History = {
  points: [point('a', 1, { pore: 50, oil: 40, water: 60 }), point('b', 2, { pore: 58, water: 62 }, { oil: 'light' })],
  noiseBand: { pore: 3, oil: 4, water: 2 },
};

describe('history series (D-033)', () => {
  it('shows a dimension measured in one visit and not in the other as not comparable, not as a change', () => {
    const series = chartSeries(history, 'oil');
    expect(series.points.map((p) => [p.score, p.notMeasured])).toEqual([
      [40, null],
      [null, 'light'],
    ]);
    expect(latestChange(series.points, seriesBand(history, series))).toEqual({ kind: 'not_comparable', latestMeasured: false });
    const reversed: History = { ...history, points: [point('a', 1, {}, { oil: 'pose' }), point('b', 2, { oil: 45 })] };
    expect(latestChange(chartSeries(reversed, 'oil').points, 4)).toEqual({ kind: 'not_comparable', latestMeasured: true });
  });

  it('compares the overall over the dimensions measured in every visit only', () => {
    const series = chartSeries(history, null);
    expect(series.dimensions.sort()).toEqual(['pore', 'water']);
    expect(series.leftOut).toBe(1);
    expect(series.points.map((p) => p.score)).toEqual([55, 60]);
    const band = seriesBand(history, series) as number;
    expect(band).toBeCloseTo(Math.sqrt((9 + 4) / 2) / Math.sqrt(2));
    expect(latestChange(series.points, band)).toMatchObject({ kind: 'up', delta: 5 });
  });

  it('keeps measured changes as before: within the band is noise', () => {
    const series = chartSeries(history, 'pore');
    expect(latestChange(series.points, 10)).toMatchObject({ kind: 'noise', delta: 8 });
    expect(latestChange(series.points, seriesBand(history, series))).toMatchObject({ kind: 'up', delta: 8, band: 3 });
  });

  it('charts a report opened later as it stood at its visit: the visits after it left out (D-134)', () => {
    const first = history.points.reduce((a, b) => (a.createdAt <= b.createdAt ? a : b));
    expect(historyUntil(history, first.sessionId)?.points.map((p) => p.sessionId)).toEqual([first.sessionId]);
    expect(historyUntil(history, 'not-in-history')).toBe(history);
    expect(historyUntil(null, first.sessionId)).toBeNull();
  });

  it('has no band for a dimension without repeatability figures, and then calls no change real (D-134)', () => {
    const series = chartSeries({ ...history, noiseBand: { pore: 3 } }, 'water');
    expect(seriesBand({ ...history, noiseBand: { pore: 3 } }, series)).toBeNull();
    expect(latestChange(series.points, null)).toMatchObject({ kind: 'unknown_band' });
    // The overall of dimensions one of which has no band: the same.
    const overall = chartSeries({ ...history, noiseBand: { pore: 3 } }, null);
    expect(latestChange(overall.points, seriesBand({ ...history, noiseBand: { pore: 3 } }, overall))).toEqual({ kind: 'unknown_band', delta: 5 });
  });
});
