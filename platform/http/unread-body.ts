import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * How much of a refused body is still read, and for how long, after the answer was sent. Enough
 * for a client to finish sending a body a few times over the largest limit (uploads, 20 MiB), so
 * it reaches the point where it reads the answer; a client sending more is cut off.
 */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
export const DRAIN_MAX_MS = 30_000;

/**
 * Fastify answers a JSON body over the limit while the client is still sending it, and marks
 * the answer `Connection: close`; Node then closes the socket, the client's next write meets a
 * reset (EPIPE, ECONNRESET), and a client that reads only after sending never sees the answer.
 * So that refusal keeps the connection (its HTTP framing is intact: Node reads the rest of the
 * body and drops it) and the envelope is read (D-039). Call from the error handler.
 */
export function keepConnectionForUnreadBody(request: FastifyRequest, reply: FastifyReply, error: object): void {
  if (isBodyTooLarge(error) && !request.raw.complete) reply.removeHeader('connection');
}

/** Fastify's refusal of a body over the route's limit (by Content-Length or while reading it). */
export function isBodyTooLarge(error: object): boolean {
  return (error as { code?: unknown }).code === 'FST_ERR_CTP_BODY_TOO_LARGE';
}

/** How often a connection draining a refused body is looked at. */
const DRAIN_CHECK_MS = 100;

/**
 * Bounds the reading of a body left unread when its answer went out (any refusal before or
 * while the body was read: too large, wrong method, unknown path, bad content type). Node reads
 * and drops the rest itself; this closes the connection once more than DRAIN_MAX_BYTES arrived
 * after the answer, or the body is not complete after DRAIN_MAX_MS, so a client cannot keep a
 * socket busy by sending for ever. Node's parser reads the socket directly (no 'data' events
 * once a request is dumped), so the count is the socket's own bytesRead.
 */
export function boundUnreadBodies(app: FastifyInstance): void {
  app.addHook('onResponse', (request, _reply, done) => {
    boundUnread(request.raw);
    done();
  });
}

function boundUnread(body: IncomingMessage): void {
  const socket = body.socket;
  if (body.complete || socket.destroyed) return;
  const startBytes = socket.bytesRead;
  const startedAt = Date.now();
  const timer = setInterval(() => {
    if (body.complete || socket.destroyed) return clearInterval(timer);
    if (socket.bytesRead - startBytes > DRAIN_MAX_BYTES || Date.now() - startedAt > DRAIN_MAX_MS) {
      clearInterval(timer);
      socket.destroy();
    }
  }, DRAIN_CHECK_MS);
  timer.unref();
  // A body nobody reads any more (Fastify's parser stopped at the limit) is still pulled off the wire.
  body.resume();
}
