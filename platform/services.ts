import type { FastifyRequest } from 'fastify';
import { ACCESS_TOKEN_HEADER, MERCHANT_ID_HEADER } from '../protocol/token.ts';
import type { AuthContext } from './auth/token-service.ts';
import { TokenService } from './auth/token-service.ts';
import { requireRegion, resolveMerchant, type MerchantRow } from './auth/merchant-scope.ts';
import type { Clock } from './clock.ts';
import type { PlatformConfig } from './config.ts';
import type { Db } from './storage/database.ts';
import { LocalObjectStore } from './objects/local-object-store.ts';
import type { ObjectStore } from './objects/object-store.ts';
import { loadOrCreateSigningKey } from './secrets.ts';
import { UploadService } from './skin-api/upload-service.ts';
import { join } from 'node:path';
import { AnalysisService } from './analysis/analysis-service.ts';
import { TaskService } from './skin-api/task-service.ts';
import { createReportData, type ReportData } from './report-data/index.ts';

/** What route modules are given: configuration, time, storage and the services over them. */
export interface PlatformServices {
  readonly config: PlatformConfig;
  readonly clock: Clock;
  readonly db: Db;
  readonly tokens: TokenService;
  readonly objects: ObjectStore;
  readonly uploads: UploadService;
  readonly tasks: TaskService;
  readonly analysis: AnalysisService;
  readonly reportData: ReportData;
}

export function createServices(config: PlatformConfig, clock: Clock, db: Db): PlatformServices {
  const objects = new LocalObjectStore(join(config.dataDir, 'objects'));
  const signingKey = loadOrCreateSigningKey(config.dataDir);
  const uploads = new UploadService(db, clock, objects, signingKey, {
    method: config.uploadMethod,
    ttlSeconds: config.uploadTtlSeconds,
    maxBytes: config.maxUploadBytes,
  });
  const analysis = new AnalysisService(db, clock, uploads, objects, {
    region: config.region,
    workers: config.analysisWorkers,
    ...(config.modelDir ? { modelDir: config.modelDir } : {}),
    fetch: { maxBytes: config.maxUploadBytes, timeoutMs: config.fetchTimeoutMs, allowedPrivateHosts: config.allowedPrivateImageHosts },
    detectTimeoutMs: config.detectTimeoutMs,
    taskTimeoutMs: config.analysisTaskTimeoutMs,
  });
  const tasks = new TaskService(db, clock, uploads, objects, () => analysis.wake());
  const reportData = createReportData({ config, clock, db, uploads, tasks, objects, signingKey });
  return { config, clock, db, tokens: new TokenService(db, clock), objects, uploads, tasks, analysis, reportData };
}

/**
 * The base address this instance is reached at, for addresses it hands out: the configured
 * public address, else the scheme and host the request came in on.
 */
export function publicBaseUrl(services: PlatformServices, request: FastifyRequest): string {
  return services.config.publicBaseUrl ?? `${request.protocol}://${request.host}`;
}

/** The token of a request: `access-token` (open_api) and `Access-Token` (skin_api) are one header. */
export function authenticate(services: PlatformServices, request: FastifyRequest): AuthContext {
  const header = request.headers[ACCESS_TOKEN_HEADER];
  return services.tokens.authenticate(Array.isArray(header) ? header[0] : header);
}

/**
 * Authenticates and resolves the merchant the call acts on, which must belong to this instance's
 * region: "a request sent to the wrong region is rejected" (specification, Regions and
 * addresses), with 44099 as on the upload policy (D-008).
 */
export function authenticateMerchant(services: PlatformServices, request: FastifyRequest): { auth: AuthContext; merchant: MerchantRow } {
  const auth = authenticate(services, request);
  const merchant = resolveMerchant(services.db, auth, request.headers[MERCHANT_ID_HEADER]);
  requireRegion(merchant, services.config.region);
  return { auth, merchant };
}
