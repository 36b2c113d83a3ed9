import { describe, expect, it } from 'vitest';
import { annotationMarks } from '../../../platform/analysis/annotation-marks.ts';
import type { Feature } from '../../../vision/skin/index.ts';

const spot = (radiusPx: number): Feature => ({ kind: 'spot', type: 'spot', at: { x: 10, y: 10 }, radius: radiusPx, strength: 1, region: null });
const line = (lengthMm: number): Feature => ({ kind: 'line', points: [{ x: 0, y: 0 }, { x: 5, y: 5 }], lengthMm, strength: 1, region: null });
const area = (areaMm2: number): Feature => ({ kind: 'area', polygon: [{ x: 0, y: 0 }, { x: 5, y: 0 }, { x: 5, y: 5 }], areaMm2, strength: 1, region: null });

describe('annotation marks (D-069)', () => {
  it('counts spots and sums their area in mm² from their radius in source pixels', () => {
    // 10 px/mm: radii of 10 and 20 px are 1 and 2 mm, π + 4π mm².
    expect(annotationMarks([spot(10), spot(20)], 10)).toEqual([{ kind: 'spot', count: 2, area_mm2: Math.round(5 * Math.PI * 10) / 10 }]);
  });

  it('sums the lines’ lengths and the areas’ sizes, one entry per kind', () => {
    expect(annotationMarks([line(12.34), area(3.3), line(5), area(1.2)], 8)).toEqual([
      { kind: 'line', count: 2, length_mm: 17.3 },
      { kind: 'area', count: 2, area_mm2: 4.5 },
    ]);
  });

  it('leaves the size out where the analyser measured none (areas written 0) or the scale is unknown', () => {
    expect(annotationMarks([area(0), area(0)], 8)).toEqual([{ kind: 'area', count: 2 }]);
    expect(annotationMarks([spot(10)], 0)).toEqual([{ kind: 'spot', count: 1 }]);
  });

  it('gives nothing for a dimension that located nothing', () => {
    expect(annotationMarks([], 8)).toEqual([]);
  });
});
