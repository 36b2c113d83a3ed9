import type { AllLanguageNames, LanguageCode } from '../languages.ts';
import { LANGUAGE_CODES, tablesByLanguageCode } from '../languages.ts';
import { ar } from './ar.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { ja } from './ja.ts';
import { ko } from './ko.ts';
import { nl } from './nl.ts';
import { pt } from './pt.ts';
import { th } from './th.ts';
import { tr } from './tr.ts';
import type { EnumNames } from './types.ts';
import { vi } from './vi.ts';
import { zhHans } from './zh-Hans.ts';
import { zhHant, zhHantHK } from './zh-Hant.ts';

export type { EnumNames, LevelScaleNames } from './types.ts';

/**
 * The enumeration names of every language code of the specification (Other enumerations).
 * Every code has its own table, so no language falls back (M-021); es-PA and es-MX share one.
 */
export const ENUM_NAMES: Readonly<Record<LanguageCode, EnumNames>> = tablesByLanguageCode({
  en,
  'zh-Hans': zhHans,
  'zh-Hant': zhHant,
  'zh-Hant-HK': zhHantHK,
  ja,
  ko,
  th,
  vi,
  fr,
  tr,
  ar,
  nl,
  es,
  pt,
});

/** One name in every language, picked from each language's table. */
export function inEveryLanguage(pick: (names: EnumNames) => string): AllLanguageNames {
  return Object.fromEntries(LANGUAGE_CODES.map((code) => [code, pick(ENUM_NAMES[code])])) as AllLanguageNames;
}
