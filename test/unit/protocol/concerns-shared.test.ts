import { describe, expect, it } from 'vitest';
import { CONCERN_OF, keyFindings, levelTone } from '../../../protocol/enums/concerns.ts';
import { DIMENSION_IDS, DIMENSIONS, type DimensionId } from '../../../protocol/enums/dimensions.ts';

const best = (id: DimensionId): number => DIMENSIONS[id].levels[0]?.id ?? 0;
const worst = (id: DimensionId): number => DIMENSIONS[id].levels.at(-1)?.id ?? 0;
import { legendRowsOf } from '../../../protocol/enums/marks-legend.ts';

/** The shared rules of D-070 on the wire's snake_case shape (the kiosk's camelCase is tested in test/unit/renderer). */
describe('keyFindings on the wire shape', () => {
  it('puts the not-good levels first, sure ones before caveated ones, up to the limit', () => {
    const dims = [
      { dimension: 'pore' as const, level: best('pore'), score: 90, level_name: 'good' },
      { dimension: 'acne' as const, level: worst('acne'), score: 40, level_name: 'severe', caveats: ['makeup'] },
      { dimension: 'speckle' as const, level: worst('speckle'), score: 45, level_name: 'severe' },
    ];
    expect(levelTone('acne', worst('acne'))).toBe('attention');
    const { findings, allGood } = keyFindings(dims, 3);
    expect(allGood).toBe(false);
    expect(findings[0]?.dimension).toBe('speckle');
    expect(findings.map((f) => f.dimension)).not.toContain('pore');
  });

  it('says all is well when every level is good, and nothing when nothing was measured', () => {
    expect(keyFindings([{ dimension: 'pore' as const, level: best('pore'), score: 90 }]).allGood).toBe(true);
    expect(keyFindings([])).toEqual({ findings: [], allGood: false });
  });

  it('gives every dimension a concern', () => {
    for (const id of DIMENSION_IDS) expect(CONCERN_OF[id]).toBeDefined();
  });
});

describe('legendRowsOf on the wire shape', () => {
  it('merges kinds, sizes lines by length, and never invents a size', () => {
    const rows = legendRowsOf(
      [
        { kind: 'spot' as const, count: 2, area_mm2: 3.14 },
        { kind: 'spot' as const, count: 1, area_mm2: 1 },
        { kind: 'line' as const, count: 1, length_mm: 12.34 },
        { kind: 'area' as const, count: 1 },
        { kind: 'area' as const, count: 0, area_mm2: 5 },
      ],
      (m, kind) => (kind === 'line' ? m.length_mm : m.area_mm2),
    );
    expect(rows).toEqual([
      { kind: 'spot', count: 3, size: { unit: 'mm2', value: 4.1 } },
      { kind: 'line', count: 1, size: { unit: 'mm', value: 12.3 } },
      { kind: 'area', count: 1, size: null },
    ]);
  });
});
