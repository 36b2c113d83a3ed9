import { describe, expect, it } from 'vitest';
import { NOISE_BAND, NOISE_BAND_PROVENANCE } from '../../../main/kiosk/noise-band.ts';
import { bandOfSd, noiseBands, parseRepeatability } from '../../../main/kiosk/repeatability.ts';
import figures from '../../../main/kiosk/repeatability.json' with { type: 'json' };

describe('noise band from repeatability figures', () => {
  it('is 1.96 x sqrt(2) x the score SD, floored at 1 point', () => {
    expect(bandOfSd(10)).toBe(27.7);
    expect(bandOfSd(0)).toBe(1);
    expect(bandOfSd(0.2)).toBe(1);
  });

  it('reads the benchmark file shape, tolerating extra fields and metadata', () => {
    const parsed = parseRepeatability({
      generated: '2026-12-01T10:00:00Z',
      source: 'npm run bench:vision-real',
      faces: ['a', 'b'],
      perturbations: ['crop 1 %'],
      targetPxPerMm: 4.5,
      dimensions: {
        pore: { scoreSd: 2, levelChangeRate: 0.1, comparisons: 200, measuredFaces: 2 },
        wrinkle: { scoreSd: 0.1, levelChangeRate: 0 },
      },
    });
    expect(parsed.provenance).toBe('npm run bench:vision-real, 2026-12-01T10:00:00Z, 2 faces x 1 perturbations');
    expect(noiseBands(parsed)).toEqual({ pore: 5.5, wrinkle: 1 });
  });

  const doc = (dimensions: Record<string, unknown>) => ({ generated: 'g', source: 's', dimensions });

  it('refuses a figures file with a bad score SD or no metadata', () => {
    expect(() => parseRepeatability(doc({ pore: { scoreSd: -1 } }))).toThrow();
    expect(() => parseRepeatability(doc({ pore: { levelChangeRate: 0.1 } }))).toThrow();
    expect(() => parseRepeatability(doc({ pore: { scoreSd: 'wide' } }))).toThrow();
    expect(() => parseRepeatability({ dimensions: { pore: { scoreSd: 1 } } })).toThrow();
  });

  it('gives no band to a dimension without figures, or measured on no face of the benchmark', () => {
    expect(noiseBands(parseRepeatability(doc({ pore: { scoreSd: 1 }, water: { scoreSd: 0, measuredFaces: 0 } })))).toEqual({ pore: 2.8 });
  });

  it('ships the real-face benchmark\'s figures, with provenance', () => {
    expect(() => parseRepeatability(figures)).not.toThrow();
    expect(NOISE_BAND_PROVENANCE).toMatch(/bench:vision-real/);
    for (const value of Object.values(NOISE_BAND)) expect(value).toBeGreaterThanOrEqual(1);
    // Colour dimensions were measured on the benchmark's faces; pores, at 1-2 px/mm of real detail, were not.
    expect(NOISE_BAND.sensitive).toBeDefined();
    expect(NOISE_BAND.pore).toBeUndefined();
  });
});
