import { describe, expect, it } from 'vitest';
import { dimensionExplanation } from '../../../main/kiosk/dimension-texts.ts';
import { DIMENSION_EXPLANATIONS } from '../../../main/kiosk/dimension-explanations/index.ts';
import { DIMENSION_IDS, dimensionName, type DimensionId } from '../../../protocol/enums/dimensions.ts';
import { LANGUAGE_CODES, type LanguageCode } from '../../../protocol/enums/languages.ts';

/**
 * The results screen's sentence under each dimension's level, in all 15 language codes of the
 * specification, agreeing with the dimension name shown above it (decision K-UI-005).
 */

/** The script each non-Latin language must be written in (as test/unit/protocol/enum-names.test.ts). */
const SCRIPTS: Partial<Record<LanguageCode, RegExp>> = {
  'zh-Hans': /[\u4e00-\u9fff]/,
  'zh-Hant': /[\u4e00-\u9fff]/,
  'zh-Hant-HK': /[\u4e00-\u9fff]/,
  // Kana, not only kanji: a Chinese sentence left in the Japanese table has none.
  ja: /[\u3040-\u30ff]/,
  ko: /[\uac00-\ud7af]/,
  th: /[\u0e00-\u0e7f]/,
  ar: /[\u0600-\u06ff]/,
};

/**
 * Languages whose sentences need not repeat the dimension's name: the original English and
 * Simplified Chinese sentences, moved unchanged. They were written to explain the name shown
 * above them ("Blackheads" over "Small dark plugs of oil in the pores…"), so most do not repeat it.
 */
const ORIGINAL_LANGUAGES: readonly LanguageCode[] = ['en', 'zh-Hans'];

/**
 * Translated sentences allowed to leave out their dimension's name, where the language's grammar
 * gives no natural way to include it. None is needed today; add [code, dimension] with the reason.
 */
const NAME_EXCEPTIONS: readonly (readonly [LanguageCode, DimensionId])[] = [];

// Upper case only: "todo" is a word of Spanish and Portuguese.
const PLACEHOLDERS = [/\{/, /\}/, /\bTODO\b/, /\bTBD\b/, /\bundefined\b/, /\bnull\b/, /\.\.\./, /…/, /\?\?/, /\bxxx\b/i, /\blorem\b/i];

/** Whether the sentence of `id` in `code` contains that language's name of `id`, in any letter case. */
function containsName(code: LanguageCode, id: DimensionId): boolean {
  return dimensionExplanation(id, code).toLocaleLowerCase(code).includes(dimensionName(id, code).toLocaleLowerCase(code));
}

describe('dimension explanations in every language', () => {
  it('has a table for each of the 15 language codes, each explaining all 28 dimensions', () => {
    expect(Object.keys(DIMENSION_EXPLANATIONS).sort()).toEqual([...LANGUAGE_CODES].sort());
    for (const code of LANGUAGE_CODES) expect(Object.keys(DIMENSION_EXPLANATIONS[code]).sort(), code).toEqual([...DIMENSION_IDS].sort());
  });

  it.each(LANGUAGE_CODES)('%s: every sentence is non-empty, trimmed, free of placeholders and distinct', (code) => {
    const texts = DIMENSION_IDS.map((id) => dimensionExplanation(id, code));
    for (const [i, text] of texts.entries()) {
      const what = `${code} ${DIMENSION_IDS[i]}`;
      expect(typeof text, what).toBe('string');
      expect(text.trim(), what).toBe(text);
      expect(text.length, what).toBeGreaterThan(5);
      for (const placeholder of PLACEHOLDERS) expect(text, what).not.toMatch(placeholder);
    }
    expect(new Set(texts).size, texts.join(' | ')).toBe(28);
  });

  it.each(LANGUAGE_CODES.filter((code) => code !== 'en'))('%s: is translated, not English left in place', (code) => {
    const script = SCRIPTS[code];
    for (const id of DIMENSION_IDS) {
      const text = dimensionExplanation(id, code);
      expect(text, `${code} ${id}`).not.toBe(dimensionExplanation(id, 'en'));
      if (script) {
        expect(text, `${code} ${id}`).toMatch(script);
        expect(text, `${code} ${id}: Latin letters in a ${code} sentence`).not.toMatch(/[A-Za-z]/);
      }
    }
  });

  it.each(LANGUAGE_CODES.filter((code) => !ORIGINAL_LANGUAGES.includes(code)))('%s: each sentence uses the dimension name shown above it', (code) => {
    const missing = DIMENSION_IDS.filter((id) => !containsName(code, id))
      .filter((id) => !NAME_EXCEPTIONS.some(([c, d]) => c === code && d === id))
      .map((id) => `${id}: "${dimensionName(id, code)}" not in "${dimensionExplanation(id, code)}"`);
    expect(missing).toEqual([]);
  });

  it('lists as exceptions only sentences that really lack the name', () => {
    for (const [code, id] of NAME_EXCEPTIONS) expect(containsName(code, id), `${code} ${id}`).toBe(false);
  });

  it('keeps the original English and Simplified Chinese sentences', () => {
    expect(dimensionExplanation('pore', 'en')).toBe('How visible the pores on the nose and cheeks are; larger pores usually go with more oil.');
    expect(dimensionExplanation('neck_lines', 'en')).toBe('Horizontal lines around the neck.');
    expect(dimensionExplanation('water', 'zh-Hans')).toBe('皮肤的水润程度；缺水时会显得暗沉、有细小皮屑。');
  });

  it('spot-checks sentences against the translations chosen', () => {
    expect(dimensionExplanation('nasolabial_folds', 'ja')).toBe('ほうれい線は、小鼻の脇から口角へ伸びる溝です。');
    expect(dimensionExplanation('black_rim_of_eye', 'ar')).toBe('الهالات السوداء هي دكنة البشرة تحت العينين مقارنة بالخدين.');
    expect(dimensionExplanation('crows_feet', 'fr')).toBe("Les pattes d'oie sont les ridules qui partent en éventail du coin externe des yeux.");
    expect(dimensionExplanation('water', 'tr')).toContain('nem');
    expect(dimensionExplanation('acne', 'ko')).toContain('여드름');
  });

  it('shares one Spanish table between es-PA and es-MX', () => {
    expect(DIMENSION_EXPLANATIONS['es-PA']).toBe(DIMENSION_EXPLANATIONS['es-MX']);
  });

  it('gives Hong Kong its own word for the jaw, as in its name of the jawline, and otherwise the Traditional Chinese sentences', () => {
    const differing = DIMENSION_IDS.filter((id) => dimensionExplanation(id, 'zh-Hant-HK') !== dimensionExplanation(id, 'zh-Hant'));
    expect(differing.sort()).toEqual(['firmness', 'mandible_edge']);
    for (const id of DIMENSION_IDS) {
      expect(dimensionExplanation(id, 'zh-Hant-HK'), id).not.toContain('下顎');
      expect(dimensionExplanation(id, 'zh-Hant'), id).not.toContain('下頜');
    }
    // Traditional characters, not the Simplified sentences copied.
    expect(DIMENSION_IDS.filter((id) => dimensionExplanation(id, 'zh-Hant') === dimensionExplanation(id, 'zh-Hans'))).toEqual([]);
  });
});
