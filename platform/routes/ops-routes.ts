import type { FastifyBaseLogger } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { OpsCodes } from '../../protocol/ops-codes.ts';
import { ApiError } from '../http/api-error.ts';
import type { PlatformMetrics } from '../metrics.ts';
import type { ObjectStore } from '../objects/object-store.ts';
import type { SqlDatabase } from '../storage/sql.ts';
import type { RouteKit } from './route-kit.ts';

export interface OpsDeps {
  readonly sql: SqlDatabase;
  readonly objects: ObjectStore;
  /** Absent when metrics are turned off: /metrics is then 404 like any unknown path. */
  readonly metrics: PlatformMetrics | null;
}

/** A readiness check that hangs is a failed one: probes have short timeouts of their own. */
const CHECK_TIMEOUT_MS = 2000;

/** null when `probe` succeeded; else what failed, the detail logged, not answered (it names hosts and paths). */
async function check(name: string, probe: () => Promise<void>, log: FastifyBaseLogger): Promise<string | null> {
  const timer = new AbortController();
  try {
    const late = await Promise.race([probe().then(() => false), sleep(CHECK_TIMEOUT_MS, true, { signal: timer.signal })]);
    if (!late) return null;
    log.warn(`readiness: ${name} gave no answer in ${CHECK_TIMEOUT_MS} ms`);
    return `${name} not answering`;
  } catch (error) {
    log.warn({ err: error }, `readiness: ${name} unreachable`);
    return `${name} unreachable`;
  } finally {
    timer.abort();
  }
}

/**
 * Probes and metrics for the operator's tooling (D-053). /healthz says the process answers
 * (liveness: restart it when this fails); /readyz says it can serve (database and object store
 * reachable: send it traffic); both answer in the envelope, /readyz with 503 when not ready.
 * While shutting down every request, these included, is 503 (http/closing.ts).
 */
export function registerOpsRoutes(kit: RouteKit, deps: OpsDeps): void {
  kit.open({ method: 'GET', url: '/healthz', public: 'liveness probe: says only that the process answers' }, async () => ({ status: 'ok' }));
  kit.open({ method: 'GET', url: '/readyz', public: 'readiness probe: says only whether the database and object store answer' }, async (request) => {
    const checks = [check('database', () => deps.sql.ping(), request.log), check('object store', () => deps.objects.ready(), request.log)];
    const failures = (await Promise.all(checks)).filter((f) => f !== null);
    if (failures.length > 0) throw new ApiError(OpsCodes.UNAVAILABLE, failures.join('; '));
    return { status: 'ready' };
  });
  const metrics = deps.metrics;
  if (metrics) {
    kit.open(
      { method: 'GET', url: '/metrics', public: 'Prometheus scrape: counts and timings, no tenant data (restrict it at the proxy if wanted)', envelope: false },
      async (_request, reply) => reply.header('content-type', metrics.registry.contentType).send(await metrics.registry.metrics()),
    );
  }
}
