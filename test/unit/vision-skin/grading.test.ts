import { describe, expect, it } from 'vitest';
import { DIMENSION_IDS, DIMENSIONS, isValidLevel, levelIdsOf } from '../../../protocol/enums/dimensions.ts';
import { ANALYSERS, grade, GRADING } from '../../../vision/skin/index.ts';
import { boundaryFactor, boundaryMargin } from '../../../vision/skin/grading.ts';

describe('grading', () => {
  it('is less sure of a level read on a boundary than in the middle of its band', () => {
    // sensitive: thresholds 3, 8, 18 (% red).
    expect(boundaryMargin('sensitive', 8)).toBe(0);
    expect(boundaryMargin('sensitive', 5.5)).toBeCloseTo(0.5, 6);
    expect(boundaryMargin('sensitive', 0)).toBe(0.5);
    expect(boundaryMargin('sensitive', 7)).toBeCloseTo(0.2, 6);
    expect(boundaryFactor('sensitive', 8)).toBeCloseTo(0.7, 6);
    expect(boundaryFactor('sensitive', 5.5)).toBe(1);
    expect(boundaryFactor('sensitive', 7.5)).toBeLessThan(boundaryFactor('sensitive', 6.5));
    // The open top band: far above the last threshold is a sure "worst".
    expect(boundaryFactor('sensitive', 40)).toBe(1);
  });

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
