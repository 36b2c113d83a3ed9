import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { maxHeaderSize } from 'node:http';
import { MerchantRepository } from './auth/merchant-repository.ts';
import { MerchantScopes } from './auth/merchant-scopes.ts';
import { answerClientError } from './http/client-errors.ts';
import { refuseConnect } from './http/connect-method.ts';
import { refuseWhileClosing } from './http/closing.ts';
import { answerFrameworkError } from './http/framework-errors.ts';
import { EarlyAnswers } from './http/early-answers.ts';
import { installEnvelope, newRequestId } from './http/envelope.ts';
import { installKeptCompression } from './http/kept-compression.ts';
import { installRateLimits, tokenRateLimit } from './http/rate-limit.ts';
import { answerUnmetExpectations } from './http/expectation.ts';
import { recordRoutesForMethodNotAllowed } from './http/method-not-allowed.ts';
import { requireDeclaredRoutes } from './http/route-guard.ts';
import { boundUnreadBodies } from './http/unread-body.ts';
import { registerCatalogueRoutes } from './routes/open-api/catalogue-routes.ts';
import { registerTenantRoutes } from './routes/open-api/tenant-routes.ts';
import { registerDemoPictureRoutes } from './routes/demo-picture-routes.ts';
import { registerOpsRoutes } from './routes/ops-routes.ts';
import { registerReportDataRoutes } from './routes/report-data/report-data-routes.ts';
import { RouteKit } from './routes/route-kit.ts';
import { registerDetectionRoutes } from './routes/skin-api/detection-routes.ts';
import { registerTaskRoutes } from './routes/skin-api/task-routes.ts';
import { registerUploadPolicyRoute, registerUploadRoutes } from './routes/skin-api/upload-routes.ts';
import { registerTokenRoutes } from './routes/token-routes.ts';
import type { PlatformServices } from './services.ts';

/**
 * The HTTP surface: the route guard and envelope and error mapping first, then every route
 * module through the one route kit, then 405s. `routes` may register more routes through the
 * same kit (an extension, a test); the guard refuses any registered another way (D-038).
 */
export async function buildPlatformApp(
  services: PlatformServices,
  routes?: (kit: RouteKit, app: FastifyInstance) => void,
  /** 'ops': the probes and metrics only, for a worker's ops port (D-128). */
  surface: 'all' | 'ops' = 'all',
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: services.config.logLevel },
    // Per-request lines only when asked for (D-053); failures are logged by the error handler.
    logController: new LogController({ disableRequestLogging: !services.config.logRequests }),
    trustProxy: services.config.trustProxy,
    bodyLimit: services.config.jsonBodyLimit,
    genReqId: newRequestId,
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
  requireDeclaredRoutes(app);
  refuseConnect(app);
  boundUnreadBodies(app);
  answerUnmetExpectations(app);
  const isClosing = refuseWhileClosing(app);
  installEnvelope(app);
  installKeptCompression(app);
  services.metrics?.observe(app);
  await installRateLimits(app, services.sql, services.clock);
  const sealMethods = recordRoutesForMethodNotAllowed(app);
  const early = new EarlyAnswers();
  const kit = new RouteKit(app, { tokens: services.tokens, merchants: new MerchantScopes(new MerchantRepository(services.sql)), region: services.config.region, publicBaseUrl: services.config.publicBaseUrl, early });
  registerOpsRoutes(kit, { sql: services.sql, objects: services.objects, metrics: services.metrics });
  if (surface === 'all') {
    registerTokenRoutes(kit, services.tokens, {
      rateLimit: tokenRateLimit({ max: services.config.tokenRateLimit, windowSeconds: services.config.rateLimitWindowSeconds }),
      onIssued: () => services.metrics?.tokensIssued.inc(),
    });
    registerCatalogueRoutes(kit, services.sql, services.clock);
    registerTenantRoutes(kit, services.sql, services.clock);
    registerUploadPolicyRoute(kit, services);
    registerTaskRoutes(kit, services.tasks);
    registerDetectionRoutes(kit, services);
    registerReportDataRoutes(kit, services, app.log);
    registerDemoPictureRoutes(kit);
    await registerUploadRoutes(app, kit, services);
    routes?.(kit, app);
  }
  sealMethods();
  early.install(app, {
    publicBaseUrl: services.config.publicBaseUrl, trustProxy: services.config.trustProxy, logRequests: services.config.logRequests,
    isClosing, log: app.log, ...(services.metrics ? { observer: services.metrics.requestObserver } : {}),
  });
  return app;
}
