import type { LanguageCode } from '../../../protocol/enums/languages.ts';
import { ReportDataCodes } from '../../../protocol/report-data/codes.ts';
import { escapeHtml } from './html-escape.ts';
import { htmlDocument, type HtmlPage } from './page-document.ts';
import { PAGE_CSS } from './page-styles.ts';
import { pageText, type TextKey } from './page-texts.ts';

/**
 * What a phone shows when the link is refused (decision R-021): one plain sentence instead of
 * the JSON envelope, under the same HTTP status. Expired (46102) and altered (46101) links have
 * their own sentences; any other failure says the report cannot be shown now.
 */
function textsOf(code: number): { title: TextKey; text: TextKey } {
  if (code === ReportDataCodes.SHARED_LINK_EXPIRED.code) return { title: 'expiredTitle', text: 'expired' };
  if (code === ReportDataCodes.SHARED_LINK_INVALID.code) return { title: 'invalidTitle', text: 'invalid' };
  return { title: 'unavailableTitle', text: 'unavailable' };
}

export function renderRefusalPage(code: number, lang: LanguageCode): HtmlPage {
  const { title, text } = textsOf(code);
  const heading = escapeHtml(pageText(title, lang));
  return htmlDocument({
    lang,
    title: pageText(title, lang),
    body: `<main><section class="notice"><h1>${heading}</h1><p>${escapeHtml(pageText(text, lang))}</p></section></main>`,
    css: PAGE_CSS,
    imageOrigins: [],
  });
}
