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
 * A table per language code, given one table per language: the two Spanish codes share one
 * (their texts do not differ at this level), every other code has its own.
 */
export type LanguageTables<T> = Readonly<Record<Exclude<LanguageCode, 'es-PA' | 'es-MX'> | 'es', T>>;

export function tablesByLanguageCode<T>(tables: LanguageTables<T>): Readonly<Record<LanguageCode, T>> {
  const { es, ...others } = tables;
  return { ...others, 'es-PA': es, 'es-MX': es };
}

/** A name in every language code of the specification (the enumerations: protocol/enums/names/). */
export type AllLanguageNames = Readonly<Record<LanguageCode, string>>;

/**
 * A display name translated into English and Simplified Chinese at least (texts of the kiosk
 * that are not yet translated further); other languages are optional and fall back (`localize`).
 */
export interface LocalizedName {
  readonly en: string;
  readonly 'zh-Hans': string;
}

/** A text in English and Simplified Chinese and any other languages it has been written in. */
export type LocalizedText = LocalizedName & Partial<Record<LanguageCode, string>>;

/**
 * The languages tried for `code`, nearest first: the code itself, then its closest relatives
 * (Hong Kong to generic Traditional to Simplified Chinese; the two Spanish variants to each
 * other), then English.
 */
export function fallbackLanguages(code: LanguageCode): readonly LanguageCode[] {
  switch (code) {
    case 'zh-Hant-HK':
      return ['zh-Hant-HK', 'zh-Hant', 'zh-Hans', 'en'];
    case 'zh-Hant':
      return ['zh-Hant', 'zh-Hant-HK', 'zh-Hans', 'en'];
    case 'es-PA':
      return ['es-PA', 'es-MX', 'en'];
    case 'es-MX':
      return ['es-MX', 'es-PA', 'en'];
    case 'en':
      return ['en'];
    default:
      return [code, 'en'];
  }
}

/**
 * The name in `code`. Enumeration names exist in every language (AllLanguageNames); a text with
 * fewer translations takes the nearest language it has (`fallbackLanguages`).
 */
export function localize(name: LocalizedText, code: LanguageCode = DEFAULT_LANGUAGE): string {
  for (const candidate of fallbackLanguages(code)) {
    const text = name[candidate];
    if (text) return text;
  }
  return name.en;
}

/**
 * The language of a `lang` query value: a language code of the specification, matched without
 * regard to case (language tags are case-insensitive, BCP 47); null for any other tag.
 */
export function matchLanguageCode(tag: string): LanguageCode | null {
  const lower = tag.toLowerCase();
  return LANGUAGE_CODES.find((code) => code.toLowerCase() === lower) ?? null;
}
