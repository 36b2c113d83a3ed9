import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Codes } from '../../protocol/codes.ts';
import { buildEnvelope, newRequestId, pathOf } from './envelope.ts';

/**
 * Node answers an `Expect` header other than `100-continue` with a bare 417 before Fastify sees
 * the request. An expectation the platform cannot meet is a bad header like any other refusal
 * before routing (D-031): HTTP 400, meta.code 400, the envelope with a fresh req_id. The body
 * was never read, so the connection is closed.
 */
export function answerUnmetExpectations(app: FastifyInstance): void {
  app.server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => {
    const reqId = newRequestId();
    const requestUri = pathOf(request.url ?? '');
    app.log.info({ req_id: reqId, expect: request.headers.expect, request_uri: requestUri }, 'unmet expectation answered 400');
    const info = Codes.INVALID_PARAM;
    const body = JSON.stringify(buildEnvelope(info, {}, `headers.expect: only 100-continue is supported`, requestUri, reqId));
    response.writeHead(info.http, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    });
    response.end(body);
  });
}
