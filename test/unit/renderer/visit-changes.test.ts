import { describe, expect, it } from 'vitest';
import type { History } from '../../../main/kiosk-api/types.ts';
import { changeCounts, previousVisit, visitChanges } from '../../../renderer/stores/results/visit-changes.ts';
import { sessionSelectors } from '../../../renderer/stores/session/selectors.ts';
import { initialSessionState } from '../../../renderer/stores/session/initialState.ts';
import type { SessionView } from '../../../main/kiosk-api/types.ts';

const point = (sessionId: string, day: number, scores: Record<string, number>, notMeasured: History['points'][number]['notMeasured'] = {}): History['points'][number] => ({
  sessionId,
  createdAt: day * 86_400_000,
  skinCondition: 'clean',
  scores,
  notMeasured,
});

describe('two visits compared, each dimension against its own noise band (D-061)', () => {
  const before = point('a', 1, { pore: 50, speckle: 40, acne: 70, wrinkle: 60, water: 55 });
  const after = point('b', 20, { pore: 53, speckle: 52, acne: 61, water: 57 }, { wrinkle: 'pose' });
  const bands = { pore: 4.2, speckle: 16.1, acne: 3, wrinkle: 5 };

  it('calls a change noise only within that dimension’s band, better or worse beyond it, and never a change against a visit that did not measure it', () => {
    const changes = visitChanges(before, after, bands);
    const by = Object.fromEntries(changes.map((c) => [c.dimension, c]));
    expect(by.pore).toMatchObject({ delta: 3, band: 4.2, kind: 'noise' });
    // 12 points up is still noise for a dimension whose repeatability is poor...
    expect(by.speckle).toMatchObject({ delta: 12, band: 16.1, kind: 'noise' });
    // ...while 9 down is real for a steady one: no single figure for all dimensions.
    expect(by.acne).toMatchObject({ delta: -9, kind: 'worse' });
    expect(by.wrinkle).toMatchObject({ before: 60, after: null, delta: null, kind: 'not_comparable' });
    expect(by.water).toMatchObject({ delta: 2, band: null, kind: 'unknown_band' });
    expect(changeCounts(changes)).toEqual({ better: 0, worse: 1, noise: 2, unknown_band: 1, not_comparable: 1 });
    expect(visitChanges(before, point('c', 30, { acne: 80 }), bands).find((c) => c.dimension === 'acne')?.kind).toBe('better');
  });

  it('compares a report with the visit before it, and a first visit with none', () => {
    const history: History = { points: [after, point('c', 40, {}), before], noiseBand: bands };
    expect(previousVisit(history, 'b')?.sessionId).toBe('a');
    expect(previousVisit(history, 'c')?.sessionId).toBe('b');
    expect(previousVisit(history, 'a')).toBeNull();
    expect(previousVisit(null, 'a')).toBeNull();
  });

  it('keeps the customer of a session resumed after a reload: main’s session names it', () => {
    const view = { customerId: 'cus-1' } as SessionView;
    expect(sessionSelectors.customerId({ ...initialSessionState, view })).toBe('cus-1');
    expect(sessionSelectors.customerId({ ...initialSessionState, view: null })).toBeNull();
  });
});
