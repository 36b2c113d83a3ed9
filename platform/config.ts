import { z } from 'zod';
import { regionSchema } from '../protocol/regions.ts';
import { defaultPoolSize } from './analysis/worker-pool.ts';
import { DEFAULT_UPLOAD_TTL_SECONDS, MAX_UPLOAD_BYTES } from '../protocol/skin-api/upload-policy.ts';
import { PUSH_DELIVERY } from '../protocol/report-data/push.ts';
import { TASK_POLL } from '../protocol/skin-api/task-result.ts';
import { parseS3Location, type S3Location } from './objects/s3-location.ts';
import { PEER_GROUP_MIN_DEFAULT, PEER_GROUP_MIN_FLOOR } from '../protocol/device-sync/standing.ts';

/** Roles other than `all` share work through PostgreSQL: SQLite has one process (D-008, D-073). */
const roleNeedsPostgres = (config: { role: string; databaseUrl?: string | undefined }): boolean => config.role === 'all' || config.databaseUrl !== undefined;

/** Everything a platform instance needs to start; validated once at boot (STYLE.md: Configuration). */
export const platformConfigSchema = z.object({
  host: z.string().default('127.0.0.1'),
  port: z.number().int().min(0).max(65535).default(8080),
  dataDir: z.string().min(1),
  /**
   * postgres://… of the platform's database; absent: the SQLite file platform.sqlite in dataDir,
   * the embedded default (D-051).
   */
  databaseUrl: z.string().regex(/^postgres(ql)?:\/\//, 'a postgres:// or postgresql:// URL').optional(),
  /** One instance serves one region (specification: Regions and addresses). */
  region: regionSchema.default('overseas'),
  /** Address clients reach this instance at; defaults to http://host:port once listening. */
  publicBaseUrl: z.string().url().optional(),
  /** Largest JSON body accepted, in bytes. Decision D-005. */
  jsonBodyLimit: z.number().int().positive().default(4 * 1024 * 1024),
  /** Method of the upload policies this instance issues (both are specified; D-025). */
  uploadMethod: z.enum(['PUT', 'POST']).default('PUT'),
  uploadTtlSeconds: z.number().int().positive().default(DEFAULT_UPLOAD_TTL_SECONDS),
  maxUploadBytes: z.number().int().positive().default(MAX_UPLOAD_BYTES),
  /**
   * How long past its policy's expiry an upload no task or report used is kept before the sweep
   * removes its object and row (D-096); orphaned objects go after the ttl plus this.
   */
  uploadRetentionGraceSeconds: z.number().int().min(0).default(24 * 60 * 60),
  /**
   * s3://BUCKET?endpoint=URL&region=REGION of an S3-compatible store for uploads and outputs;
   * absent: files under dataDir, the embedded default (D-072).
   */
  objectStore: z
    .union([z.string(), z.custom<S3Location>((value) => typeof value === 'object' && value !== null)])
    .transform((value, context): S3Location => {
      if (typeof value !== 'string') return value;
      try {
        return parseS3Location(value);
      } catch (error) {
        context.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
        return z.NEVER;
      }
    })
    .optional(),
  /**
   * Keys of the S3 store for embedders and tests; absent: the SDK's default chain
   * (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, shared files, instance roles). Never a CLI flag.
   */
  objectStoreCredentials: z.object({ accessKeyId: z.string().min(1), secretAccessKey: z.string().min(1) }).optional(),
  /** An S3 call that takes longer fails its request with 503 (D-072). */
  objectStoreTimeoutMs: z.number().int().positive().default(10_000),
  /** Analysis worker threads; default one per core (ONNX Runtime blocks the thread it runs on). */
  analysisWorkers: z.number().int().min(1).max(64).default(defaultPoolSize()),
  /**
   * Folder of the ONNX models the analysis workers load; absent: the repository's models/. A
   * packaged kiosk passes its resources/models, where electron-builder puts them (D-044).
   */
  modelDir: z.string().min(1).optional(),
  /** Downloads of pic_url and external task resources (D-027). */
  fetchTimeoutMs: z.number().int().positive().default(10_000),
  detectTimeoutMs: z.number().int().positive().default(30_000),
  /** Time limit of one analysis job of a task, failed with 45105 past it (D-028); tests shorten it. */
  analysisTaskTimeoutMs: z.number().int().positive().default(TASK_POLL.taskTimeoutSeconds * 1000),
  /** host:port of private-network image hosts that may be fetched all the same. */
  allowedPrivateImageHosts: z.array(z.string()).default([]),
  /** Waits between push attempts (D-023); each gets +-20 % jitter. Tests shorten them. */
  pushRetryDelaysMs: z.array(z.number().int().positive()).max(20).default(PUSH_DELIVERY.retryDelaysSeconds.map((s) => s * 1000)),
  /** How often the outbox looks for due events besides being woken on new ones. */
  pushPollMs: z.number().int().positive().default(1000),
  /** Merchants delivered to at once (each has at most one event in flight, R-011). */
  pushConcurrency: z.number().int().min(1).max(64).default(8),
  /**
   * Private-network callback targets (webhook and CRM URLs) allowed all the same, as `host:port`
   * or `host:*`. Public addresses are always allowed; the demo merchant's
   * instance-relative URLs always reach this instance.
   */
  allowedPrivateCallbackHosts: z.array(z.string()).default([]),
  /** Mount the demo merchant's CRM and webhook receiver under /demo_merchant/ (embedded mode). */
  demoMerchant: z.boolean().default(true),
  /**
   * Seed the demo tenants into an empty database (D-129). Off in production, where an operator
   * creates the real ones (`npm run platform -- tenants`); `--no-demo-tenants` turns both off.
   */
  demoTenants: z.boolean().default(true),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  /** One log line per request (Fastify's incoming/completed at info); off by default (D-053). */
  logRequests: z.boolean().default(false),
  /** Take the client address from X-Forwarded-For (behind a reverse proxy); it keys rate limits. */
  trustProxy: z.boolean().default(false),
  /** Token requests per app_id and client address in one window; 0: no limit (D-052). */
  tokenRateLimit: z.number().int().min(0).default(300),
  rateLimitWindowSeconds: z.number().int().positive().default(60),
  /** Serve Prometheus metrics at /metrics (D-053). */
  metrics: z.boolean().default(true),
  /**
   * The least group of customers (same merchant, same age band) a percentile is given for
   * (POST /device_api/standing, D-066); never below 10, where one person stands out too easily.
   */
  peerGroupMin: z.number().int().min(PEER_GROUP_MIN_FLOOR).max(100_000).default(PEER_GROUP_MIN_DEFAULT),
  /**
   * What this process does (D-073): `all` serves HTTP and runs tasks and push deliveries (the
   * embedded default, one process); on PostgreSQL `api` serves HTTP only and `worker` runs tasks
   * and deliveries only, any number of each on one database.
   */
  role: z.enum(['all', 'api', 'worker']).default('all'),
  /**
   * A worker's port for /healthz, /readyz and /metrics only (D-128); absent, a worker listens on
   * nothing (D-073). Other roles serve them on `port` with the API.
   */
  opsPort: z.number().int().min(0).max(65535).optional(),
  /** Queued tasks one merchant may have at once; more are refused with 45014 (D-073). */
  maxQueuedTasksPerMerchant: z.number().int().min(1).max(1_000_000).default(1000),
  /** How long a shutdown waits for requests and running tasks before handing tasks back (D-053). */
  shutdownGraceSeconds: z.number().int().min(0).max(3600).default(25),
}).refine(roleNeedsPostgres, { path: ['role'], message: 'roles api and worker need a PostgreSQL database (--database)' });
export type PlatformConfigInput = z.input<typeof platformConfigSchema>;

export type PlatformConfig = z.output<typeof platformConfigSchema>;

export function parsePlatformConfig(input: PlatformConfigInput, labelOf: (field: string) => string | undefined = () => undefined): PlatformConfig {
  const parsed = platformConfigSchema.safeParse(input);
  if (!parsed.success) {
    // The command line names its flags (labelOf), code its fields.
    const problems = parsed.error.issues.map((issue) => `  ${labelOf(String(issue.path[0] ?? '')) ?? (issue.path.join('.') || '(root)')}: ${issue.message}`);
    throw new Error(`invalid platform configuration:\n${problems.join('\n')}`);
  }
  return parsed.data;
}
