import Fastify, { type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { answerClientError } from './http/client-errors.ts';
import { installEnvelope } from './http/envelope.ts';
import { recordRoutesForMethodNotAllowed } from './http/method-not-allowed.ts';
import { registerTokenRoutes } from './routes/token-routes.ts';
import { registerCatalogueRoutes } from './open-api/catalogue/routes.ts';
import { registerTenantRoutes } from './open-api/tenants/index.ts';
import type { PlatformServices } from './services.ts';
import { registerUploadPolicyRoute, registerUploadRoutes } from './skin-api/upload-routes.ts';
import { registerTaskRoutes } from './skin-api/task-routes.ts';
import { registerDetectionRoutes } from './skin-api/detection-routes.ts';
import { registerReportDataRoutes } from './report-data/index.ts';
import { registerDemoPictureRoutes } from './routes/demo-picture-routes.ts';

/** The HTTP surface: envelope and error mapping first, then every route module, then 405s. */
export async function buildPlatformApp(services: PlatformServices): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: services.config.logLevel },
    bodyLimit: services.config.jsonBodyLimit,
    genReqId: () => randomUUID().replaceAll('-', ''),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // Requests Node's parser refuses (oversized URL or headers, broken syntax) get the envelope too.
    clientErrorHandler: answerClientError,
  });
  installEnvelope(app);
  const sealMethods = recordRoutesForMethodNotAllowed(app);
  registerTokenRoutes(app, services);
  registerCatalogueRoutes(app, services);
  registerTenantRoutes(app, services);
  registerUploadPolicyRoute(app, services);
  registerTaskRoutes(app, services);
  registerDetectionRoutes(app, services);
  registerReportDataRoutes(app, services);
  registerDemoPictureRoutes(app);
  await registerUploadRoutes(app, services);
  sealMethods();
  return app;
}
