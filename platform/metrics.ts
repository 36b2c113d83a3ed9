import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { SqlDatabase } from './storage/sql.ts';

/**
 * The instance's Prometheus metrics (D-053), in a registry of its own so that several instances
 * in one process (tests) do not share counters. Counts of rows (queue depth, push backlog) are
 * read from the database when scraped, one grouped query each over an indexed status column;
 * what happens in this process (requests, tasks run, tokens issued) is counted as it happens.
 */
export class PlatformMetrics {
  readonly registry = new Registry();
  readonly requestDuration: Histogram<'method' | 'route' | 'status_code'>;
  readonly taskDuration: Histogram<'api_code' | 'status'>;
  readonly tokensIssued: Counter;

  constructor(sql: SqlDatabase, analysis: { readonly activeTasks: number; readonly tasksWaitingForStorage: number; readonly readyWorkers: number }) {
    collectDefaultMetrics({ register: this.registry, prefix: 'platform_' });
    this.requestDuration = new Histogram({
      name: 'platform_http_request_duration_seconds',
      help: 'Time from receiving a request to the end of its answer, by route pattern and status',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    this.taskDuration = new Histogram({
      name: 'platform_task_duration_seconds',
      help: 'Run time of analysis tasks this process finished, from claim to result',
      labelNames: ['api_code', 'status'],
      buckets: [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 600],
      registers: [this.registry],
    });
    this.tokensIssued = new Counter({ name: 'platform_tokens_issued_total', help: 'Access tokens issued by this process', registers: [this.registry] });
    new Gauge({
      name: 'platform_tasks',
      help: 'Analysis tasks in the database by status (queued is the queue depth; all nodes)',
      labelNames: ['status'],
      registers: [this.registry],
      async collect() {
        const rows = await sql.all<{ status: string; n: number }>(`SELECT status, COUNT(*) AS n FROM tasks WHERE status IN ('queued', 'running') GROUP BY status`);
        this.set({ status: 'queued' }, 0);
        this.set({ status: 'running' }, 0);
        for (const row of rows) this.set({ status: row.status }, row.n);
      },
    });
    new Gauge({
      name: 'platform_tasks_active',
      help: 'Analysis tasks running in this process',
      registers: [this.registry],
      collect() {
        this.set(analysis.activeTasks);
      },
    });
    new Gauge({
      name: 'platform_tasks_waiting_for_storage',
      help: 'Analysis tasks of this process waiting for the object store or the database to come back (an outage; D-099)',
      registers: [this.registry],
      collect() {
        this.set(analysis.tasksWaitingForStorage);
      },
    });
    new Gauge({
      name: 'platform_analysis_workers_ready',
      help: 'Analysis worker threads that loaded their modules',
      registers: [this.registry],
      collect() {
        this.set(analysis.readyWorkers);
      },
    });
    new Gauge({
      name: 'platform_push_backlog',
      help: 'Report push events waiting for delivery (all nodes)',
      registers: [this.registry],
      async collect() {
        const row = await sql.one<{ n: number }>(`SELECT COUNT(*) AS n FROM push_events WHERE status = 'pending'`);
        this.set(row?.n ?? 0);
      },
    });
  }

  /** Times every answered request by its route pattern (never the raw URL: ids would explode the series). */
  observe(app: FastifyInstance): void {
    app.addHook('onResponse', (request, reply, done) => {
      this.requestAnswered(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  }

  /** Records one answered request (answers given before Fastify: requestObserver). */
  readonly requestAnswered = (method: string, route: string, statusCode: number, seconds: number): void => {
    this.requestDuration.observe({ method, route, status_code: String(statusCode) }, seconds);
  };

  /**
   * requestAnswered for one route and code, bound once: prom-client's labelled child, so an
   * answer given before Fastify (http/early-answers.ts) does not build and look up its labels
   * every time (D-089).
   */
  readonly requestObserver = (method: string, route: string, statusCode: number): ((seconds: number) => void) => {
    const child = this.requestDuration.labels(method, route, String(statusCode));
    return (seconds) => child.observe(seconds);
  };

  /** Told of every finished task by the analysis service. */
  readonly taskFinished = (apiCode: string, status: 'succeeded' | 'failed', ms: number): void => {
    this.taskDuration.observe({ api_code: apiCode || 'unknown', status }, ms / 1000);
  };
}
