import { z } from 'zod';

/**
 * Language codes of the specification (Other enumerations), in the order it lists them.
 * The merchant's default language and the `lang` query of the dimension and category reads
 * use these codes.
 */
export const LANGUAGE_CODES = [
  'en',
  'zh-Hans',
  'ja',
  'ko',
  'th',
  'zh-Hant',
  'zh-Hant-HK',
  'vi',
  'fr',
  'tr',
  'ar',
  'nl',
  'es-PA',
  'es-MX',
  'pt',
] as const;

export type LanguageCode = (typeof LANGUAGE_CODES)[number];
export const languageCodeSchema = z.enum(LANGUAGE_CODES);

/** The dimension read defaults to English (Merchant data: reads, `lang` default English). */
export const DEFAULT_LANGUAGE: LanguageCode = 'en';

export interface LanguageInfo {
  readonly code: LanguageCode;
  /** English name, for operator screens. */
  readonly en: string;
  /** The language's name in itself, for language pickers. */
  readonly native: string;
  /** Written right to left: the kiosk mirrors its layout for these. */
  readonly rtl: boolean;
}

function lang(code: LanguageCode, en: string, native: string, rtl = false): LanguageInfo {
  return { code, en, native, rtl };
}

export const LANGUAGES: Readonly<Record<LanguageCode, LanguageInfo>> = {
  en: lang('en', 'English', 'English'),
  'zh-Hans': lang('zh-Hans', 'Simplified Chinese', '简体中文'),
  ja: lang('ja', 'Japanese', '日本語'),
  ko: lang('ko', 'Korean', '한국어'),
  th: lang('th', 'Thai', 'ไทย'),
  'zh-Hant': lang('zh-Hant', 'Traditional Chinese', '繁體中文'),
  'zh-Hant-HK': lang('zh-Hant-HK', 'Traditional Chinese (Hong Kong)', '繁體中文（香港）'),
  vi: lang('vi', 'Vietnamese', 'Tiếng Việt'),
  fr: lang('fr', 'French', 'Français'),
  tr: lang('tr', 'Turkish', 'Türkçe'),
  ar: lang('ar', 'Arabic', 'العربية', true),
  nl: lang('nl', 'Dutch', 'Nederlands'),
  'es-PA': lang('es-PA', 'Spanish (Panama)', 'Español (Panamá)'),
  'es-MX': lang('es-MX', 'Spanish (Mexico)', 'Español (México)'),
  pt: lang('pt', 'Portuguese', 'Português'),
};

export function isLanguageCode(value: string): value is LanguageCode {
  return Object.prototype.hasOwnProperty.call(LANGUAGES, value);
}

export function isRightToLeft(code: LanguageCode): boolean {
  return LANGUAGES[code].rtl;
}

/**
 * A display name in the languages this repository translates. decision: we ship English and
 * Simplified Chinese names for enumerations; other languages fall back (see `localize`).
 */
export interface LocalizedName {
  readonly en: string;
  readonly 'zh-Hans': string;
}

/**
 * The name in `code`. decision: the Traditional Chinese variants fall back to Simplified Chinese
 * (closer to the reader than English); every other untranslated language falls back to English.
 */
export function localize(name: LocalizedName, code: LanguageCode = DEFAULT_LANGUAGE): string {
  if (code === 'zh-Hans' || code === 'zh-Hant' || code === 'zh-Hant-HK') return name['zh-Hans'];
  return name.en;
}
