import { describe, expect, it } from 'vitest';
import { DIMENSION_IDS } from '../../../protocol/enums/dimensions.ts';
import { measured, report, worstIndex, type Measured } from '../../helpers/report-fixture.ts';
import { CONCERN_OF, CONCERNS, concernGroups, keyFindings } from '../../../renderer/stores/results/concerns.ts';

describe('results by concern (D-055)', () => {
  it('places every dimension of the protocol in one of the six concerns', () => {
    expect(CONCERNS).toHaveLength(6);
    for (const id of DIMENSION_IDS) expect(CONCERNS, id).toContain(CONCERN_OF[id]);
  });

  it('groups in concern order, worst first inside a group, and keeps not-measured dimensions in their group', () => {
    const groups = concernGroups(report([measured('oil', 0, 90), measured('pore', 0, 80), measured('blackhead', worstIndex('blackhead'), 30), measured('water', worstIndex('water'), 20)], ['acne', 'wrinkle']));
    expect(groups.map((g) => g.concern)).toEqual(['texture', 'lines', 'oil']);
    expect(groups[0]?.measured.map((d) => d.dimension)).toEqual(['blackhead', 'pore']);
    expect(groups[0]?.notMeasured.map((d) => d.dimension)).toEqual(['acne']);
    expect(groups[0]?.worst?.dimension).toBe('blackhead');
    // A concern with only not-measured dimensions still shows, with nothing measured to rank.
    expect(groups[1]?.measured).toEqual([]);
    expect(groups[1]?.worst).toBeNull();
    expect(groups[1]?.notMeasured.map((d) => d.dimension)).toEqual(['wrinkle']);
  });

  it('leads the summary with the findings that need attention, by level before score', () => {
    const r = report([measured('pore', 0, 10), measured('oil', worstIndex('oil'), 70), measured('water', worstIndex('water'), 60), measured('acne', 1, 40), measured('speckle', worstIndex('speckle'), 80)]);
    const { findings, allGood } = keyFindings(r);
    expect(allGood).toBe(false);
    // The good level with the lowest score (pore, 10) is not a finding that matters.
    expect(findings.map((d) => d.dimension)).toEqual(['water', 'oil', 'speckle']);
  });

  it('puts findings the analysis marked less certain after the sure ones', () => {
    const smiling: Measured = { ...measured('nasolabial_folds', worstIndex('nasolabial_folds'), 5), caveats: [{ reason: 'expression', name: 'smiling' }] };
    const r = report([smiling, measured('sensitive', worstIndex('sensitive'), 40), measured('speckle', worstIndex('speckle'), 80)]);
    expect(keyFindings(r).findings.map((d) => d.dimension)).toEqual(['sensitive', 'speckle', 'nasolabial_folds']);
    expect(keyFindings(r, 2).findings.map((d) => d.dimension)).toEqual(['sensitive', 'speckle']);
  });

  it('says all is well when every level is good, and still names what was looked at', () => {
    const { findings, allGood } = keyFindings(report([measured('pore', 0, 90), measured('oil', 0, 70)]));
    expect(allGood).toBe(true);
    expect(findings.map((d) => d.dimension)).toEqual(['oil', 'pore']);
    expect(keyFindings(report([]))).toEqual({ findings: [], allGood: false });
  });
});
