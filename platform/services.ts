import { TokenRepository } from './auth/token-repository.ts';
import { TokenService } from './auth/token-service.ts';
import type { Clock } from './clock.ts';
import type { PlatformConfig } from './config.ts';
import type { SqlDatabase } from './storage/sql.ts';
import { LocalObjectStore } from './objects/local-object-store.ts';
import type { DirectAccess, ObjectStore } from './objects/object-store.ts';
import type { S3ObjectStore } from './objects/s3-object-store.ts';
import { loadOrCreateSigningKey } from './secrets.ts';
import { UploadService } from './skin-api/upload-service.ts';
import { UploadRetention } from './skin-api/upload-retention.ts';
import { join } from 'node:path';
import { AnalysisService } from './analysis/analysis-service.ts';
import type { SharedTaskQueue } from './analysis/shared-queue.ts';
import { TaskService } from './skin-api/task-service.ts';
import { createReportData, type ReportData } from './report-data/index.ts';
import { PlatformMetrics } from './metrics.ts';

/**
 * Configuration, time, storage and the services over them, composed once per instance. Route
 * modules (platform/routes/) take what they need from it; nothing here knows of HTTP routes.
 */
export interface PlatformServices {
  readonly config: PlatformConfig;
  readonly clock: Clock;
  /** The platform database behind the repositories: SQLite or PostgreSQL (D-051). */
  readonly sql: SqlDatabase;
  readonly tokens: TokenService;
  readonly objects: ObjectStore;
  /** The S3 store's presigned addresses (D-072); null on local disk. */
  readonly direct: DirectAccess | null;
  readonly uploads: UploadService;
  /** The sweeps of unused uploads and orphaned objects (D-096), started by roles all and worker. */
  readonly uploadRetention: UploadRetention;
  readonly tasks: TaskService;
  readonly analysis: AnalysisService;
  readonly reportData: ReportData;
  /** Prometheus metrics of this instance (D-053); null when turned off. */
  readonly metrics: PlatformMetrics | null;
}

/** Parts opened before the services, asynchronously. */
export interface ServiceParts {
  /** The store `config.objectStore` names, opened by `openS3Store` (objects/open-s3-store.ts); absent on local disk. */
  readonly s3?: S3ObjectStore | null;
  /** The shared job queue on PostgreSQL (D-073); absent: tasks run in this process's claim loop. */
  readonly sharedQueue?: SharedTaskQueue;
  /** The signing key, when the caller has read it already (server.ts checks it first, D-128). */
  readonly signingKey?: Buffer;
}

export function createServices(config: PlatformConfig, clock: Clock, sql: SqlDatabase, parts: ServiceParts = {}): PlatformServices {
  const s3 = parts.s3 ?? null;
  if (config.objectStore && !s3) throw new Error('createServices: --objects names an S3 store; open it with openS3Store and pass it');
  const objects: ObjectStore = s3 ?? new LocalObjectStore(join(config.dataDir, 'objects'));
  const signingKey = parts.signingKey ?? loadOrCreateSigningKey(config.dataDir);
  const uploads = new UploadService(sql, clock, objects, s3, signingKey, {
    method: config.uploadMethod,
    ttlSeconds: config.uploadTtlSeconds,
    maxBytes: config.maxUploadBytes,
  });
  const uploadRetention = new UploadRetention(sql, clock, objects, { ttlSeconds: config.uploadTtlSeconds, graceSeconds: config.uploadRetentionGraceSeconds });
  const analysis = new AnalysisService(sql, clock, uploads, objects, {
    region: config.region,
    workers: config.analysisWorkers,
    ...(config.modelDir ? { modelDir: config.modelDir } : {}),
    fetch: { maxBytes: config.maxUploadBytes, timeoutMs: config.fetchTimeoutMs, allowedPrivateHosts: config.allowedPrivateImageHosts },
    detectTimeoutMs: config.detectTimeoutMs,
    taskTimeoutMs: config.analysisTaskTimeoutMs,
    shutdownGraceMs: config.shutdownGraceSeconds * 1000,
    onTaskFinished: (apiCode, status, ms) => metrics?.taskFinished(apiCode, status, ms),
    ...(parts.sharedQueue ? { sharedQueue: parts.sharedQueue } : {}),
  });
  // Built after the analysis service: its gauge of running tasks asks it.
  const metrics = config.metrics ? new PlatformMetrics(sql, analysis) : null;
  const tasks = new TaskService(sql, clock, uploads, objects, (taskId, merchantId) => analysis.queued(taskId, merchantId), config.maxQueuedTasksPerMerchant);
  const reportData = createReportData({ config, clock, sql, uploads, tasks, objects, signingKey });
  return { config, clock, sql, tokens: new TokenService(new TokenRepository(sql), clock), objects, direct: s3, uploads, uploadRetention, tasks, analysis, reportData, metrics };
}
