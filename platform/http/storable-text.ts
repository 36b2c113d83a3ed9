import { invalidParam } from './api-error.ts';

/**
 * U+0000, which PostgreSQL's text and jsonb cannot hold (it refused the row and the request
 * answered 500), or a UTF-16 surrogate without its pair, which is no Unicode character: both
 * stores replaced it with U+FFFD, so the text kept was not the text sent. With the `u` flag a
 * surrogate pair is one code point, so `\p{Surrogate}` matches only an unpaired one.
 */
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what this looks for
const UNSTORABLE = /[\u0000\p{Surrogate}]/u;

/** Whether a string is text no store keeps as sent. */
export function isUnstorableText(text: string): boolean {
  return UNSTORABLE.test(text);
}

/**
 * Only the values a JSON body, a parsed query or route parameters are made of; a stream or
 * Buffer body is not text (its prototype chain is longer). The query and parameter parsers
 * make objects whose prototype is an empty object without a prototype of its own.
 */
function isPlainContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  // Object.prototype, null, or the parsers' empty object: a prototype with none of its own.
  return proto === null || Object.getPrototypeOf(proto) === null;
}

/**
 * Where a request part holds a string (a value or an object key) no store keeps as sent: the
 * field path (`product_list.0.name`, '' for the part itself), or undefined when it has none.
 * Walks with an explicit stack, since a JSON body may nest deeper than the call stack (D-018).
 */
export function unstorableTextPath(value: unknown): string | undefined {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if (typeof next.value === 'string') {
      if (isUnstorableText(next.value)) return next.path;
      continue;
    }
    if (!isPlainContainer(next.value)) continue;
    // Pushed last first, so the first failing field in document order is the one named.
    const entries = Object.entries(next.value);
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, item] = entries[i] as [string, unknown];
      const path = next.path === '' ? key : `${next.path}.${key}`;
      if (isUnstorableText(key)) return path;
      stack.push({ value: item, path });
    }
  }
  return undefined;
}

/**
 * Refuses a request part holding text no store keeps as sent (D-103): HTTP 400, meta.code 400,
 * the field named in meta.error like every other malformed field. Run before any part check,
 * so it holds for every route whatever its own validation, and on both stores alike.
 */
export function refuseUnstorableText(value: unknown, part: 'body' | 'query' | 'params'): void {
  const path = unstorableTextPath(value);
  if (path === undefined) return;
  throw invalidParam(`${path === '' ? part : `${part}.${path}`}: text must not hold U+0000 or an unpaired surrogate`);
}
