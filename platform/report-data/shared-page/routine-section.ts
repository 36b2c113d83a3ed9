import type { RoutineItem } from '../../../protocol/device-sync/shared-links.ts';
import { dimensionName, levelName } from '../../../protocol/enums/dimensions.ts';
import type { LanguageCode } from '../../../protocol/enums/languages.ts';
import { formatPrice } from '../../../protocol/enums/price-units.ts';
import { escapeHtml } from './html-escape.ts';
import { sectionText } from './section-texts.ts';

/** An http(s) address, or null: a merchant's picture or link is never a javascript: or data: URL on the page. */
export function httpUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

function item(r: RoutineItem, lang: LanguageCode): string {
  const pic = httpUrl(r.pic);
  const link = httpUrl(r.link);
  const why = sectionText('why', lang)
    .replace('{finding}', dimensionName(r.why.dimension, lang))
    .replace('{level}', levelName(r.why.dimension, r.why.level, lang) ?? String(r.why.level));
  return (
    `<li class="pick" data-kind="${r.kind}" data-custom-id="${escapeHtml(r.custom_id)}">` +
    (pic ? `<img src="${escapeHtml(pic)}" alt="" loading="lazy">` : '<span class="no-pic"></span>') +
    `<div class="pick-text"><div class="row"><span class="name">${escapeHtml(r.name)}</span><span class="price">${escapeHtml(formatPrice(r.price, r.price_unit, r.price_symbol, lang))}</span></div>` +
    (r.sub_title ? `<p class="sub">${escapeHtml(r.sub_title)}</p>` : '') +
    `<p class="why">${escapeHtml(why)}</p>` +
    (link ? `<a href="${escapeHtml(link)}" rel="noreferrer" target="_blank">${escapeHtml(sectionText('more', lang))}</a>` : '') +
    `</div></li>`
  );
}

/**
 * "Recommended for you" (D-076): products, then treatments, each with its picture, price and the
 * why line the kiosk shows (the finding it answers and the customer's level). Nothing when the
 * store sells nothing that answers the report.
 */
export function routineSection(routine: readonly RoutineItem[], lang: LanguageCode): string {
  if (routine.length === 0) return '';
  const group = (kind: RoutineItem['kind'], title: 'products' | 'treatments'): string => {
    const items = routine.filter((r) => r.kind === kind);
    return items.length > 0 ? `<h3>${escapeHtml(sectionText(title, lang))}</h3><ul class="picks">${items.map((r) => item(r, lang)).join('')}</ul>` : '';
  };
  return (
    `<section class="routine"><h2>${escapeHtml(sectionText('routine', lang))}</h2><p class="note">${escapeHtml(sectionText('routineNote', lang))}</p>` +
    `${group('product', 'products')}${group('treatment', 'treatments')}</section>`
  );
}

/** The pictures' origins, for the page's Content-Security-Policy. */
export function routineImageUrls(routine: readonly RoutineItem[]): string[] {
  return routine.flatMap((r) => httpUrl(r.pic) ?? []);
}
