import Fastify, { type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { installEnvelope } from './http/envelope.ts';
import { recordRoutesForMethodNotAllowed } from './http/method-not-allowed.ts';
import { registerTokenRoutes } from './routes/token-routes.ts';
import type { PlatformServices } from './services.ts';

/** The HTTP surface: envelope and error mapping first, then every route module, then 405s. */
export function buildPlatformApp(services: PlatformServices): FastifyInstance {
  const app = Fastify({
    logger: { level: services.config.logLevel },
    bodyLimit: services.config.jsonBodyLimit,
    genReqId: () => randomUUID().replaceAll('-', ''),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });
  installEnvelope(app);
  const sealMethods = recordRoutesForMethodNotAllowed(app);
  registerTokenRoutes(app, services);
  sealMethods();
  return app;
}
