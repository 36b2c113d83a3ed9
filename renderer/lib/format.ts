import { isRightToLeft, type LanguageCode } from '../../protocol/enums/languages.ts';

/**
 * A score exactly as analysed (issue 8: raw scores, never inflated). Scores carry one decimal;
 * a whole number is shown without ".0" and nothing is rounded up or rescaled.
 */
export function formatScore(score: number | null | undefined): string {
  if (score === null || score === undefined || !Number.isFinite(score)) return '—';
  return Number.isInteger(score) ? String(score) : score.toFixed(1);
}

/** A signed change, "+2.5" or "−1" (a true minus sign reads better at arm's length). */
export function formatDelta(delta: number): string {
  const text = formatScore(Math.abs(Math.round(delta * 10) / 10));
  if (delta > 0) return `+${text}`;
  if (delta < 0) return `\u2212${text}`;
  return '0';
}

// One price format for the kiosk and the phone page (D-076).
export { formatPrice } from '../../protocol/enums/price-units.ts';

/**
 * A right-to-left date (Arabic) inside a left-to-right sentence (an English fallback text, a
 * chart drawn left to right) would have its parts reordered: it goes in as one isolated unit
 * (U+2068 first strong isolate … U+2069), which orders itself.
 */
function isolated(text: string, lang: LanguageCode): string {
  return isRightToLeft(lang) ? `\u2068${text}\u2069` : text;
}

export function formatDateTime(ms: number, lang: LanguageCode): string {
  return isolated(new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(ms), lang);
}

export function formatDate(ms: number, lang: LanguageCode): string {
  return isolated(new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(ms), lang);
}

/**
 * A visit's date, with its time when it fell on the same day as `other` (two visits in one day,
 * a retake visit): "Compare with 26 Nov" would not say which.
 */
export function formatVisitDate(ms: number, other: number, lang: LanguageCode): string {
  return new Date(ms).toDateString() === new Date(other).toDateString() ? formatDateTime(ms, lang) : formatDate(ms, lang);
}

export function formatTime(ms: number, lang: LanguageCode): string {
  return isolated(new Intl.DateTimeFormat(lang, { timeStyle: 'short' }).format(ms), lang);
}

/** YYYY-MM-DD of a local day, the format listSessions takes. */
export function localDay(ms: number = Date.now()): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A short list in the language's own words and separators ("a, b and c", "a、b和c"). */
export function formatList(items: readonly string[], lang: LanguageCode): string {
  return new Intl.ListFormat(lang, { style: 'long', type: 'conjunction' }).format(items);
}
