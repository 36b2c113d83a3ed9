import type { ReportPage } from '../../../protocol/device-sync/shared-links.ts';
import { CONCERN_OF, CONCERNS, byAttention, isFirstLevel, keyFindings, levelTone } from '../../../protocol/enums/concerns.ts';
import { dimensionName, levelName } from '../../../protocol/enums/dimensions.ts';
import type { LanguageCode } from '../../../protocol/enums/languages.ts';
import { caveatName, notMeasuredReason } from '../../../protocol/enums/measurement-limits.ts';
import type { ReportDimension } from '../../../protocol/report-data/report-items.ts';
import type { NotMeasured } from '../../../protocol/skin-api/task-result.ts';
import { escapeHtml } from './html-escape.ts';
import { htmlDocument, type HtmlPage } from './page-document.ts';
import { markedFigure, swatchCss } from './marked-photo.ts';
import { routineImageUrls, routineSection } from './routine-section.ts';
import { PAGE_CSS } from './page-styles.ts';
import { concernExplains, concernName, sectionText, toneMeaning } from './section-texts.ts';
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
  const tone = levelTone(d.dimension, d.level);
  const shown = d.annotations.filter((a) => a.format === 'annotation_image' && originOf(a.url));
  // Under one light (the white set, or a single camera) the view alone tells them apart.
  const oneLight = new Set(shown.map((a) => a.light)).size <= 1;
  const captionOf = (a: (typeof shown)[number]): string => imageCaption(a.light && !oneLight ? `${a.light}_${a.view}_image` : `${a.view}_image`, lang);
  // The front view drawn as a photo with its legend (D-070); the other views one tap away.
  const first = shown.find((a) => a.view === 'front') ?? shown[0];
  const links = shown
    .filter((a) => a !== first)
    .map((a) => `<a href="${escapeHtml(a.url)}" rel="noreferrer">${escapeHtml(captionOf(a))}</a>`);
  const caveats = [...new Set(d.caveats ?? [])].map((reason) => caveatName(reason, lang));
  return (
    `<li class="tone-${tone}" data-dimension="${escapeHtml(d.dimension)}"><div class="row"><span class="name">${escapeHtml(dimensionName(d.dimension, lang))}</span>` +
    `<span class="score">${scoreText(d.score)}<small>/ 100</small></span></div>` +
    `<div class="level">${escapeHtml(level)}</div>` +
    `<div class="bar"><span class="fill d${index}"></span></div>` +
    `<p class="means">${escapeHtml(toneMeaning(tone, lang))}</p>` +
    (caveats.length > 0 ? `<p class="caveat">${sentence('lessCertain', lang, { reasons: listOf(caveats, lang) })}</p>` : '') +
    (first ? `<details class="marks"><summary>${sentence('marked', lang)}</summary>${markedFigure(d.dimension, first, captionOf(first), lang, isFirstLevel(d.dimension, d.level) ? level : null)}` +
      (links.length > 0 ? `<p class="more">${links.join(' ')}</p>` : '') + `</details>` : '') +
    `</li>`
  );
}

/** The summary's few findings, by the kiosk's rule (protocol/enums/concerns.ts, D-055). */
function keyFindingsSection(page: ReportPage, lang: LanguageCode): string {
  const { findings, allGood } = keyFindings(page.dimensions);
  if (findings.length === 0) return '';
  const items = findings.map((d) => {
    const level = levelName(d.dimension, d.level, lang) ?? d.level_name;
    return `<li class="tone-${levelTone(d.dimension, d.level)}" data-dimension="${escapeHtml(d.dimension)}"><span class="name">${escapeHtml(dimensionName(d.dimension, lang))}</span><span class="badge">${escapeHtml(level)}</span></li>`;
  });
  return `<section class="key"><h2>${escapeHtml(sectionText(allGood ? 'keyAllGood' : 'keyFindings', lang))}</h2><ul class="findings">${items.join('')}</ul></section>`;
}

/**
 * The results grouped by concern like the kiosk (D-055): each group says what it measures, its
 * measured dimensions most pressing first, then what it could not measure, with why (D-033).
 */
function concernSections(page: ReportPage, lang: LanguageCode): string {
  const indexOf = new Map(page.dimensions.map((d, i) => [d, i]));
  return CONCERNS.map((concern) => {
    const measured = page.dimensions.filter((d) => CONCERN_OF[d.dimension] === concern).sort(byAttention);
    const notMeasured = page.not_measured.filter((n) => CONCERN_OF[n.dimension] === concern);
    if (measured.length === 0 && notMeasured.length === 0) return '';
    return (
      `<section class="concern" data-concern="${concern}"><h3>${escapeHtml(concernName(concern, lang))}</h3>` +
      `<p class="explains">${escapeHtml(concernExplains(concern, lang))}</p>` +
      `<ul class="dims">${[...measured.map((d) => dimensionItem(d, indexOf.get(d) ?? 0, lang)), ...notMeasured.map((n) => notMeasuredItem(n, lang))].join('\n')}</ul></section>`
    );
  }).join('\n');
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
    `${keyFindingsSection(page, lang)}\n` +
    `<section><h2>${sentence('results', lang)}</h2><p class="note">${sentence('scoreNote', lang)}</p>\n${concernSections(page, lang)}</section>\n` +
    `${routineSection(page.routine, lang)}\n` +
    `${photos(images, lang)}\n` +
    `<footer>${sentence('footer', lang, { store: page.store_name || page.merchant_name, date: dateOf(page.expires_at, lang) })}</footer>\n</main>`;
  return htmlDocument({
    lang,
    title: `${pageText('title', lang)} · ${page.merchant_name}`,
    body,
    css: `${PAGE_CSS}\n${barWidths(page.dimensions)}${swatchCss(page.dimensions.map((d) => d.dimension))}`,
    imageOrigins: [...Object.values(images), ...page.dimensions.flatMap((d) => d.annotations.map((a) => a.url)), ...routineImageUrls(page.routine)]
      .map(originOf)
      .filter((o): o is string => o !== null),
  });
}
