/**
 * i18next set-up. English and Simplified Chinese are complete; Arabic is partial; every other
 * language of the specification has no catalogue and falls back (decision in docs/ui.md): the
 * Traditional Chinese variants to Simplified Chinese, then English (as protocol/enums localize()
 * does for level names), everything else to English. Fallback is per key, so a partial
 * catalogue never shows a raw key.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isRightToLeft, type LanguageCode } from '../../protocol/enums/languages.ts';
import { ar } from './ar.ts';
import { en } from './en.ts';
import { zhHans } from './zh-Hans.ts';

export function fallbackChain(code: LanguageCode): LanguageCode[] {
  if (code === 'zh-Hant' || code === 'zh-Hant-HK') return ['zh-Hans', 'en'];
  return ['en'];
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
