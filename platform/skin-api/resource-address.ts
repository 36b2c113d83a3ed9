import { FILE_PATH, UPLOAD_PATH, type StoredFile } from './upload-service.ts';

/**
 * Which resource addresses are this platform's own (D-027, refined in D-029): decided by the
 * origin resource_url is built from (the route kit's baseUrl: the configured public address,
 * else the scheme and host the request came in on), never by the path alone.
 */

/** What a caller is told of an upload address given as a resource (a task's resources, a pic_url; D-136). */
export const UPLOAD_ADDRESS_GIVEN = "this is an upload address (upload.url), not a file: give the upload policy's resource_url";

/** Where a resource URL points. */
export type ResourceTarget =
  /** A file of this platform's store (of whichever merchant uploaded it: the caller checks). */
  | { readonly kind: 'stored'; readonly file: StoredFile }
  /** An address of this platform that names no stored upload. */
  | { readonly kind: 'missing' }
  /**
   * This platform's upload address (an upload policy's `upload.url`), which the specification
   * says never to submit as a resource: it serves no file.
   */
  | { readonly kind: 'upload-address' }
  /** Anywhere else: downloaded through the guarded fetcher (D-029). */
  | { readonly kind: 'external' };

/**
 * The resource key in the path of a resource address, whatever its host; null when the path is
 * not under FILE_PATH or is not a well-formed escape sequence (a broken or literal `%` names no
 * key: our keys are hex digits and an extension).
 */
export function resourceKeyInPath(url: string): string | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  const prefix = `${FILE_PATH}/`;
  if (!path.startsWith(prefix) || path.length === prefix.length) return null;
  try {
    return decodeURIComponent(path.slice(prefix.length));
  } catch {
    return null;
  }
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * Resolves a resource URL against the base addresses this instance is known by:
 * - same origin as one of them, on the upload path: an upload policy's `upload.url`, not a file;
 * - same origin as one of them: ours; the path must name a stored upload, else `missing`;
 * - same host on another port, naming a stored upload: ours too. Instances on one data directory
 *   share one store (D-008: the embedded setup and the tests run them on 127.0.0.1, one port
 *   each), and the embedded platform may come back on another port while the kiosk still holds
 *   addresses issued before; such an address naming no stored upload is someone else's;
 * - any other host, whatever its path says: `external`.
 */
export async function resolveResource(
  url: string,
  ownBases: readonly string[],
  storedFile: (resourceKey: string) => Promise<StoredFile | undefined>,
): Promise<ResourceTarget> {
  const target = parse(url);
  if (!target) return { kind: 'external' };
  const bases = ownBases.map(parse).filter((base): base is URL => base !== null);
  const sameOrigin = bases.some((base) => base.origin === target.origin);
  const sameHost = sameOrigin || bases.some((base) => base.hostname === target.hostname);
  if (!sameHost) return { kind: 'external' };
  // Same origin only: at another port of the host, an address naming no stored upload is someone else's (D-029).
  if (sameOrigin && (target.pathname === UPLOAD_PATH || target.pathname.startsWith(`${UPLOAD_PATH}/`))) return { kind: 'upload-address' };
  const key = resourceKeyInPath(url);
  const file = key === null ? undefined : await storedFile(key);
  if (file) return { kind: 'stored', file };
  return sameOrigin && target.pathname.startsWith(`${FILE_PATH}/`) ? { kind: 'missing' } : { kind: 'external' };
}
