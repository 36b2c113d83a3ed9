import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Codes } from '../../protocol/codes.ts';
import { buildEnvelope, pathOf } from './envelope.ts';

function detailOf(error: FastifyError, clientFault: boolean, reqId: string): string {
  if (error.code === 'FST_ERR_BAD_URL') return 'path is not valid percent-encoded UTF-8';
  return clientFault ? `request refused by the router (${error.code})` : `quote req_id ${reqId} to support`;
}

/**
 * Fastify's frameworkErrors: requests its router refuses before any route, hook or error handler
 * runs (a path whose percent-encoding does not decode; a path parameter over the router's limit;
 * a failing route constraint). Fastify would answer its own bare body; these get the envelope
 * with the request's req_id like everything else (D-031): a client's fault is HTTP 400 and
 * meta.code 400, anything else 500. meta.request_uri is the path as sent, as on every answer.
 * The body is written here because the router's bare request context has none of the hooks or
 * the error handler installEnvelope adds.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const clientFault = (error.statusCode ?? 500) < 500;
  const info = clientFault ? Codes.INVALID_PARAM : Codes.SYSTEM_ERROR;
  if (clientFault) request.log.info({ req_id: request.id, code: error.code }, 'request refused by the router');
  else request.log.error({ err: error, req_id: request.id }, 'router error');
  const body = buildEnvelope(info, {}, detailOf(error, clientFault, request.id), pathOf(request.url), request.id);
  void reply.status(info.http).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(body));
}
