/**
 * The browser host (DESIGN.md, Runtime modes): the kiosk API and the built renderer over HTTP on
 * 127.0.0.1, for machines without Electron and for tests. Routes (docs/kiosk-shell.md):
 *
 *   GET  /*                   the renderer build (index.html for extension-less paths)
 *   POST /api/connect         X-Kiosk-Secret: launch key  ->  {"token", "roleIdleMs"}
 *   POST /api/call/<method>   Authorization: Bearer token, body = codec frame of the input
 *                             -> 200, codec frame of {"ok":true,"output"} | {"ok":false,"error"}
 *   GET  /api/health          launch secret or token  ->  {"ok":true,"mode":"browser"}
 *
 * Transport problems use HTTP statuses (401, 403, 404, 413, 415); API failures are 200 with
 * ok:false, so the client has one place to read them.
 */
import { createReadStream } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { KioskApi } from '../kiosk-api/types.ts';
import { CALL_CONTENT_TYPE, CodecError, decodeCall, encodeCall } from '../../common/kiosk/call-codec.ts';
import { dispatch, type DispatchOptions } from '../transport/dispatch.ts';
import type { ConnectionSessionOptions } from '../transport/session.ts';
import { contentSecurityPolicy, lookupStatic, mimeType, type CspOptions } from '../transport/static-files.ts';
import { bearerToken, hostAllowed, HostGuard, originAllowed } from './guard.ts';

export interface BrowserHostOptions {
  readonly api: KioskApi;
  /** The renderer build (renderer/dist). */
  readonly rendererDir: string;
  /** 0 (default) picks a free port. The host always binds 127.0.0.1. */
  readonly port?: number;
  /** Fixed launch secret (tests); default 256 random bits per launch. */
  readonly secret?: string;
  /** The page's CSP sources; a function is asked on every request, so a changed platform address counts at the next page load. */
  readonly csp?: CspOptions | (() => CspOptions);
  readonly session?: ConnectionSessionOptions;
  readonly dispatch?: DispatchOptions;
  /** Largest call body. Default 64 MiB: a 12-MP still as JPEG is well under that. */
  readonly maxBodyBytes?: number;
}

export interface BrowserHost {
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  /** The page address with the reusable launch secret in its fragment (print it, do not log it to shared places). */
  readonly launchUrl: string;
  /** The page address with a one-time launch key (for a command line other users can read). */
  oneTimeLaunchUrl(): string;
  readonly secret: string;
  close(): Promise<void>;
}

const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(self), microphone=(), geolocation=(), usb=(), serial=(), hid=()',
  'Cache-Control': 'no-store',
};

const PLACEHOLDER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Kiosk</title></head>
<body><h1>The kiosk renderer is not built</h1><p>Run <code>npm run build:renderer</code> (renderer/dist), then reload.</p></body></html>`;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const guard = new HostGuard({ secret: options.secret, session: options.session });
  const maxBody = options.maxBodyBytes ?? 64 * 1024 * 1024;
  let origin = '';
  let hostPort = '';

  const server = createServer((request, response) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.setHeader(name, value);
    response.setHeader('Content-Security-Policy', contentSecurityPolicy(typeof options.csp === 'function' ? options.csp() : options.csp));
    handle(request, response).catch((error: unknown) => {
      const status = error instanceof HttpError ? error.status : 500;
      if (status === 500) console.error('browser host: request failed', error);
      if (response.headersSent) return void response.destroy();
      // An unread request body must not be taken for the next request on this socket.
      if (!request.complete) response.setHeader('Connection', 'close');
      text(response, status, error instanceof HttpError ? error.message : 'internal error');
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!hostAllowed(request, hostPort)) throw new HttpError(403, 'forbidden host');
    // Origin-form targets only; concatenating keeps "//x/y" a path instead of a host.
    if (!request.url?.startsWith('/')) throw new HttpError(400, 'bad request target');
    const url = new URL(`${origin}${request.url}`);
    if (!url.pathname.startsWith('/api/')) return serveStatic(request, response, url.pathname);
    if (!originAllowed(request, origin)) throw new HttpError(403, 'forbidden origin');

    if (url.pathname === '/api/connect' && request.method === 'POST') {
      const key = request.headers['x-kiosk-secret'];
      request.resume();
      if (!guard.acceptLaunchKey(typeof key === 'string' ? key : undefined)) throw new HttpError(401, 'launch key required');
      const token = guard.openConnection();
      return json(response, 200, { token, roleIdleMs: guard.session(token)?.roleIdleMs });
    }
    if (url.pathname === '/api/health' && request.method === 'GET') {
      if (!guard.authenticated(request)) throw new HttpError(401, 'launch secret or connection token required');
      return json(response, 200, { ok: true, mode: 'browser' });
    }
    const method = /^\/api\/call\/([A-Za-z]{1,64})$/.exec(url.pathname)?.[1];
    if (method && request.method === 'POST') {
      const session = guard.session(bearerToken(request));
      if (!session) {
        request.resume();
        throw new HttpError(401, 'connection token required');
      }
      if (request.headers['content-type']?.split(';')[0]?.trim() !== CALL_CONTENT_TYPE) throw new HttpError(415, `content type must be ${CALL_CONTENT_TYPE}`);
      const body = await readBody(request, maxBody);
      let input: unknown;
      try {
        input = decodeCall(body);
      } catch (error) {
        if (error instanceof CodecError) throw new HttpError(400, error.message);
        throw error;
      }
      const result = await dispatch(options.api, method, input, session, options.dispatch);
      const bytes = encodeCall(result);
      response.writeHead(200, { 'Content-Type': CALL_CONTENT_TYPE, 'Content-Length': bytes.byteLength });
      return void response.end(bytes);
    }
    throw new HttpError(url.pathname.startsWith('/api/call/') || url.pathname === '/api/connect' || url.pathname === '/api/health' ? 405 : 404, 'no such endpoint');
  }

  async function serveStatic(request: IncomingMessage, response: ServerResponse, pathname: string): Promise<void> {
    if (request.method !== 'GET' && request.method !== 'HEAD') throw new HttpError(405, 'method not allowed');
    const found = await lookupStatic(options.rendererDir, pathname);
    if (found.kind === 'refused') throw new HttpError(400, 'bad path');
    if (found.kind === 'missing') {
      if (pathname === '/' || pathname === '/index.html') {
        response.writeHead(503, { 'Content-Type': 'text/html; charset=utf-8' });
        return void response.end(request.method === 'HEAD' ? undefined : PLACEHOLDER);
      }
      throw new HttpError(404, 'not found');
    }
    response.writeHead(200, { 'Content-Type': mimeType(found.path), 'Content-Length': found.size });
    if (request.method === 'HEAD') return void response.end();
    await new Promise<void>((resolve, reject) => {
      const stream = createReadStream(found.path);
      stream.once('error', reject);
      response.once('close', resolve);
      stream.pipe(response);
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  hostPort = `127.0.0.1:${port}`;
  origin = `http://${hostPort}`;
  // Calls arrive 10-15 a second from one page: keep its connection open between them.
  server.keepAliveTimeout = 30_000;

  return {
    origin,
    secret: guard.secret,
    launchUrl: `${origin}/#k=${guard.secret}`,
    oneTimeLaunchUrl: () => `${origin}/#o=${guard.issueOneTimeKey()}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function readBody(request: IncomingMessage, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers['content-length'] ?? NaN);
  if (declared > limit) {
    request.resume();
    return Promise.reject(new HttpError(413, `body over ${limit} bytes`));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        // Stop reading; the 413 goes out with Connection: close and the socket ends after it.
        request.removeAllListeners('data');
        request.pause();
        chunks.length = 0;
        reject(new HttpError(413, `body over ${limit} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    request.once('end', () => resolve(Buffer.concat(chunks, size)));
    request.once('error', reject);
  });
}

function json(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  response.end(text);
}

function text(response: ServerResponse, status: number, message: string): void {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(message) });
  response.end(message);
}
