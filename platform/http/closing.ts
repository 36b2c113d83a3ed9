import type { FastifyInstance } from 'fastify';
import { Codes, defineCode } from '../../protocol/codes.ts';
import { ApiError } from './api-error.ts';

/**
 * A request routed while the server shuts down: HTTP 503, so a caller or proxy knows to retry,
 * with the specification's only server-side meta.code, 500 (D-031).
 */
export const SHUTTING_DOWN = defineCode(Codes.SYSTEM_ERROR.code, Codes.SYSTEM_ERROR.msg, 503);

/**
 * Replaces Fastify's return503OnClosing, whose bare 503 body bypasses the envelope. Requests
 * still arrive after close() began on connections that were busy (idle ones are closed); they
 * are refused in the first onRequest hook, before the 404 and 405 checks and before any body is
 * read, and go through the error handler like any other failure. Fastify itself marks these
 * answers `Connection: close`. Install before installEnvelope so this hook runs first. Returns
 * whether closing began.
 */
export function refuseWhileClosing(app: FastifyInstance): () => boolean {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', (_request, _reply, done) => {
    done(closing ? new ApiError(SHUTTING_DOWN, 'the platform is shutting down; retry shortly') : undefined);
  });
  // Answers given before Fastify (early-answers.ts) leave these requests to this hook.
  return () => closing;
}
