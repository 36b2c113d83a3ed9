import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'node:net';
import { answerBadRequestOnSocket } from './client-errors.ts';
import { newRequestId, pathOf } from './envelope.ts';

/**
 * A CONNECT request asks for a tunnel: Node hands it to 'connect' listeners instead of the
 * router, and with none it destroys the socket without a word. The platform is no proxy, so it
 * is refused like any request no route can take before routing (D-031): HTTP 400 with the
 * envelope and `Connection: close` (D-039). meta.request_uri is the target when it is a path;
 * CONNECT's usual target, `host:port`, is none, so it is ''.
 */
export function refuseConnect(app: FastifyInstance): void {
  app.server.on('connect', (request: IncomingMessage, socket: Duplex) => {
    const reqId = newRequestId();
    const target = request.url ?? '';
    const requestUri = target.startsWith('/') && !/[^\x21-\x7e]/.test(target) ? pathOf(target) : '';
    app.log.info({ req_id: reqId, request_uri: requestUri }, 'CONNECT answered 400');
    answerBadRequestOnSocket(socket as Socket, 'CONNECT is not supported: the platform is not a proxy', requestUri, reqId);
  });
}
