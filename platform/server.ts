import type { FastifyInstance } from 'fastify';
import { buildPlatformApp } from './app.ts';
import { systemClock, type Clock } from './clock.ts';
import { parsePlatformConfig, type PlatformConfigInput } from './config.ts';
import { seedDemoIfEmpty, type SeedResult } from './seed/demo-seed.ts';
import { openS3Store } from './objects/open-s3-store.ts';
import { sharedSigningKey } from './secrets.ts';
import { comparesTextByBytes, NOT_BYTE_ORDER } from './storage/byte-order.ts';
import { createServices, type PlatformServices } from './services.ts';
import { openPlatformDatabase } from './storage/database.ts';

export interface RunningPlatform {
  readonly app: FastifyInstance;
  readonly services: PlatformServices;
  /** Base address clients use, e.g. http://127.0.0.1:8080 */
  readonly url: string;
  /** A worker's probes and metrics (--ops-port), null when it serves none or is not a worker. */
  readonly opsUrl: string | null;
  /** Set when this start seeded an empty data directory. */
  readonly seeded: SeedResult | null;
  close(): Promise<void>;
}

export interface StartOptions {
  clock?: Clock;
  /** Seed the demo tenants into an empty data directory (default true). */
  seed?: boolean;
  /** How a refused configuration field is named: the command line gives its flag and variable. */
  labelOf?: (field: string) => string | undefined;
}

/** Opens the database (SQLite in the data directory, or PostgreSQL), seeds it when empty, and listens. */
export async function startPlatform(input: PlatformConfigInput, options: StartOptions = {}): Promise<RunningPlatform> {
  const config = parsePlatformConfig(input, options.labelOf);
  const sql = await openPlatformDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  let app: FastifyInstance;
  let services: PlatformServices;
  const clock = options.clock ?? systemClock;
  try {
    // First, before anything else is opened: a process signing differently must not start (D-128).
    const signingKey = await sharedSigningKey(sql, config.dataDir, clock.now());
    // D-073: on PostgreSQL tasks go through the shared job queue, whatever the role.
    // Imported on demand, like the S3 store: an embedded platform on SQLite never loads graphile-worker (cold start, D-053).
    const sharedQueue = config.databaseUrl === undefined ? undefined : await (await import('./analysis/shared-queue.ts')).SharedTaskQueue.open(config.databaseUrl, sql);
    const s3 = await openS3Store(config.objectStore, {
      ...(config.objectStoreCredentials ? { credentials: config.objectStoreCredentials } : {}),
      requestTimeoutMs: config.objectStoreTimeoutMs,
    });
    const byteOrder = config.databaseUrl === undefined || (await comparesTextByBytes(sql));
    services = createServices(config, clock, sql, { s3, signingKey, ...(sharedQueue ? { sharedQueue } : {}) });
    // A worker serves no API (D-073); it builds the probes and metrics for its logger, and serves
    // them when given an ops port (D-128).
    app = await buildPlatformApp(services, undefined, config.role === 'worker' ? 'ops' : 'all');
    if (config.role !== 'worker') await app.listen({ host: config.host, port: config.port });
    else if (config.opsPort !== undefined) await app.listen({ host: config.host, port: config.opsPort });
    if (!byteOrder) app.log.warn(NOT_BYTE_ORDER);
  } catch (error) {
    await sql.close();
    throw error;
  }
  // What the app listens on: the API's port, or a worker's ops port (none without --ops-port).
  const bound = app.server.listening ? app.server.address() : null;
  const boundPort = typeof bound === 'object' && bound ? bound.port : null;
  const port = config.role !== 'worker' && boundPort !== null ? boundPort : config.port;
  const opsUrl = config.role === 'worker' && boundPort !== null ? origin(config.host, boundPort) : null;
  const url = config.publicBaseUrl ?? `http://${config.host}:${port}`;
  const seeded = options.seed === false || !config.demoTenants || config.role === 'worker' ? null : await seedDemoIfEmpty(services, url);
  // A store that is not ready at start is said once in the log, with why (D-128); /readyz keeps saying it.
  void services.objects.ready().catch((error: unknown) => app.log.warn({ err: error }, 'object store not ready at start'));
  const runsWork = config.role !== 'api';
  await services.analysis.start(app.log, runsWork);
  // The instance calls itself (demo merchant) on the loopback address it listens on; a worker
  // listens on none, so it calls the API nodes at the public address it is given (D-128).
  const localHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const loopback = origin(localHost, port);
  const localUrl = config.role === 'worker' && config.publicBaseUrl ? config.publicBaseUrl : loopback;
  services.reportData.start(app.log, { publicUrl: url, localUrl }, runsWork);
  // Not on every API node: the sweeps are safe side by side (D-096) but need not run there.
  if (runsWork) services.uploadRetention.start(app.log);
  let closed = false;
  return {
    app,
    services,
    url,
    opsUrl,
    seeded,
    async close() {
      if (closed) return;
      closed = true;
      // Push first: calls in flight are aborted and resent after the next start.
      await services.reportData.stop();
      await app.close();
      await services.analysis.stop();
      await services.uploadRetention.stop();
      await services.objects.close();
      await sql.close();
    },
  };
}

/** http://host:port, an IPv6 host in brackets. */
function origin(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
