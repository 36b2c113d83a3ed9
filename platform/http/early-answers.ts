import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { Codes } from '../../protocol/codes.ts';
import { buildEnvelope, newRequestId } from './envelope.ts';
import { acceptsGzip } from './kept-compression.ts';
import { GzipAroundId, STORED_BLOCK_MAX } from './gzip-splice.ts';
import { RawJson, replyParts } from './raw-json.ts';

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
  /**
   * The request latency metric of a route and code, as the metrics' onResponse hook records
   * Fastify's answers: asked once per path, and told the seconds of every answer given here.
   */
  readonly observer?: (method: string, route: string, statusCode: number) => (seconds: number) => void;
  readonly log: FastifyBaseLogger;
}

/**
 * Answers that skip Fastify's request handling (D-084). A finished task's poll is answered from
 * memory (D-071) and its bytes are kept (D-081), yet it cost 80-110 µs of the platform's own
 * work per request: routing, four hooks, the route kit's chain of promises, a child logger and
 * the reply's machinery. Merchant catalogue pages kept under their change stamp are answered
 * the same way (D-089). Registered per path by the route kit; `install` puts one step in front
 * of Fastify's request listener that answers a GET of such a path when its answer is kept and
 * the caller is proven from memory, and hands every other request, unchanged, to Fastify. What
 * the step writes is what the route would: the same envelope with its own req_id, the same
 * headers (Vary, gzip when accepted), the same latency metric. The app's hooks every request
 * passes are each accounted for here (closing: left to the route; 404 and 405: a known path and
 * GET; envelope and compression: the same bytes; metrics; unread bodies: no body); a new such
 * hook needs its counterpart here, or the step must leave its requests to Fastify.
 */
export class EarlyAnswers {
  readonly #byPath = new Map<string, Registered>();

  /** An early answer for GET of `path` (a path with no parameters). */
  add(path: string, answer: EarlyAnswer): void {
    if (this.#byPath.has(path)) throw new Error(`an early answer for ${path} is already registered`);
    this.#byPath.set(path, { answer, frame: new EnvelopeFrame(path), observe: undefined });
  }

  /** Puts the step in front of Fastify's request listener; call once every route is registered. */
  install(app: FastifyInstance, options: EarlyAnswerOptions): void {
    if (this.#byPath.size === 0 || options.logRequests) return;
    const server = app.server;
    const listeners = server.listeners('request');
    const fastify = listeners[0];
    // Fastify passes its handler to http.createServer, the server's one 'request' listener.
    if (listeners.length !== 1 || fastify === undefined) throw new Error(`expected Fastify's one request listener, found ${listeners.length}`);
    // The metric's labelled child, found once per path rather than by its labels on every answer.
    for (const [path, registered] of this.#byPath) registered.observe = options.observer?.('GET', path, 200);
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
    const registered = this.#byPath.get(path);
    if (registered === undefined || options.isClosing()) return false;
    const headers = request.headers;
    // A body to read or drain, or a base address only Fastify can tell: the route's way.
    if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) return false;
    const baseUrl = options.publicBaseUrl ?? (options.trustProxy || !headers.host ? undefined : `${(request.socket as TLSSocket).encrypted ? 'https' : 'http'}://${headers.host}`);
    if (baseUrl === undefined) return false;
    const query = simpleQuery(q === -1 ? '' : url.slice(q + 1));
    if (query === undefined) return false;
    const gzip = acceptsGzip(headers['accept-encoding']);
    let kept: RawJson | undefined;
    try {
      kept = registered.answer({ headers, query, baseUrl });
    } catch (error) {
      // A fault of this step, not of the request: the route answers it, and the fault is seen.
      // (Thrown out of the server's request listener, it would end the process.)
      options.log.error({ err: error, request_uri: path }, 'early answer failed; the route answers');
      return false;
    }
    if (kept === undefined) return false;
    const frame = registered.frame;
    const reqId = newRequestId();
    // Status line and headers in one call, as a flat list (no object to build and walk); the
    // order and values of Fastify's reply (early-answers.test.ts compares the raw headers).
    // Node corks the socket on the first write until the end: one writev for headers and pieces,
    // and the head, a string, is joined to the header block's string before it is encoded.
    if (gzip) {
      const gzipped = frame.gzipped(kept);
      response.writeHead(200, ['content-type', JSON_UTF8, 'vary', 'accept-encoding', 'content-encoding', 'gzip', 'content-length', gzipped.contentLength]);
      response.end(gzipped.stream.bytes(reqId));
    } else {
      const head = frame.head(reqId);
      const bytes = kept.bytes;
      response.writeHead(200, ['content-type', JSON_UTF8, 'vary', 'accept-encoding', 'content-length', String(frame.headBytes + bytes.length + frame.tail.length)]);
      response.write(head, 'utf8');
      response.write(bytes);
      response.end(frame.tail);
    }
    const observe = registered.observe;
    if (observe) response.on('finish', () => observe((performance.now() - startedAt) / 1000));
    return true;
  }
}

const JSON_UTF8 = 'application/json; charset=utf-8';

/** A path's early answer, the envelope around its payloads and the latency metric of its route. */
interface Registered {
  readonly answer: EarlyAnswer;
  readonly frame: EnvelopeFrame;
  observe: ((seconds: number) => void) | undefined;
}

/**
 * The envelope a route answers around a kept payload, cut once per path where the two things
 * that vary go: the req_id (a new one per request) and the payload. Made by the reply
 * serializer's own `replyParts` from `buildEnvelope` (envelope.ts), so an early answer writes the
 * route's bytes (D-084) without building and serialising the envelope for every request (D-089).
 */
export class EnvelopeFrame {
  /** The text up to the req_id's value. */
  readonly #beforeId: string;
  /** The text from the req_id's closing quote up to the payload. */
  readonly #afterId: string;
  /** The bytes after the payload. */
  readonly tail: Buffer;
  /** The UTF-8 length of `head(reqId)`, whatever the req_id (always 32 hex digits). */
  readonly headBytes: number;

  /** The gzip form of each kept payload around this envelope (D-094), kept as long as the payload is. */
  readonly #gzipped = new WeakMap<RawJson, KeptGzip>();

  constructor(path: string) {
    const slotId = newRequestId();
    const parts = replyParts(buildEnvelope(Codes.OK, FRAME_SLOT, '', path, slotId));
    const [before, slot, after] = typeof parts === 'string' ? [] : parts;
    if (!(before instanceof Buffer) || slot !== FRAME_SLOT || !(after instanceof Buffer) || parts.length !== 3) {
      throw new Error(`${path}: the envelope does not cut around its payload`);
    }
    const text = before.toString('utf8');
    const at = text.indexOf(`"${slotId}"`);
    if (at === -1 || text.indexOf(slotId, at + slotId.length) !== -1) throw new Error(`${path}: the envelope's req_id is not found once`);
    this.#beforeId = text.slice(0, at + 1);
    this.#afterId = text.slice(at + 1 + slotId.length);
    this.tail = after;
    this.headBytes = Buffer.byteLength(this.#beforeId) + slotId.length + Buffer.byteLength(this.#afterId);
    // The gzip form writes the head as one stored block (gzipped); no registered path comes near.
    if (this.headBytes > STORED_BLOCK_MAX) throw new Error(`${path}: the envelope's head is over ${STORED_BLOCK_MAX} bytes`);
  }

  /** The envelope's text before the payload, with this request's req_id (32 hex digits, newRequestId). */
  head(reqId: string): string {
    return this.#beforeId + reqId + this.#afterId;
  }

  /**
   * The gzip encoding of this envelope around a kept payload, laid out once per payload (D-094):
   * per request only the req_id's bytes and the CRC are new. It decodes to `head(reqId)`, the
   * payload's bytes and `tail`, the identity answer's bytes.
   */
  gzipped(kept: RawJson): KeptGzip {
    let gzipped = this.#gzipped.get(kept);
    if (gzipped === undefined) {
      const stream = new GzipAroundId(Buffer.from(this.#beforeId, 'utf8'), REQ_ID_LENGTH, Buffer.from(this.#afterId, 'utf8'), kept.deflated, this.tail);
      gzipped = { stream, contentLength: String(stream.length) };
      this.#gzipped.set(kept, gzipped);
    }
    return gzipped;
  }
}

/** A kept payload's gzip stream around an envelope, and its Content-Length as written. */
interface KeptGzip {
  readonly stream: GzipAroundId;
  readonly contentLength: string;
}

/** newRequestId's 32 hex digits. */
const REQ_ID_LENGTH = 32;

/** Where the payload stands while a frame is cut. */
const FRAME_SLOT = new RawJson('null');

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
