import type { LinkSigner } from './links.ts';

/**
 * Placeholders for addresses inside stored push payloads. A payload is snapshotted when its
 * event happens, but its file links must be valid 24 hours from when it is actually sent (a
 * retry may come a day later), and signed for the instance's public address: so the snapshot
 * keeps object keys and the worker signs them at send time. Placeholders are objects, never
 * strings, so no text a kiosk sends (a name, say) can pose as one.
 */
type Ref = { readonly $ref: 'file'; readonly key: string } | { readonly $ref: 'report'; readonly key: string; readonly expires: number };

/** Typed as string: it stands where the finished payload has an address. */
export function fileRef(objectKey: string): string {
  return { $ref: 'file', key: objectKey } satisfies Ref as unknown as string;
}

export function reportRef(pageKey: string, expires: number): string {
  return { $ref: 'report', key: pageKey, expires } satisfies Ref as unknown as string;
}

function asRef(value: object): Ref | undefined {
  const candidate = value as Partial<Record<string, unknown>>;
  if (candidate['$ref'] === 'file' && typeof candidate['key'] === 'string') return value as Ref;
  if (candidate['$ref'] === 'report' && typeof candidate['key'] === 'string' && typeof candidate['expires'] === 'number') return value as Ref;
  return undefined;
}

/** Replaces every placeholder in a JSON value with a signed address. */
export function resolveRefs(value: unknown, links: LinkSigner, baseUrl: string, fileExpires: number): unknown {
  if (Array.isArray(value)) return value.map((item) => resolveRefs(item, links, baseUrl, fileExpires));
  if (value === null || typeof value !== 'object') return value;
  const ref = asRef(value);
  if (ref?.$ref === 'file') return links.fileUrl(baseUrl, ref.key, fileExpires);
  if (ref?.$ref === 'report') return links.reportUrl(baseUrl, ref.key, ref.expires);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveRefs(item, links, baseUrl, fileExpires)]));
}
