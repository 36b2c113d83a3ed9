import { randomFillSync } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CodeInfo } from '../../protocol/codes.ts';
import { Codes } from '../../protocol/codes.ts';
import type { Envelope } from '../../protocol/envelope.ts';
import { OpsCodes } from '../../protocol/ops-codes.ts';
import { ObjectStoreUnavailableError } from '../objects/object-store.ts';
import { DatabaseUnavailableError } from '../storage/sql.ts';
import { ApiError } from './api-error.ts';
import { serializeReply } from './raw-json.ts';
import { isBodyTooLarge, keepConnectionForUnreadBody } from './unread-body.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false for the direct detection endpoints, which answer their payload bare. */
    envelope?: boolean;
    /** The code a body over the size limit answers on this route; else 400 (D-115). */
    bodyTooLarge?: CodeInfo;
  }
}

/** `http://host` of a request target in absolute form, which HTTP/1.1 servers must accept. */
const ORIGIN = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i;

/** The path of a request target, without its query or origin (meta.request_uri). */
export function pathOf(url: string): string {
  const origin = ORIGIN.exec(url)?.[0];
  const target = origin ? url.slice(origin.length) : url;
  const q = target.indexOf('?');
  const path = q === -1 ? target : target.slice(0, q);
  return origin && !path ? '/' : path;
}

function requestPath(request: FastifyRequest): string {
  return pathOf(request.url);
}

/**
 * A request's req_id: a random (version 4) UUID's 32 hex digits (Fastify's genReqId, and answers
 * written outside Fastify). Made as crypto.randomUUID makes them, from a pool of secure random
 * bytes filled 256 ids at a time, but written as hex at once rather than with dashes that are
 * then taken out (D-089).
 */
export function newRequestId(): string {
  if (idAt === idPool.length) {
    randomFillSync(idPool);
    idAt = 0;
  }
  const at = idAt;
  idAt += 16;
  // The version (4) and variant (10xx) bits of RFC 9562, as randomUUID sets them.
  idPool[at + 6] = (idPool[at + 6]! & 0x0f) | 0x40;
  idPool[at + 8] = (idPool[at + 8]! & 0x3f) | 0x80;
  return idPool.toString('hex', at, at + 16);
}

const idPool = Buffer.allocUnsafe(16 * 256);
let idAt = idPool.length;

/** The one shape of every envelope, also for answers written outside a request (client errors). */
export function buildEnvelope<T>(info: CodeInfo, response: T, error: string, requestUri: string, reqId: string): Envelope<T> {
  return { meta: { code: info.code, msg: info.msg, error, request_uri: requestUri, req_id: reqId }, response };
}

export function envelopeOf<T>(request: FastifyRequest, info: CodeInfo, response: T, error = ''): Envelope<T> {
  return buildEnvelope(info, response, error, requestPath(request), request.id);
}

function isEnveloped(request: FastifyRequest): boolean {
  return request.routeOptions.config?.envelope !== false;
}

/** Fastify's own client errors (bad JSON, body too large, bad content type) are parameter errors. */
function isClientError(error: unknown): error is { statusCode: number; message: string } {
  const status = (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/**
 * meta.error of a Fastify client error, in the `<part>: <what>` form of every other refusal: the
 * header at fault, or the body. The JSON parser (secure-json-parse) refuses a "__proto__" or
 * "constructor": {"prototype": …} key as it refuses broken JSON, under one code: the message
 * names both, since the caller's JSON may be valid.
 */
function clientErrorDetail(error: { message: string; code?: unknown }): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'body: not valid JSON, or it holds a "__proto__" or "constructor.prototype" key, which is refused';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'headers.content-type: not a type this endpoint reads (JSON endpoints take application/json)';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return `headers.content-length: ${error.message}`;
    default:
      return typeof error.code === 'string' && error.code.startsWith('FST_ERR_CTP_') ? `body: ${error.message}` : error.message;
  }
}

function notFound(request: FastifyRequest): ApiError {
  return new ApiError(Codes.NOT_FOUND, `no endpoint ${requestPath(request)}`);
}

function sendFailure(request: FastifyRequest, reply: FastifyReply, info: CodeInfo, detail: string, response: object): FastifyReply {
  const body = envelopeOf(request, info, response, detail);
  // Already-enveloped bodies pass the serialisation hook untouched.
  return reply.status(info.http).header('content-type', 'application/json; charset=utf-8').send(body);
}

/**
 * Installs the single place where envelopes are written: successful payloads are wrapped in
 * preSerialization, every thrown error is mapped in the error handler, and unknown paths are
 * answered by the not-found handler. Decision D-002 fixes the HTTP status of each code.
 */
export function installEnvelope(app: FastifyInstance): void {
  // JSON.stringify as Fastify's default, and answers kept serialised are spliced in (D-054), as
  // bytes when there are any (D-071). Fastify's type says string; it writes a Buffer as it is
  // (reply.js, onSendEnd takes a string or a Buffer and sets content-length from either).
  app.setReplySerializer(serializeReply as (payload: unknown) => string);
  // Hooks on every request take a callback rather than return a promise: a poll answered from
  // memory made 28 promises where the bare route makes 2 (D-081).
  app.addHook('preSerialization', (request, reply, payload, done) => {
    if (!isEnveloped(request) || reply.statusCode !== 200) return done(null, payload);
    if (payload !== null && typeof payload === 'object' && 'meta' in payload) return done(null, payload);
    done(null, envelopeOf(request, Codes.OK, payload ?? {}));
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) {
      return sendFailure(request, reply, error.info, error.detail, error.response);
    }
    if (isClientError(error)) {
      keepConnectionForUnreadBody(request, reply, error);
      const tooLarge = isBodyTooLarge(error) ? request.routeOptions.config?.bodyTooLarge : undefined;
      if (tooLarge) return sendFailure(request, reply, tooLarge, `the body is over ${request.routeOptions.bodyLimit} bytes: send the items in smaller batches`, {});
      return sendFailure(request, reply, Codes.INVALID_PARAM, clientErrorDetail(error), {});
    }
    if (error instanceof DatabaseUnavailableError || error instanceof ObjectStoreUnavailableError) {
      // 503 so a proxy or caller retries; nothing was accepted, since nothing could be stored (D-053, D-072).
      request.log.error({ err: error, req_id: request.id }, error instanceof DatabaseUnavailableError ? 'database unavailable' : 'object store unavailable');
      return sendFailure(request, reply, OpsCodes.UNAVAILABLE, `quote req_id ${request.id} to support`, {});
    }
    request.log.error({ err: error, req_id: request.id }, 'unhandled error');
    return sendFailure(request, reply, Codes.SYSTEM_ERROR, `quote req_id ${request.id} to support`, {});
  });

  // An unknown path is 404 before its body is parsed, whatever the body holds (D-004, D-031).
  app.addHook('onRequest', (request, _reply, done) => {
    done(request.is404 ? notFound(request) : undefined);
  });
  app.setNotFoundHandler(async (request) => {
    throw notFound(request);
  });
}
