import type { ReportPage } from '../../../protocol/device-sync/shared-links.ts';
import { dimensionName, levelName } from '../../../protocol/enums/dimensions.ts';
import type { LanguageCode } from '../../../protocol/enums/languages.ts';
import { caveatName, notMeasuredReason } from '../../../protocol/enums/measurement-limits.ts';
import type { ReportDimension } from '../../../protocol/report-data/report-items.ts';
import type { NotMeasured } from '../../../protocol/skin-api/task-result.ts';
import { escapeHtml } from './html-escape.ts';
import { htmlDocument, type HtmlPage } from './page-document.ts';
import { PAGE_CSS } from './page-styles.ts';
import { imageCaption, pageText, type TextKey } from './page-texts.ts';

/**
 * The customer's read-only report page (decision R-021), rendered from the same `ReportPage`
 * the JSON answer carries, so the two never disagree and the page holds no personal data.
 */

/** A page sentence with its `{name}` slots filled; every part is escaped. */
function sentence(key: TextKey, lang: LanguageCode, values: Readonly<Record<string, string>> = {}): string {
  return escapeHtml(pageText(key, lang)).replace(/\{(\w+)\}/g, (slot, name: string) => (name in values ? escapeHtml(values[name] ?? '') : slot));
}

/**
 * A date in the page's language. decision: in the platform's time zone, the one its stores'
 * kiosks run in; the report carries no zone of its own.
 */
function dateOf(unixSeconds: number, lang: LanguageCode): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'long' }).format(new Date(unixSeconds * 1000));
}

/** Scores are shown as measured (issue 8: never inflated); only float noise is trimmed. */
function scoreText(score: number): string {
  return String(Math.round(score * 10) / 10);
}

/** A short list in the page's language's own words and separators ("a, b and c", "a、b和c"). */
function listOf(items: readonly string[], lang: LanguageCode): string {
  return new Intl.ListFormat(lang, { style: 'long', type: 'conjunction' }).format(items);
}

function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

function dimensionItem(d: ReportDimension, index: number, lang: LanguageCode): string {
  const level = levelName(d.dimension, d.level, lang) ?? d.level_name;
  const shown = d.annotations.filter((a) => a.format === 'annotation_image' && originOf(a.url));
  // Under one light (the white set, or a single camera) the view alone tells them apart.
  const oneLight = new Set(shown.map((a) => a.light)).size <= 1;
  const marks = shown.map((a) => {
    const caption = imageCaption(a.light && !oneLight ? `${a.light}_${a.view}_image` : `${a.view}_image`, lang);
    return `<a href="${escapeHtml(a.url)}" rel="noreferrer">${escapeHtml(caption)}</a>`;
  });
  const caveats = [...new Set(d.caveats ?? [])].map((reason) => caveatName(reason, lang));
  return (
    `<li><div class="row"><span class="name">${escapeHtml(dimensionName(d.dimension, lang))}</span>` +
    `<span class="score">${scoreText(d.score)}<small>/ 100</small></span></div>` +
    `<div class="level">${escapeHtml(level)}</div>` +
    `<div class="bar"><span class="fill d${index}"></span></div>` +
    (caveats.length > 0 ? `<p class="caveat">${sentence('lessCertain', lang, { reasons: listOf(caveats, lang) })}</p>` : '') +
    (marks.length > 0 ? `<p class="marks"><span>${sentence('marked', lang)}</span> ${marks.join(' ')}</p>` : '') +
    `</li>`
  );
}

/**
 * A dimension the analysis could not measure (D-033): its name and why, in the page's language,
 * and no level, bar or score (a number we cannot defend is not shown as a measurement).
 */
function notMeasuredItem(n: NotMeasured, lang: LanguageCode): string {
  return (
    `<li class="not-measured" data-dimension="${escapeHtml(n.dimension)}" data-reason="${escapeHtml(n.reason)}">` +
    `<div class="row"><span class="name">${escapeHtml(dimensionName(n.dimension, lang))}</span></div>` +
    `<p class="why">${sentence('notMeasured', lang, { reason: notMeasuredReason(n.reason, lang) })}</p></li>`
  );
}

/** Bar widths by class: style attributes would need 'unsafe-inline' in the policy. */
function barWidths(dimensions: readonly ReportDimension[]): string {
  return dimensions.map((d, i) => `.d${i}{width:${Math.min(100, Math.max(0, d.score))}%}`).join('');
}

function photos(images: Readonly<Record<string, string>>, lang: LanguageCode): string {
  const figures = Object.entries(images)
    .filter(([, url]) => originOf(url))
    .map(([key, url]) => {
      const caption = escapeHtml(imageCaption(key, lang));
      return `<figure><img src="${escapeHtml(url)}" alt="${caption}" loading="lazy"><figcaption>${caption}</figcaption></figure>`;
    });
  return figures.length > 0 ? `<section><h2>${sentence('photos', lang)}</h2><div class="photos">${figures.join('')}</div></section>` : '';
}

export function renderReportPage(page: ReportPage, lang: LanguageCode): HtmlPage {
  const images: Readonly<Record<string, string>> = page.images;
  const stats =
    `<div class="stat"><span class="value">${scoreText(page.overall_score)}</span><span class="label">${sentence('overall', lang)}</span>` +
    `<span class="unit">${sentence('outOf', lang)}</span></div>` +
    (page.skin_age === undefined ? '' : `<div class="stat"><span class="value">${page.skin_age}</span><span class="label">${sentence('skinAge', lang)}</span></div>`);
  const body =
    `<main>\n<header><p class="merchant">${escapeHtml(page.merchant_name)}</p><p class="store">${escapeHtml(page.store_name)}</p></header>\n` +
    `<h1>${sentence('title', lang)}</h1>\n<p class="date">${sentence('analysedOn', lang, { date: dateOf(page.created_at, lang) })}</p>\n` +
    `<section class="summary">${stats}</section>\n` +
    `<section><h2>${sentence('results', lang)}</h2><p class="note">${sentence('scoreNote', lang)}</p>\n` +
    `<ul class="dims">${[...page.dimensions.map((d, i) => dimensionItem(d, i, lang)), ...page.not_measured.map((n) => notMeasuredItem(n, lang))].join('\n')}</ul></section>\n` +
    `${photos(images, lang)}\n` +
    `<footer>${sentence('footer', lang, { store: page.store_name || page.merchant_name, date: dateOf(page.expires_at, lang) })}</footer>\n</main>`;
  return htmlDocument({
    lang,
    title: `${pageText('title', lang)} · ${page.merchant_name}`,
    body,
    css: `${PAGE_CSS}\n${barWidths(page.dimensions)}`,
    imageOrigins: Object.values(images).map(originOf).filter((o): o is string => o !== null),
  });
}
