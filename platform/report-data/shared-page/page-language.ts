import { DEFAULT_LANGUAGE, LANGUAGE_CODES, matchLanguageCode, type LanguageCode } from '../../../protocol/enums/languages.ts';
import { hasPageTexts } from './page-texts.ts';

/**
 * The language of the shared report page (decision R-021, refined by D-137): the `lang` query
 * when it is a language code of the specification the page is written in, else the best such
 * match of the phone's Accept-Language, else English.
 */

/** Chinese tags by script or region (BCP 47 allows either; phones send both kinds). */
function chineseCode(subtags: readonly string[]): LanguageCode {
  if (subtags.includes('hans')) return 'zh-Hans';
  if (subtags.includes('hk') || subtags.includes('mo')) return 'zh-Hant-HK';
  if (subtags.includes('hant') || subtags.includes('tw')) return 'zh-Hant';
  return 'zh-Hans';
}

/** One Accept-Language tag to a language code of the specification, or null. */
export function languageOfTag(tag: string): LanguageCode | null {
  const exact = matchLanguageCode(tag);
  if (exact) return exact;
  const [primary = '', ...rest] = tag.toLowerCase().split('-');
  if (primary === 'zh') return chineseCode(rest);
  // Spanish other than Panama's: the Mexican table (the two share their texts, languages.ts).
  if (primary === 'es') return 'es-MX';
  return LANGUAGE_CODES.find((code) => code === primary) ?? null;
}

/** Accept-Language tags, best first (ties keep their order); q=0 and `*` are dropped. */
function acceptedTags(header: string): string[] {
  const tags: { tag: string; q: number; at: number }[] = [];
  header.split(',').forEach((part, at) => {
    const [tag = '', ...params] = part.split(';').map((s) => s.trim());
    const qParam = params.find((p) => p.toLowerCase().startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (tag && tag !== '*' && Number.isFinite(q) && q > 0) tags.push({ tag, q, at });
  });
  return tags.sort((a, b) => b.q - a.q || a.at - b.at).map((t) => t.tag);
}

/** The first of the `lang` query and the accepted languages, best first, that the page is written in (`usable`); else English. */
export function pageLanguage(langQuery: unknown, acceptLanguage: string | undefined, usable: (code: LanguageCode) => boolean = hasPageTexts): LanguageCode {
  if (typeof langQuery === 'string') {
    const asked = matchLanguageCode(langQuery);
    if (asked && usable(asked)) return asked;
  }
  for (const tag of acceptedTags(acceptLanguage ?? '')) {
    const code = languageOfTag(tag);
    if (code && usable(code)) return code;
  }
  return DEFAULT_LANGUAGE;
}
