import { describe, expect, it } from 'vitest';
import { caveatName, notMeasuredReason } from '../../../protocol/enums/measurement-limits.ts';
import { MEASUREMENT_LIMITS } from '../../../protocol/skin-api/task-result.ts';

// The languages the kiosk's catalogues and the phone page carry words for.
const LANGS = ['en', 'zh-Hans', 'zh-Hant', 'ar'] as const;

describe('the words for why a dimension was not measured (D-033, D-126)', () => {
  it('every reason has its own sentence and short name in each language', () => {
    for (const lang of LANGS) {
      const sentences = MEASUREMENT_LIMITS.map((r) => notMeasuredReason(r, lang));
      const shorts = MEASUREMENT_LIMITS.map((r) => caveatName(r, lang));
      for (const text of [...sentences, ...shorts]) expect(text.trim().length, lang).toBeGreaterThan(1);
      // Two causes sharing words would tell the customer the wrong remedy for one of them.
      expect(new Set(sentences).size, lang).toBe(MEASUREMENT_LIMITS.length);
      expect(new Set(shorts).size, lang).toBe(MEASUREMENT_LIMITS.length);
    }
  });

  it('tells apart the three causes of too little detail by their remedy', () => {
    expect(notMeasuredReason('resolution', 'en')).toMatch(/too far away/);
    expect(notMeasuredReason('sharpness', 'en')).toMatch(/not sharp enough/);
    expect(notMeasuredReason('analysis_resolution', 'en')).toMatch(/than this analysis can see/);
    expect(notMeasuredReason('sharpness', 'zh-Hans')).toContain('不够清晰');
    // Languages without words of their own fall back along the language chain (English here).
    expect(notMeasuredReason('sharpness', 'ja')).toBe(notMeasuredReason('sharpness', 'en'));
  });
});
