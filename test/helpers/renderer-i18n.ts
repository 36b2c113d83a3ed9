import i18next, { type TFunction } from 'i18next';
import type { LanguageCode } from '../../protocol/enums/languages.ts';
import { ar } from '../../renderer/i18n/ar.ts';
import { en } from '../../renderer/i18n/en.ts';
import { fallbackChain } from '../../renderer/i18n/index.ts';
import { zhHans } from '../../renderer/i18n/zh-Hans.ts';

/** The renderer's catalogues and fallback chain in an i18next instance of the test's own: `t` per language. */
export async function rendererTranslator(): Promise<(lang: LanguageCode) => TFunction> {
  const instance = i18next.createInstance();
  await instance.init({
    resources: { en: { translation: en }, 'zh-Hans': { translation: zhHans }, ar: { translation: ar } },
    lng: 'en',
    load: 'currentOnly',
    fallbackLng: (code: string) => fallbackChain(code as LanguageCode),
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  return (lang) => instance.getFixedT(lang);
}

/** Every key path of a catalogue (or part of one) whose leaf is a string, dot-separated. */
export function catalogueKeys(node: unknown, prefix = ''): string[] {
  if (typeof node === 'string') return [prefix];
  return Object.entries(node as Record<string, unknown>).flatMap(([k, v]) => catalogueKeys(v, prefix ? `${prefix}.${k}` : k));
}
