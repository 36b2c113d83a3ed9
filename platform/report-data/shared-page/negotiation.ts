/**
 * Whether a request wants the HTML page rather than the JSON envelope (decision R-021): the
 * quality Accept gives text/html must beat the one it gives application/json, or equal it with
 * text/html named and JSON reached only through a wildcard. A missing Accept, `*\/*` alone and
 * the kiosk's client keep today's JSON.
 */
interface MediaRange {
  readonly type: string;
  readonly subtype: string;
  readonly q: number;
}

function parseAccept(header: string): MediaRange[] {
  const ranges: MediaRange[] = [];
  for (const part of header.split(',')) {
    const [range = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const [type, subtype] = range.split('/');
    if (!type || !subtype) continue;
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    ranges.push({ type, subtype, q: Number.isFinite(q) ? Math.min(1, Math.max(0, q)) : 0 });
  }
  return ranges;
}

/** The quality of a media type (the most specific range that matches it) and whether it was named exactly. */
function quality(ranges: readonly MediaRange[], type: string, subtype: string): { q: number; exact: boolean } {
  const exact = ranges.find((r) => r.type === type && r.subtype === subtype);
  if (exact) return { q: exact.q, exact: true };
  const partial = ranges.find((r) => r.type === type && r.subtype === '*') ?? ranges.find((r) => r.type === '*' && r.subtype === '*');
  return { q: partial?.q ?? 0, exact: false };
}

export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const ranges = parseAccept(accept);
  const html = quality(ranges, 'text', 'html');
  const json = quality(ranges, 'application', 'json');
  if (html.q <= 0) return false;
  return html.q > json.q || (html.q === json.q && html.exact && !json.exact);
}
