import type { LanguageCode } from '../../../protocol/enums/languages.ts';
import { tablesByLanguageCode } from '../../../protocol/enums/languages.ts';
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
import type { DimensionExplanations } from './types.ts';
import { vi } from './vi.ts';
import { zhHans } from './zh-Hans.ts';
import { zhHant, zhHantHK } from './zh-Hant.ts';

export type { DimensionExplanations } from './types.ts';

/**
 * The results screen's sentence per dimension in every language code of the specification, as
 * the dimension names (protocol/enums/names/index.ts): no language falls back; es-PA and es-MX
 * share one table.
 */
export const DIMENSION_EXPLANATIONS: Readonly<Record<LanguageCode, DimensionExplanations>> = tablesByLanguageCode({
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
