import { describe, expect, it } from 'vitest';
import { CATEGORIES, CATEGORY_IDS, categoryName } from '../../../protocol/enums/categories.ts';
import { DIMENSIONS, DIMENSION_IDS, dimensionName, levelName } from '../../../protocol/enums/dimensions.ts';
import { LANGUAGE_CODES, fallbackLanguages, localize, matchLanguageCode, type LanguageCode } from '../../../protocol/enums/languages.ts';
import { ENUM_NAMES } from '../../../protocol/enums/names/index.ts';
import { buildCategoryItem, buildDimensionItem } from '../../../protocol/open-api/list-items.ts';

/**
 * Names of every dimension, level and category in all 15 language codes of the specification
 * (Merchant data: reads, dimensions and categories "in the requested language"; M-021).
 */

/** The script each non-Latin language must be written in: a name without it was left untranslated. */
const SCRIPTS: Partial<Record<LanguageCode, RegExp>> = {
  'zh-Hans': /[\u4e00-\u9fff]/,
  'zh-Hant': /[\u4e00-\u9fff]/,
  'zh-Hant-HK': /[\u4e00-\u9fff]/,
  ja: /[\u3040-\u30ff\u4e00-\u9fff]/,
  ko: /[\uac00-\ud7af]/,
  th: /[\u0e00-\u0e7f]/,
  ar: /[\u0600-\u06ff]/,
};

/** Every name of one language: dimensions, each dimension's levels, categories. */
function namesIn(code: LanguageCode): Array<{ what: string; name: string }> {
  const out: Array<{ what: string; name: string }> = [];
  for (const id of DIMENSION_IDS) {
    out.push({ what: `dimension ${id}`, name: DIMENSIONS[id].name[code] });
    for (const level of DIMENSIONS[id].levels) out.push({ what: `${id} level ${level.id}`, name: level.name[code] });
  }
  for (const id of CATEGORY_IDS) out.push({ what: `category ${id}`, name: CATEGORIES[id].name[code] });
  return out;
}

describe('enumeration names in every language', () => {
  it('has a name table for each of the 15 language codes', () => {
    expect(Object.keys(ENUM_NAMES).sort()).toEqual([...LANGUAGE_CODES].sort());
  });

  it.each(LANGUAGE_CODES)('%s: every dimension, level and category has a non-empty name', (code) => {
    const names = namesIn(code);
    expect(names).toHaveLength(28 + DIMENSION_IDS.reduce((n, id) => n + DIMENSIONS[id].levels.length, 0) + 10);
    for (const { what, name } of names) {
      expect(typeof name, what).toBe('string');
      expect(name.trim(), what).toBe(name);
      expect(name.length, what).toBeGreaterThan(0);
      expect(name, what).not.toContain('{n}');
      expect(name, what).not.toContain('undefined');
    }
  });

  it.each(LANGUAGE_CODES)('%s: names are distinct where they must be told apart', (code) => {
    const dimensions = DIMENSION_IDS.map((id) => DIMENSIONS[id].name[code]);
    expect(new Set(dimensions).size, dimensions.join(' | ')).toBe(28);
    const categories = CATEGORY_IDS.map((id) => CATEGORIES[id].name[code]);
    expect(new Set(categories).size, categories.join(' | ')).toBe(10);
    for (const id of DIMENSION_IDS) {
      const levels = DIMENSIONS[id].levels.map((l) => l.name[code]);
      expect(new Set(levels).size, `${id}: ${levels.join(' | ')}`).toBe(levels.length);
    }
  });

  it.each(LANGUAGE_CODES.filter((code) => code !== 'en'))('%s: is translated, not English left in place', (code) => {
    const names = namesIn(code);
    const english = namesIn('en');
    const same = names.filter((n, i) => n.name === english[i]?.name);
    // Latin-script languages share a few words with English (Serum, Set, Acne); never most.
    expect(same.length / names.length, same.map((n) => `${n.what}=${n.name}`).join(', ')).toBeLessThan(0.05);
    const script = SCRIPTS[code];
    if (script) for (const { what, name } of names) expect(name, `${code} ${what}`).toMatch(script);
  });

  it('numbers the graded levels in every language', () => {
    for (const code of LANGUAGE_CODES) {
      for (const levelId of [0, 6, 8]) expect(levelName('neck_lines', levelId, code), code).toContain(String(levelId));
    }
  });

  it('spot-checks names against the translations chosen', () => {
    expect(dimensionName('nasolabial_folds', 'ja')).toBe('ほうれい線');
    expect(levelName('acne', 0, 'ko')).toBe('없음');
    expect(dimensionName('black_rim_of_eye', 'ar')).toBe('الهالات السوداء');
    expect(levelName('pore', 3, 'fr')).toBe('Dilatés');
    expect(dimensionName('crows_feet', 'es-MX')).toBe('Patas de gallo');
    expect(dimensionName('crows_feet', 'pt')).toBe('Pés de galinha');
    expect(categoryName(7, 'th')).toBe('ครีมกันแดด');
    expect(categoryName(1, 'zh-Hant')).toBe('化妝水');
    expect(categoryName(1, 'zh-Hant-HK')).toBe('爽膚水');
    expect(levelName('blackhead', 4, 'zh-Hant')).toBe('重度');
    expect(levelName('blackhead', 1, 'zh-Hant')).toBe('無');
  });

  it('gives Hong Kong its own product terms and otherwise the Traditional Chinese names', () => {
    const differing = namesIn('zh-Hant-HK').filter((n, i) => n.name !== namesIn('zh-Hant')[i]?.name);
    expect(differing.map((n) => n.what).sort()).toEqual(['category 1', 'category 6', 'category 9', 'dimension mandible_edge']);
  });

  it('shares one Spanish table between es-PA and es-MX', () => {
    expect(namesIn('es-PA')).toEqual(namesIn('es-MX'));
  });

  it('builds the list items of the reads in the requested language', () => {
    expect(buildDimensionItem('water', 'ar', 1)).toEqual({
      id: 'water', name: 'الترطيب', status: 1, divisions_count: 3,
      divisions: [{ id: 2, name: 'صحي' }, { id: 3, name: 'متوسط' }, { id: 4, name: 'شديد' }],
    });
    expect(buildCategoryItem(10, 'ja', 1)).toEqual({ category_id: 10, name: 'フェイスマスク', status: 1 });
  });
});

describe('localize and the lang query', () => {
  it('falls back to the nearest language a text has: Traditional to Simplified Chinese, Spanish to Spanish, else English', () => {
    const partial = { en: 'Toner', 'zh-Hans': '爽肤水', 'zh-Hant': '化妝水', 'es-MX': 'Tónico' };
    expect(localize(partial, 'zh-Hant-HK')).toBe('化妝水');
    expect(localize(partial, 'es-PA')).toBe('Tónico');
    expect(localize(partial, 'ja')).toBe('Toner');
    expect(localize({ en: 'Toner', 'zh-Hans': '爽肤水' }, 'zh-Hant')).toBe('爽肤水');
    for (const code of LANGUAGE_CODES) expect(fallbackLanguages(code).at(-1)).toBe('en');
  });

  it('matches a language code of the specification in any letter case, and nothing else', () => {
    expect(matchLanguageCode('zh-hant-hk')).toBe('zh-Hant-HK');
    expect(matchLanguageCode('EN')).toBe('en');
    expect(matchLanguageCode('es-pa')).toBe('es-PA');
    expect(matchLanguageCode('es')).toBeNull();
    expect(matchLanguageCode('zh-TW')).toBeNull();
  });
});
