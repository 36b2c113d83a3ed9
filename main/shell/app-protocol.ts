/**
 * The app:// handler: the renderer build served to the Electron window with the page's CSP and
 * the same hardening headers as the browser host. Electron-free (it maps a fetch Request to a
 * fetch Response), so tests call it directly.
 */
import { readFile } from 'node:fs/promises';
import { lookupStatic, mimeType } from '../transport/static-files.ts';
import { appRequestPath } from './security.ts';

/** `csp` is asked on every request, so a platform address changed in the settings counts at the next page load. */
export function createAppProtocolHandler(rendererDir: string, csp: () => string): (request: Request) => Promise<Response> {
  return async (request) => {
    const headers = {
      'Content-Security-Policy': csp(),
      'X-Content-Type-Options': 'nosniff',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cache-Control': 'no-store',
    };
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response('method not allowed', { status: 405, headers });
    const path = appRequestPath(request.url);
    if (path === null) return new Response('not found', { status: 404, headers });
    const found = await lookupStatic(rendererDir, path);
    if (found.kind === 'refused') return new Response('bad path', { status: 400, headers });
    if (found.kind === 'missing') return new Response('not found', { status: 404, headers });
    const body = request.method === 'HEAD' ? null : await readFile(found.path);
    return new Response(body, { status: 200, headers: { ...headers, 'Content-Type': mimeType(found.path), 'Content-Length': String(found.size) } });
  };
}
