import { describe, expect, it } from 'vitest';
import { NOISE_BAND, NOISE_BAND_PROVENANCE } from '../../../main/kiosk/noise-band.ts';
import { bandOfSd, noiseBands, parseRepeatability } from '../../../main/kiosk/repeatability.ts';
import figures from '../../../main/kiosk/repeatability.json' with { type: 'json' };
import { DIMENSION_IDS } from '../../../protocol/enums/dimensions.ts';

describe('noise band from repeatability figures', () => {
  it('is 1.96 x sqrt(2) x the score SD, floored at 1 point', () => {
    expect(bandOfSd(10)).toBe(27.7);
    expect(bandOfSd(0)).toBe(1);
    expect(bandOfSd(0.2)).toBe(1);
  });

  it('reads the benchmark file shape, tolerating extra fields and metadata', () => {
    const parsed = parseRepeatability({
      provenance: 'bench run 2026-12-01',
      faces: 12,
      settings: { reframings: 18 },
      pore: { scoreSd: 2, levelChangeRate: 0.1, pairs: 200 },
      wrinkle: { scoreSd: 0.1, levelChangeRate: 0 },
    });
    expect(parsed.provenance).toBe('bench run 2026-12-01');
    expect(noiseBands(parsed)).toEqual({ pore: 5.5, wrinkle: 1 });
  });

  it('refuses a figures file with a bad score SD', () => {
    expect(() => parseRepeatability({ pore: { scoreSd: -1 } })).toThrow();
    expect(() => parseRepeatability({ pore: { levelChangeRate: 0.1 } })).toThrow();
    expect(() => parseRepeatability({ pore: { scoreSd: 'wide' } })).toThrow();
  });

  it('gives no band to a dimension without figures', () => {
    expect(noiseBands(parseRepeatability({ pore: { scoreSd: 1 } }))).toEqual({ pore: 2.8 });
  });

  it('reproduces the bands of 2026-11-22 from the stored figures, with provenance', () => {
    const old: Record<string, number> = { pore: 1, speckle: 8.3, wrinkle: 33.8, acne: 18.4, eye_bags: 34, mandible_edge: 23.1, nasolabial_folds: 27.9, skin_vitality: 1.7 };
    for (const [id, band] of Object.entries(old)) expect(NOISE_BAND[id as keyof typeof NOISE_BAND]).toBe(band);
    expect(Object.keys(NOISE_BAND).sort()).toEqual([...DIMENSION_IDS].sort());
    for (const value of Object.values(NOISE_BAND)) expect(value).toBeGreaterThanOrEqual(1);
    expect(NOISE_BAND_PROVENANCE).toMatch(/converted back/i);
    expect(() => parseRepeatability(figures)).not.toThrow();
  });
});
