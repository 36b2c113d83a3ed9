import { describe, expect, it } from 'vitest';
import type { Report } from '../../../main/kiosk-api/types.ts';
import { legendRows } from '../../../renderer/stores/results/marks-legend.ts';
import { isFirstLevel } from '../../../protocol/enums/concerns.ts';
import { marksBelowGrade } from '../../../protocol/enums/marks-legend.ts';

type Marks = Report['dimensions'][number]['annotations'][number]['marks'];

describe('the marked photo legend rows (D-069)', () => {
  it('gives each kind its count and size in the order circles, strokes, shaded areas', () => {
    const marks: Marks = [
      { kind: 'area', count: 2, areaMm2: 31.25 },
      { kind: 'spot', count: 7, areaMm2: 4.2 },
      { kind: 'line', count: 3, lengthMm: 18.44 },
    ];
    expect(legendRows(marks)).toEqual([
      { kind: 'spot', count: 7, size: { unit: 'mm2', value: 4.2 } },
      { kind: 'line', count: 3, size: { unit: 'mm', value: 18.4 } },
      { kind: 'area', count: 2, size: { unit: 'mm2', value: 31.3 } },
    ]);
  });

  it('merges a kind given twice, summing counts and sizes', () => {
    expect(legendRows([{ kind: 'spot', count: 2, areaMm2: 1.5 }, { kind: 'spot', count: 3, areaMm2: 2 }])).toEqual([{ kind: 'spot', count: 5, size: { unit: 'mm2', value: 3.5 } }]);
  });

  it('shows no size where the analysis gave none, rather than 0 mm²', () => {
    expect(legendRows([{ kind: 'area', count: 2 }])).toEqual([{ kind: 'area', count: 2, size: null }]);
    // One part without a size makes the sum unknown, not the sum of the others.
    expect(legendRows([{ kind: 'area', count: 1, areaMm2: 3 }, { kind: 'area', count: 1 }])[0]?.size).toBeNull();
  });

  it('lists nothing for kinds with no marks, and no rows without marks data', () => {
    expect(legendRows([{ kind: 'spot', count: 0, areaMm2: 0 }])).toEqual([]);
    expect(legendRows([])).toEqual([]);
    expect(legendRows(undefined)).toEqual([]);
  });
});

describe('marks at the best level of a dimension (D-124)', () => {
  it('knows the first level of every table, whatever its first id', () => {
    // Spots and most tables start at 1, acne at 0, water and oil at 2 (the specification's ids).
    expect([isFirstLevel('speckle', 1), isFirstLevel('speckle', 2)]).toEqual([true, false]);
    expect([isFirstLevel('acne', 0), isFirstLevel('acne', 1)]).toEqual([true, false]);
    expect([isFirstLevel('water', 2), isFirstLevel('water', 3), isFirstLevel('water', 1)]).toEqual([true, false, false]);
  });

  it('asks for the sentence only for spots or lines at that level, never for a shaded area alone', () => {
    const spot = { kind: 'spot', count: 1, size: null } as const;
    const line = { kind: 'line', count: 2, size: null } as const;
    const area = { kind: 'area', count: 2, size: null } as const;
    expect(marksBelowGrade('None', [spot])).toBe(true);
    expect(marksBelowGrade('None', [line, area])).toBe(true);
    expect(marksBelowGrade('None', [area])).toBe(false);
    expect(marksBelowGrade('None', [])).toBe(false);
    expect(marksBelowGrade(null, [spot, line])).toBe(false);
  });
});
