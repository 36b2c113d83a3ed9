import { annotationColour } from '../../../protocol/enums/annotation-colours.ts';
import type { DimensionId } from '../../../protocol/enums/dimensions.ts';
import type { LanguageCode } from '../../../protocol/enums/languages.ts';
import { legendRowsOf, marksBelowGrade, type LegendRow } from '../../../protocol/enums/marks-legend.ts';
import type { Annotation } from '../../../protocol/skin-api/task-result.ts';
import { escapeHtml } from './html-escape.ts';
import { markCount, sectionText } from './section-texts.ts';

/**
 * A dimension's marked photo on the phone page (D-070): the annotation image the platform drew
 * (annotation-render.ts) shown as a picture, not a bare link, with the legend of D-069 under it
 * (counts, mm² / mm). One photo per dimension, the front view first, loaded lazily: the page stays
 * fast with 28 dimensions; the other views stay one tap away as links.
 */

/** The legend rows of one wire annotation (snake_case sizes). */
export function wireLegendRows(annotation: Pick<Annotation, 'marks'>): LegendRow[] {
  return legendRowsOf(annotation.marks ?? [], (m, kind) => (kind === 'line' ? m.length_mm : m.area_mm2));
}

/** The swatch classes' rules: a colour per dimension, by class (inline styles would need 'unsafe-inline'). */
export function swatchCss(dimensions: readonly DimensionId[]): string {
  return [...new Set(dimensions)].map((d) => `.sw-${d}{background:${annotationColour(d)}}`).join('');
}

function legendRow(row: LegendRow, dimension: DimensionId, lang: LanguageCode): string {
  const size =
    row.size === null ? '' : ` · ${escapeHtml(sectionText(row.size.unit === 'mm' ? 'length' : 'area', lang).replace('{value}', String(row.size.value)))}`;
  return `<li data-kind="${row.kind}"><span class="sw sw-${dimension} k-${row.kind}"></span>${escapeHtml(markCount(row.kind, row.count, lang))}${size}</li>`;
}

/**
 * The figure: the drawn photo, its caption and its legend (or "no count" for a shaded mask).
 * `firstLevel`: the level's name when it is the best of its table; spots circled or lines traced
 * at that level get a line saying they are too few or slight to be a concern (D-124).
 */
export function markedFigure(dimension: DimensionId, annotation: Annotation, caption: string, lang: LanguageCode, firstLevel: string | null = null): string {
  const rows = wireLegendRows(annotation);
  const legend =
    rows.length > 0
      ? `<ul class="legend">${rows.map((r) => legendRow(r, dimension, lang)).join('')}</ul>` +
        (marksBelowGrade(firstLevel, rows) ? `<p class="first-level">${escapeHtml(sectionText('firstLevel', lang).replace('{level}', () => firstLevel))}</p>` : '') +
        (rows.some((r) => r.size !== null) ? `<p class="scale">${escapeHtml(sectionText('scale', lang))}</p>` : '')
      : `<p class="legend-none"><span class="sw sw-${dimension} k-area"></span>${escapeHtml(sectionText('unmarked', lang))}</p>`;
  return (
    `<figure class="marked" data-dimension="${escapeHtml(dimension)}"><img src="${escapeHtml(annotation.url)}" alt="${escapeHtml(caption)}" loading="lazy">` +
    `<figcaption>${escapeHtml(caption)}</figcaption><div class="legend-box" aria-label="${escapeHtml(sectionText('legendTitle', lang))}">${legend}</div></figure>`
  );
}
