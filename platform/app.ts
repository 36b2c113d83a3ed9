import Fastify, { type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { maxHeaderSize } from 'node:http';
import { answerClientError } from './http/client-errors.ts';
import { refuseWhileClosing } from './http/closing.ts';
import { answerFrameworkError } from './http/framework-errors.ts';
import { installEnvelope } from './http/envelope.ts';
import { answerUnmetExpectations } from './http/expectation.ts';
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
    // Fastify's bare 503 while closing is replaced by an enveloped one (refuseWhileClosing).
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    // Requests Node's parser refuses (oversized URL or headers, broken syntax) get the envelope too.
    clientErrorHandler: answerClientError,
    // So do requests the router refuses (a path whose percent-encoding does not decode).
    frameworkErrors: answerFrameworkError,
    routerOptions: {
      // A path parameter is a key or a status value: an overlong one reaches its route and gets that
      // route's answer for a key that does not exist (D-031). The limit guards regex parameters,
      // which no route has; Node's header limit already bounds the whole URL.
      maxParamLength: maxHeaderSize,
    },
  });
  answerUnmetExpectations(app);
  refuseWhileClosing(app);
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
