import { describe, expect, it } from 'vitest';
import { DIMENSION_IDS, DIMENSIONS, isValidLevel, levelIdsOf } from '../../../protocol/enums/dimensions.ts';
import { ANALYSERS, grade, GRADING } from '../../../vision/skin/index.ts';

describe('grading', () => {
  it.each(DIMENSION_IDS.map((d) => [d]))('%s: one threshold fewer than levels, strictly ascending, below the score floor', (d) => {
    const { thresholds, max } = GRADING[d];
    expect(thresholds.length).toBe(DIMENSIONS[d].levels.length - 1);
    for (let k = 1; k < thresholds.length; k++) expect(thresholds[k]).toBeGreaterThan(thresholds[k - 1] ?? -Infinity);
    expect(max).toBeGreaterThan(thresholds[thresholds.length - 1] ?? 0);
  });

  it.each(DIMENSION_IDS.map((d) => [d]))('%s: every measure gives a valid level; level rises and score falls with the measure', (d) => {
    const { max } = GRADING[d];
    let level = -Infinity;
    let score = Infinity;
    const seen = new Set<number>();
    for (let m = 0; m <= max * 1.5; m += max / 200) {
      const g = grade(d, m);
      expect(isValidLevel(d, g.level)).toBe(true);
      expect(g.level).toBeGreaterThanOrEqual(level);
      expect(g.score).toBeLessThanOrEqual(score);
      level = g.level;
      score = g.score;
      seen.add(g.level);
    }
    // Every level of the table is reachable.
    expect([...seen].sort((a, b) => a - b)).toEqual([...levelIdsOf(d)]);
    expect(grade(d, 0).score).toBe(100);
    expect(grade(d, max * 2).score).toBe(0);
  });

  it('has an analyser for each of the 28 dimensions', () => {
    expect(Object.keys(ANALYSERS).sort()).toEqual([...DIMENSION_IDS].sort());
    for (const d of DIMENSION_IDS) expect(ANALYSERS[d].dimension).toBe(d);
  });
});
