import { createHash } from 'node:crypto';
import { isRightToLeft, type LanguageCode } from '../../../protocol/enums/languages.ts';
import { escapeHtml } from './html-escape.ts';

/** An HTML answer of the shared report route: the document and the headers it needs (caching and referrer: the route's, for every answer). */
export interface HtmlPage {
  readonly html: string;
  readonly headers: Readonly<Record<string, string>>;
}

export interface DocumentParts {
  readonly lang: LanguageCode;
  readonly title: string;
  /** The body's markup, its texts already escaped. */
  readonly body: string;
  /** The stylesheet; allowed by its hash, so no other style runs. */
  readonly css: string;
  /** Origins the page's images come from; none: no image may load. */
  readonly imageOrigins: readonly string[];
}

/**
 * The strictest policy the page works with (decision R-021): nothing by default, no script,
 * the one inline stylesheet by its hash, images only from the file links' origins.
 */
function contentSecurityPolicy(css: string, imageOrigins: readonly string[]): string {
  const styleHash = createHash('sha256').update(css, 'utf8').digest('base64');
  const img = imageOrigins.length > 0 ? [...new Set(imageOrigins)].join(' ') : "'none'";
  return `default-src 'none'; img-src ${img}; style-src 'sha256-${styleHash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
}

export function htmlDocument(parts: DocumentParts): HtmlPage {
  const dir = isRightToLeft(parts.lang) ? 'rtl' : 'ltr';
  const html =
    `<!doctype html>\n<html lang="${escapeHtml(parts.lang)}" dir="${dir}">\n<head>\n<meta charset="utf-8">\n` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">\n<meta name="robots" content="noindex, nofollow">\n` +
    `<meta name="referrer" content="no-referrer">\n<title>${escapeHtml(parts.title)}</title>\n<style>${parts.css}</style>\n</head>\n` +
    `<body>\n${parts.body}\n</body>\n</html>\n`;
  return {
    html,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': contentSecurityPolicy(parts.css, parts.imageOrigins),
      'x-content-type-options': 'nosniff',
    },
  };
}
