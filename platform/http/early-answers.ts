import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { Codes } from '../../protocol/codes.ts';
import { buildEnvelope, newRequestId } from './envelope.ts';
import { acceptsGzip } from './kept-compression.ts';
import { gzipOfParts, RawJson, replyParts } from './raw-json.ts';

/** What an early answer reads of a request: its headers, its query as given and the base address it came in on. */
export interface EarlyRequest {
  readonly headers: IncomingHttpHeaders;
  /** The query string's parameters, when they needed no decoding (simpleQuery). */
  readonly query: Readonly<Record<string, string>>;
  readonly baseUrl: string;
}

/**
 * A kept answer of a GET endpoint given before Fastify sees the request (the route kit's
 * `keptAnswer` makes them, authenticating first): the kept payload, or undefined to leave the
 * request to the endpoint's route, which then answers exactly as without this step.
 */
export type EarlyAnswer = (request: EarlyRequest) => RawJson | undefined;

export interface EarlyAnswerOptions {
  /** The configured public address; else the scheme and Host header, as the route kit reads them. */
  readonly publicBaseUrl: string | undefined;
  /** With a trusted proxy the address comes from X-Forwarded-*: left to Fastify, which reads them. */
  readonly trustProxy: boolean;
  /** Per-request log lines are Fastify's: when they are on, every request goes its way. */
  readonly logRequests: boolean;
  /** True once the platform began to close: refusals are the route's (refuseWhileClosing). */
  readonly isClosing: () => boolean;
  /** Told of every answer given here, as the metrics' onResponse hook is of Fastify's (request latency by route and code). */
  readonly answered?: (method: string, route: string, statusCode: number, seconds: number) => void;
  readonly log: FastifyBaseLogger;
}

/**
 * Answers that skip Fastify's request handling (D-084). A finished task's poll is answered from
 * memory (D-071) and its bytes are kept (D-081), yet it cost 80-110 µs of the platform's own
 * work per request: routing, four hooks, the route kit's chain of promises, a child logger and
 * the reply's machinery. Registered per path by the route kit; `install` puts one step in front
 * of Fastify's request listener that answers a GET of such a path when its answer is kept and
 * the caller is proven from memory, and hands every other request, unchanged, to Fastify. What
 * the step writes is what the route would: the same envelope with its own req_id, the same
 * headers (Vary, gzip when accepted), the same latency metric. The app's hooks every request
 * passes are each accounted for here (closing: left to the route; 404 and 405: a known path and
 * GET; envelope and compression: the same bytes; metrics; unread bodies: no body); a new such
 * hook needs its counterpart here, or the step must leave its requests to Fastify.
 */
export class EarlyAnswers {
  readonly #byPath = new Map<string, EarlyAnswer>();

  /** An early answer for GET of `path` (a path with no parameters). */
  add(path: string, answer: EarlyAnswer): void {
    if (this.#byPath.has(path)) throw new Error(`an early answer for ${path} is already registered`);
    this.#byPath.set(path, answer);
  }

  /** Puts the step in front of Fastify's request listener; call once every route is registered. */
  install(app: FastifyInstance, options: EarlyAnswerOptions): void {
    if (this.#byPath.size === 0 || options.logRequests) return;
    const server = app.server;
    const listeners = server.listeners('request');
    const fastify = listeners[0];
    // Fastify passes its handler to http.createServer, the server's one 'request' listener.
    if (listeners.length !== 1 || fastify === undefined) throw new Error(`expected Fastify's one request listener, found ${listeners.length}`);
    server.removeListener('request', fastify as (...args: unknown[]) => void);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      if (!this.#answer(request, response, options)) (fastify as (req: IncomingMessage, res: ServerResponse) => void).call(server, request, response);
    });
  }

  /** Answers the request when it can, and says whether it did; nothing is written when it did not. */
  #answer(request: IncomingMessage, response: ServerResponse, options: EarlyAnswerOptions): boolean {
    if (request.method !== 'GET') return false;
    const startedAt = performance.now();
    const url = request.url ?? '';
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const answer = this.#byPath.get(path);
    if (answer === undefined || options.isClosing()) return false;
    const headers = request.headers;
    // A body to read or drain, or a base address only Fastify can tell: the route's way.
    if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) return false;
    const baseUrl = options.publicBaseUrl ?? (options.trustProxy || !headers.host ? undefined : `${(request.socket as TLSSocket).encrypted ? 'https' : 'http'}://${headers.host}`);
    if (baseUrl === undefined) return false;
    const query = simpleQuery(q === -1 ? '' : url.slice(q + 1));
    if (query === undefined) return false;
    const gzip = acceptsGzip(headers['accept-encoding']);
    let chunks: readonly Buffer[] | undefined;
    try {
      chunks = keptChunks(answer({ headers, query, baseUrl }), path, gzip);
    } catch (error) {
      // A fault of this step, not of the request: the route answers it, and the fault is seen.
      // (Thrown out of the server's request listener, it would end the process.)
      options.log.error({ err: error, request_uri: path }, 'early answer failed; the route answers');
      return false;
    }
    if (chunks === undefined) return false;
    let length = 0;
    for (const chunk of chunks) length += chunk.length;
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      vary: 'accept-encoding',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      'content-length': String(length),
    });
    // Node corks the socket on the first write until the end: one writev for headers and pieces.
    for (let i = 0; i < chunks.length - 1; i++) response.write(chunks[i]);
    response.end(chunks[chunks.length - 1]);
    const answered = options.answered;
    if (answered) response.once('finish', () => answered('GET', path, 200, (performance.now() - startedAt) / 1000));
    return true;
  }
}

/**
 * The bytes to write for a kept payload: the reply serializer's pieces of the envelope a route
 * would answer (envelope.ts), so both ways write the same bytes, written as they are without
 * joining them first (D-084); gzip-spliced when the client accepts it. Undefined for no payload.
 */
function keptChunks(kept: RawJson | undefined, path: string, gzip: boolean): readonly Buffer[] | undefined {
  if (kept === undefined) return undefined;
  const parts = replyParts(buildEnvelope(Codes.OK, kept, '', path, newRequestId()));
  if (typeof parts === 'string') throw new Error('a kept answer without a kept part');
  return gzip ? [gzipOfParts(parts)] : parts.map((part) => (part instanceof RawJson ? part.bytes : part));
}

/** Characters a query's names and values may hold here: RFC 3986's unreserved, which no parser decodes. */
const PLAIN = /^[A-Za-z0-9._~-]*$/;

/**
 * The parameters of a query string made of plain `name=value` pairs, each name once; undefined
 * for anything else (percent-encoding, `+`, repeated or bare names), which goes to Fastify's
 * parser instead, so no request reads differently here than there.
 */
export function simpleQuery(query: string): Record<string, string> | undefined {
  const params: Record<string, string> = Object.create(null) as Record<string, string>;
  if (query === '') return params;
  for (const pair of query.split('&')) {
    const eq = pair.indexOf('=');
    if (eq <= 0) return undefined;
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    if (!PLAIN.test(name) || !PLAIN.test(value) || name in params) return undefined;
    params[name] = value;
  }
  return params;
}
