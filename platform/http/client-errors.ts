import { maxHeaderSize } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Codes } from '../../protocol/codes.ts';
import { buildEnvelope, newRequestId, pathOf } from './envelope.ts';

/** What Node's HTTP parser hands to 'clientError' (llhttp codes such as HPE_HEADER_OVERFLOW). */
interface ClientError extends Error {
  code?: string;
  /** The bytes being parsed when the parser gave up (a Buffer); they start with the request line when it fits one read. */
  rawPacket?: unknown;
}

/** A response of this socket already on the wire: writing ours would corrupt it (as Node's own handler checks). */
interface HttpSocket extends Socket {
  _httpMessage?: { headersSent?: boolean } | null;
}

const MAX_URI_CHARS = 1024;

/**
 * meta.request_uri of a request the parser refused: the path of its request line when the bytes
 * received start with one, else ''. Also '' when the path holds bytes a URL cannot (control or
 * non-ASCII bytes, one reason for refusal): they are no path to echo. Capped, since an oversized
 * URL is another reason.
 */
export function requestUriOf(raw: unknown): string {
  if (!Buffer.isBuffer(raw)) return '';
  const line = /^[A-Za-z]{1,16} (\/[^ \r\n]*)/.exec(raw.subarray(0, 4 * MAX_URI_CHARS + 64).toString('latin1'));
  const path = line?.[1] ? pathOf(line[1]) : '';
  return /[^\x21-\x7e]/.test(path) ? '' : path.slice(0, MAX_URI_CHARS);
}

function reasonOf(error: ClientError): string {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return `request line and headers exceed ${Math.floor(maxHeaderSize / 1024)} KiB`;
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return 'request not received in time';
    default:
      return `malformed HTTP request (${error.code ?? 'parse error'})`;
  }
}

/**
 * Fastify's clientErrorHandler. Node refuses some requests before any route sees them (URL or
 * headers over its 16 KiB limit, a broken request line or chunk, a request too slow to arrive)
 * and answers a bare 431 or 400. Those are bad input like any other (D-031): HTTP 400,
 * meta.code 400, the envelope with a req_id, and the connection closed because the parser's
 * state is lost. Never throws: a client error must not take the server down.
 */
export function answerClientError(this: FastifyInstance | undefined, error: ClientError, plainSocket: Socket): void {
  const socket = plainSocket as HttpSocket;
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const reqId = newRequestId();
  const requestUri = requestUriOf(error.rawPacket);
  this?.log.info({ req_id: reqId, code: error.code, request_uri: requestUri }, 'client error answered 400');
  const inFlight = socket._httpMessage?.headersSent === true;
  if (!socket.writable || inFlight) {
    socket.destroy();
    return;
  }
  answerBadRequestOnSocket(socket, reasonOf(error), requestUri, reqId);
}

/**
 * Writes the 400 envelope straight to a socket no route will answer (D-031), with
 * `Connection: close`, and closes it once the answer is flushed.
 */
export function answerBadRequestOnSocket(socket: Socket, reason: string, requestUri: string, reqId: string): void {
  const info = Codes.INVALID_PARAM;
  const body = JSON.stringify(buildEnvelope(info, {}, reason, requestUri, reqId));
  const head = [
    `HTTP/1.1 ${info.http} Bad Request`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
  ].join('\r\n');
  // end() flushes the answer before the socket goes (destroy() at once could drop it); a client
  // that never reads it does not keep the socket open.
  socket.end(`${head}\r\n\r\n${body}`, () => socket.destroy());
  setTimeout(() => socket.destroy(), 5_000).unref();
}
