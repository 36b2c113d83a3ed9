import { describe, expect, it } from 'vitest';
import {
  CATEGORIES,
  CATEGORY_IDS,
  DEFAULT_LANGUAGE,
  DIMENSIONS,
  DIMENSION_IDS,
  LANGUAGES,
  LANGUAGE_CODES,
  PRICE_UNITS,
  PRICE_UNIT_IDS,
  STATUS_NAMES,
  categoryIdSchema,
  dimensionName,
  isRightToLeft,
  isValidLevel,
  levelIdsOf,
  levelName,
  localize,
  priceSymbol,
  priceUnitIdSchema,
} from '../../../protocol/enums/index.ts';

describe('dimensions', () => {
  it('lists all 28 dimension ids of the specification, each once, each with a table', () => {
    expect(DIMENSION_IDS).toHaveLength(28);
    expect(new Set(DIMENSION_IDS).size).toBe(28);
    expect(Object.keys(DIMENSIONS).sort()).toEqual([...DIMENSION_IDS].sort());
    for (const id of DIMENSION_IDS) {
      const info = DIMENSIONS[id];
      expect(info.id).toBe(id);
      expect(info.levels.length).toBeGreaterThan(0);
      expect(info.name.en).not.toBe('');
      expect(info.name['zh-Hans']).not.toBe('');
      for (const l of info.levels) expect(l.name['zh-Hans']).not.toBe('');
    }
  });

  it('carries the level tables of the specification', () => {
    expect(levelIdsOf('pore')).toEqual([1, 2, 3]);
    for (const d of ['blackhead', 'speckle', 'wrinkle', 'black_rim_of_eye'] as const) {
      expect(DIMENSIONS[d].levels.map((l) => l.name.en)).toEqual(['None', 'Mild', 'Moderate', 'Severe']);
    }
    expect(levelIdsOf('acne')).toEqual([0, 1, 2, 3, 4]);
    expect(levelName('acne', 4)).toBe('Level IV');
    expect(levelName('sensitive', 3)).toBe('Mild sensitive skin');
    expect(levelIdsOf('water')).toEqual([2, 3, 4]);
    expect(levelIdsOf('oil')).toEqual([2, 3, 4]);
    for (const d of ['skin_vitality', 'glow', 'skin_smoothness', 'firmness', 'vitality_eye_contour'] as const) {
      expect(DIMENSIONS[d].levels.map((l) => l.name.en)).toEqual(['Very Good', 'Fairly Good', 'Moderate', 'Low']);
    }
    expect(DIMENSIONS.skin_glow.levels.map((l) => l.name.en)).toEqual(['Very Good', 'Good', 'Medium', 'Poor']);
    expect(levelIdsOf('eye_bags')).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(levelIdsOf('lacrimal_groove')).toEqual([0, 1, 2, 3, 4, 5, 6]);
    for (const d of ['crows_feet', 'nasolabial_folds', 'narionette_lines'] as const) expect(levelIdsOf(d)).toHaveLength(8);
    for (const d of ['eye_sagging', 'under_eye_wrinkle', 'forehead_wrinkle', 'frown_wrinkle', 'neck_lines'] as const) {
      expect(levelIdsOf(d)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
      expect(levelName(d, 8)).toBe('Level 8');
    }
  });

  it('marks the three tables the specification leaves open as decisions', () => {
    const open = DIMENSION_IDS.filter((d) => !DIMENSIONS[d].levelsFromSpec);
    expect(open.sort()).toEqual(['low_cheek', 'mandible_edge', 'plump_cheeks']);
  });

  it('isValidLevel accepts numbers and numeric strings of the table and refuses the rest', () => {
    expect(isValidLevel('pore', 1)).toBe(true);
    expect(isValidLevel('pore', '3')).toBe(true);
    expect(isValidLevel('pore', 0)).toBe(false);
    expect(isValidLevel('pore', '4')).toBe(false);
    expect(isValidLevel('water', 1)).toBe(false);
    expect(isValidLevel('acne', '0')).toBe(true);
    expect(isValidLevel('acne', 1.5)).toBe(false);
    expect(isValidLevel('acne', 'one')).toBe(false);
    expect(isValidLevel('acne', '')).toBe(false);
    expect(isValidLevel('not_a_dimension', 1)).toBe(false);
    expect(isValidLevel('constructor', 1)).toBe(false);
  });

  it('names dimensions and levels in the requested language, English by default', () => {
    expect(dimensionName('crows_feet')).toBe("Crow's Feet");
    expect(dimensionName('crows_feet', 'zh-Hans')).toBe('鱼尾纹');
    expect(levelName('blackhead', 4, 'zh-Hans')).toBe('重度');
    expect(dimensionName('crows_feet', 'fr')).toBe("Pattes d'oie");
    expect(levelName('neck_lines', 8, 'ja')).toBe('レベル8');
  });
});

describe('categories', () => {
  it('has ids 1 to 10 with English and Chinese names', () => {
    expect(CATEGORY_IDS).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(CATEGORIES[1].name.en).toBe('Toner');
    expect(CATEGORIES[10].name.en).toBe('Mask');
    expect(CATEGORIES[9].name['zh-Hans']).toBe('套装');
    expect(categoryIdSchema.safeParse(10).success).toBe(true);
    expect(categoryIdSchema.safeParse(0).success).toBe(false);
    expect(categoryIdSchema.safeParse(11).success).toBe(false);
  });
});

describe('price units', () => {
  it('has the 15 units 0 to 14 with symbol and code', () => {
    expect(PRICE_UNIT_IDS).toHaveLength(15);
    expect(Object.keys(PRICE_UNITS).map(Number)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(PRICE_UNITS[0]).toEqual({ id: 0, symbol: '¥', code: 'CNY' });
    expect(PRICE_UNITS[7]).toEqual({ id: 7, symbol: 'MOP$', code: 'MOP' });
    expect(PRICE_UNITS[14]).toEqual({ id: 14, symbol: 'A$', code: 'AUD' });
    expect(priceSymbol(6)).toBe('HK$');
    // Every id of the complete list (109 entries) is a unit; only 0..14 have a known symbol.
    expect(priceUnitIdSchema.safeParse(14).success).toBe(true);
    expect(priceUnitIdSchema.safeParse(15).success).toBe(true);
    expect(priceUnitIdSchema.safeParse(108).success).toBe(true);
    expect(priceUnitIdSchema.safeParse(109).success).toBe(false);
    expect(priceUnitIdSchema.safeParse(-1).success).toBe(false);
    expect(priceUnitIdSchema.safeParse(2.5).success).toBe(false);
    expect(priceSymbol(15)).toBe('');
  });
});

describe('languages', () => {
  it('has the 15 codes, English by default, Arabic right to left', () => {
    expect(LANGUAGE_CODES).toEqual(['en', 'zh-Hans', 'ja', 'ko', 'th', 'zh-Hant', 'zh-Hant-HK', 'vi', 'fr', 'tr', 'ar', 'nl', 'es-PA', 'es-MX', 'pt']);
    expect(Object.keys(LANGUAGES)).toHaveLength(15);
    expect(DEFAULT_LANGUAGE).toBe('en');
    expect(LANGUAGE_CODES.filter(isRightToLeft)).toEqual(['ar']);
    expect(localize({ en: 'Toner', 'zh-Hans': '爽肤水' }, 'zh-Hant-HK')).toBe('爽肤水');
    expect(localize({ en: 'Toner', 'zh-Hans': '爽肤水' }, 'ja')).toBe('Toner');
  });
});

describe('statuses', () => {
  it('names every value of the specification enumerations', () => {
    expect(STATUS_NAMES.store[-1]).toBe('Disabled');
    expect(STATUS_NAMES.storeBusinessType[2]).toBe('Premium');
    expect(STATUS_NAMES.dimension[0]).toBe('Disabled');
    expect(STATUS_NAMES.catalogueSource[2]).toBe('Merchant-created');
    expect(STATUS_NAMES.linkType[1]).toBe('Store-specific');
    expect(STATUS_NAMES.sellType[2]).toBe('Selected stores');
    expect(STATUS_NAMES.nurseStage[1]).toBe('Essential');
  });
});
