/**
 * Serving the built renderer, shared by both runtime modes (the browser host's HTTP server and
 * the Electron shell's app:// protocol): URL path -> file inside the renderer directory (never
 * outside it), MIME types, and the Content-Security-Policy of the page.
 */
import { realpath, stat } from 'node:fs/promises';
import { extname, isAbsolute, relative, resolve, sep } from 'node:path';

const MIME: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

export function mimeType(path: string): string {
  return MIME[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

export type StaticLookup =
  | { readonly kind: 'file'; readonly path: string; readonly size: number }
  /** Encoded dots, backslashes, NUL, a ".." segment or a symlink out of the root: refused, not searched. */
  | { readonly kind: 'refused' }
  | { readonly kind: 'missing' };

/**
 * Maps a URL pathname (still percent-encoded, as it arrived) to a file under `root`. "/" and any
 * extension-less path that is not a file give index.html: the renderer routes in memory, and a
 * reload on a deep path must still load the app.
 */
export async function lookupStatic(root: string, pathname: string): Promise<StaticLookup> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { kind: 'refused' };
  }
  if (!decoded.startsWith('/') || decoded.includes('\0') || decoded.includes('\\')) return { kind: 'refused' };
  const segments = decoded.split('/').filter((s) => s !== '');
  if (segments.some((s) => s === '..' || s === '.')) return { kind: 'refused' };

  const rootReal = await realpath(root).catch(() => null);
  if (!rootReal) return { kind: 'missing' };
  const wanted = segments.length === 0 ? 'index.html' : segments.join('/');
  const found = await fileUnder(rootReal, wanted);
  if (found) return found;
  if (extname(wanted) === '') return (await fileUnder(rootReal, 'index.html')) ?? { kind: 'missing' };
  return { kind: 'missing' };
}

async function fileUnder(rootReal: string, relativePath: string): Promise<StaticLookup | null> {
  const candidate = resolve(rootReal, relativePath);
  if (!isInside(rootReal, candidate)) return { kind: 'refused' };
  const real = await realpath(candidate).catch(() => null);
  if (!real) return null;
  // A symlink inside the build pointing elsewhere is treated like "..": the build must be self-contained.
  if (!isInside(rootReal, real)) return { kind: 'refused' };
  const info = await stat(real).catch(() => null);
  if (!info?.isFile()) return null;
  return { kind: 'file', path: real, size: info.size };
}

export function isInside(root: string, candidate: string): boolean {
  const rel = relative(root, candidate);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

export interface CspOptions {
  /**
   * Origins the page may load images from besides itself: the platform's (annotation images,
   * catalogue pictures it serves), D-042.
   */
  readonly imageOrigins?: readonly string[];
  /** Origins the page may fetch from besides itself. */
  readonly connectOrigins?: readonly string[];
}

/**
 * The page's Content-Security-Policy. No inline script or style, no eval, nothing from other
 * origins but the platform's images: a kiosk has no business loading code from anywhere but its
 * own build. `blob:` images and media carry capture previews; `mediastream:` the live camera.
 * Images come from the platform only (D-042), not from any `https:` origin: a picture can still
 * track who looks at it and when, and main stores the catalogue pictures
 * (main/catalogue/pictures.ts), which the page shows as blobs.
 */
export function contentSecurityPolicy(options: CspOptions = {}): string {
  const img = ["'self'", 'data:', 'blob:', ...(options.imageOrigins ?? [])];
  const connect = ["'self'", ...(options.connectOrigins ?? [])];
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src ${img.join(' ')}`,
    "media-src 'self' blob: mediastream:",
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
