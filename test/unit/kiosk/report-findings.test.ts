import { describe, expect, it } from 'vitest';
import { historyFindings, measuredDimensions, notMeasuredDimensions } from '../../../main/kiosk/report-findings.ts';
import type { DimensionId } from '../../../protocol/enums/dimensions.ts';
import { skinResultSchema, type SkinResult } from '../../../protocol/skin-api/task-result.ts';

const all = () => true;
const without =
  (...hidden: DimensionId[]) =>
  (id: DimensionId) =>
    !hidden.includes(id);

function result(extra: Partial<SkinResult> = {}): SkinResult {
  return skinResultSchema.parse({
    type: 'skin',
    mask_format: 'annotation_image',
    overall_score: 60,
    dimensions: [
      { dimension: 'pore', level: 1, score: 70, confidence: 0.8, annotations: [] },
      { dimension: 'speckle', level: 2, score: 50, confidence: 0.5, annotations: [], caveats: ['makeup', 'makeup', 'light'] },
    ],
    not_measured: [
      { dimension: 'wrinkle', reason: 'resolution', detail: '2.1 px/mm, needs 6' },
      { dimension: 'oil', reason: 'light', detail: 'parallel_polar not captured' },
    ],
    ...extra,
  });
}

describe('report findings (D-033)', () => {
  it('passes an annotation’s marks on in the kiosk API’s spelling, and [] where the result has none (D-069)', () => {
    const withMarks = result({
      dimensions: [
        {
          dimension: 'pore', level: 1, score: 70, confidence: 0.8,
          annotations: [
            { view: 'front', light: 'white', format: 'annotation_image', url: 'u1', marks: [{ kind: 'spot', count: 7, area_mm2: 4.2 }, { kind: 'area', count: 2 }] },
            { view: 'left', format: 'annotation_image', url: 'u2' },
          ],
        },
      ],
    });
    const [pore] = measuredDimensions(withMarks, 'en', all);
    expect(pore?.annotations.map((a) => a.marks)).toEqual([[{ kind: 'spot', count: 7, areaMm2: 4.2 }, { kind: 'area', count: 2 }], []]);
  });

  it('lists not-measured dimensions with a localized name and reason, and no score', () => {
    const list = notMeasuredDimensions(result(), 'en', all);
    expect(list).toEqual([
      { dimension: 'wrinkle', name: 'Wrinkles', reason: 'resolution', reasonText: 'the photo is too far away to see such fine detail' },
      { dimension: 'oil', name: expect.any(String), reason: 'light', reasonText: 'needs the device’s polarised or UV light' },
    ]);
    for (const item of list) expect(item).not.toHaveProperty('score');
  });

  it('names the reason in the language asked', () => {
    const [wrinkle] = notMeasuredDimensions(result(), 'zh-Hans', all);
    expect(wrinkle?.reasonText).toBe('拍摄距离太远，看不清这么细微的细节');
    expect(wrinkle?.name).not.toBe('Wrinkles');
  });

  it('hides a not-measured dimension the merchant disabled, as it hides measured ones', () => {
    const filter = without('wrinkle', 'pore');
    expect(notMeasuredDimensions(result(), 'en', filter).map((d) => d.dimension)).toEqual(['oil']);
    expect(measuredDimensions(result(), 'en', filter).map((d) => d.dimension)).toEqual(['speckle']);
    expect(historyFindings(result(), filter)).toEqual({ scores: { speckle: 50 }, notMeasured: { oil: 'light' } });
  });

  it('passes caveats of measured dimensions through, once each, with a localized name', () => {
    const [pore, speckle] = measuredDimensions(result(), 'en', all);
    expect(pore?.caveats).toEqual([]);
    expect(speckle?.caveats).toEqual([
      { reason: 'makeup', name: 'make-up' },
      { reason: 'light', name: 'without polarised light' },
    ]);
  });

  it('reads a result stored before D-033 (no not_measured, no caveats) as all measured', () => {
    const stored = JSON.stringify({
      type: 'skin',
      mask_format: 'annotation_image',
      overall_score: 60,
      dimensions: [{ dimension: 'pore', level: 1, score: 70, confidence: 0.8, annotations: [] }],
    });
    const old = skinResultSchema.parse(JSON.parse(stored));
    expect(notMeasuredDimensions(old, 'en', all)).toEqual([]);
    expect(measuredDimensions(old, 'en', all)[0]?.caveats).toEqual([]);
    expect(historyFindings(old, all)).toEqual({ scores: { pore: 70 }, notMeasured: {} });
  });

  it('counts a dimension listed both measured and not measured as measured', () => {
    const both = result({ not_measured: [{ dimension: 'pore', reason: 'pose', detail: 'yaw 40°' }] });
    expect(notMeasuredDimensions(both, 'en', all)).toEqual([]);
    expect(historyFindings(both, all).notMeasured).toEqual({});
  });
});
