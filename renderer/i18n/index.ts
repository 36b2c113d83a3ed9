/**
 * i18next set-up. English and Simplified Chinese are complete; Arabic has every customer text and
 * leaves staff and technician texts to English (ar.ts, D-118); the other languages of the
 * specification have no catalogue of UI texts. Fallback is per key, so a partial catalogue
 * never shows a raw key: each language falls back along the same chain as
 * protocol/enums `fallbackLanguages` (Hong Kong to Traditional to Simplified Chinese, the two
 * Spanish variants to each other), ending in English (decision in docs/ui.md).
 *
 * Dimension and level names are not UI texts: they come from main in the language asked
 * (getReport `lang`), from the specification's tables, which name every dimension and level in
 * all 15 languages (protocol/enums/names/). So a Japanese screen shows Japanese dimension and
 * level names inside English UI texts.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { fallbackLanguages, isRightToLeft, type LanguageCode } from '../../protocol/enums/languages.ts';
import { ar } from './ar.ts';
import { en } from './en.ts';
import { zhHans } from './zh-Hans.ts';

export function fallbackChain(code: LanguageCode): LanguageCode[] {
  return fallbackLanguages(code).filter((c) => c !== code);
}

export async function initI18n(initial: LanguageCode = 'en'): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: en }, 'zh-Hans': { translation: zhHans }, ar: { translation: ar } },
    lng: initial,
    // Language codes of the specification (zh-Hant-HK, es-MX) are used whole: i18next must not
    // strip them to 'zh' or 'es', for which no catalogue exists.
    load: 'currentOnly',
    fallbackLng: (code: string) => fallbackChain(code as LanguageCode),
    interpolation: { escapeValue: false },
    returnNull: false,
    // No console advertisement in the kiosk's logs.
    showSupportNotice: false,
  });
  applyDocumentLanguage(initial);
  return i18next;
}

/** Switches the UI language and mirrors the layout for right-to-left scripts (Arabic). */
export async function changeLanguage(code: LanguageCode): Promise<void> {
  await i18next.changeLanguage(code);
  applyDocumentLanguage(code);
}

function applyDocumentLanguage(code: LanguageCode): void {
  const root = document.documentElement;
  root.lang = code;
  root.dir = isRightToLeft(code) ? 'rtl' : 'ltr';
}
