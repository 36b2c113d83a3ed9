import type { FastifyBaseLogger } from 'fastify';
import { Logger, run, runMigrations, type Runner } from 'graphile-worker';
import { ANALYSIS_TASK_JOB, analysisTaskJobSchema } from '../../protocol/queue/jobs.ts';
import { openPostgresPool, withAdvisoryLock, type PostgresPool } from '../storage/postgres-pool.ts';
import type { SqlDatabase } from '../storage/sql.ts';
import { TaskRepository } from '../skin-api/task-repository.ts';
import { JOB_SCHEMA, TaskJobRepository } from './task-job-repository.ts';

/** Any fixed key: processes starting together install the queue's schema one after the other. */
const MIGRATION_LOCK = 7_300_073;
/** PostgreSQL smallint: graphile-worker stores priorities in it. */
const MAX_PRIORITY = 32_767;
/**
 * A queued task without a waiting job this long is given one again (D-073): its API node died
 * between the commit and the job, or its runner died and the lease sweep put it back.
 */
const ORPHAN_AFTER_MS = 10_000;
/** Orphans given a job by one sweep; the next sweep takes the rest. */
const ORPHANS_PER_SWEEP = 200;
/** graphile-worker's retries of a job; not relied on, the handler never throws (D-073). */
const MAX_ATTEMPTS = 5;
/** A worker whose LISTEN connection missed a notification still finds jobs this often. */
const POLL_MS = 1_000;

/** Runs one task: resolves when it is finished, handed back, or was not this worker's to run. */
export type TaskJobHandler = (taskId: string) => Promise<void>;

/**
 * The shared queue of analysis tasks on PostgreSQL (D-073): graphile-worker's jobs, one per
 * queued task, keyed by the task so a job added twice is one job. The task row stays the source
 * of truth (D-056): a job only says "claim this task"; a worker that finds it claimed or finished
 * does nothing. Fairness across merchants is the job's priority (lower runs first): how many
 * of the merchant's tasks were queued or running when it was added, so a merchant's hundredth
 * task waits behind every other merchant's first. A job is one turn of its merchant: the task it
 * runs is the merchant's task whose store's turn it is (D-085, TaskQueue.claim), and the task it
 * names then takes over that task's job (handOver).
 */
export class SharedTaskQueue {
  private runner: Runner | null = null;
  private pool: PostgresPool | null = null;

  private constructor(
    private readonly url: string,
    private readonly sql: SqlDatabase,
  ) {}

  /** Installs or upgrades the queue's schema (once across processes starting together). */
  static async open(url: string, sql: SqlDatabase): Promise<SharedTaskQueue> {
    await withAdvisoryLock(url, MIGRATION_LOCK, async () => {
      const pool = openPostgresPool(url, 2);
      try {
        await runMigrations({ pgPool: pool, schema: JOB_SCHEMA, logger: quietLogger(null) });
      } finally {
        await pool.end();
      }
    });
    return new SharedTaskQueue(url, sql);
  }

  /**
   * Adds the job of a committed, queued task. Not in the task's transaction: graphile-worker's
   * add_job writes rows every creation would contend on, making SERIALIZABLE creations rerun; a
   * job lost to a crash in between is added again by the orphan sweep.
   */
  async enqueue(taskId: string, merchantId: number): Promise<void> {
    const jobs = new TaskJobRepository(this.sql);
    const ahead = await new TaskRepository(this.sql).activeCountBesides(merchantId, taskId);
    // Never ahead of the merchant's own waiting jobs (D-079): their priorities were counts when
    // they were added, so once some of a backlog has run, the count alone would put a new task
    // before the merchant's older ones. At their last priority it follows them (ties run in the
    // order added), and other merchants' places are unchanged.
    const last = (await jobs.lastQueuedPriority(merchantId)) ?? 0;
    await jobs.addJob(ANALYSIS_TASK_JOB, taskId, Math.min(MAX_PRIORITY, Math.max(ahead, last)), MAX_ATTEMPTS);
  }

  /**
   * The job of task `jobTaskId` ran `ranTaskId`, another queued task of its merchant whose store's
   * turn it was (D-085): the task named by the job is still queued and gets the job `ranTaskId` no
   * longer needs, in its place, so the merchant keeps its places in the queue and every queued
   * task one job. When that job is gone (taken by a runner that will find its task running and do
   * nothing), it gets a new job instead.
   */
  async handOver(jobTaskId: string, ranTaskId: string, merchantId: number): Promise<void> {
    if (await new TaskJobRepository(this.sql).moveJob(ANALYSIS_TASK_JOB, ranTaskId, jobTaskId, MAX_ATTEMPTS)) return;
    await this.enqueue(jobTaskId, merchantId);
  }

  /** Queued tasks of the region with no job waiting for them get one again; how many did. */
  async addOrphans(region: string, now: number): Promise<number> {
    const orphans = await new TaskJobRepository(this.sql).orphans(region, now - ORPHAN_AFTER_MS, ORPHANS_PER_SWEEP);
    for (const orphan of orphans) await this.enqueue(orphan.id, orphan.merchant_id);
    return orphans.length;
  }

  /** Starts taking jobs: at most `concurrency` tasks at once, one per analysis worker. */
  async consume(concurrency: number, handler: TaskJobHandler, log: FastifyBaseLogger): Promise<void> {
    this.pool = openPostgresPool(this.url, concurrency + 2, (error) => log.warn({ err: error }, 'job queue connection lost'));
    this.runner = await run({
      pgPool: this.pool,
      schema: JOB_SCHEMA,
      concurrency,
      pollInterval: POLL_MS,
      noHandleSignals: true,
      logger: quietLogger(log),
      taskList: {
        [ANALYSIS_TASK_JOB]: async (payload) => {
          const job = analysisTaskJobSchema.safeParse(payload);
          if (!job.success) {
            log.error({ payload }, 'malformed analysis job dropped');
            return;
          }
          await handler(job.data.task_id);
        },
      },
    });
  }

  /** Stops taking jobs; waits for the handlers (the dispatcher's stop ends them first). */
  async stop(): Promise<void> {
    await this.runner?.stop();
    this.runner = null;
    await this.pool?.end();
    this.pool = null;
  }
}

/** graphile-worker's messages at warn and above go to the platform log; its chatter does not. */
function quietLogger(log: FastifyBaseLogger | null): Logger {
  return new Logger(() => (level, message) => {
    if (!log) return;
    if (level === 'error') log.error({ queue: 'graphile-worker' }, message);
    else if (level === 'warning') log.warn({ queue: 'graphile-worker' }, message);
  });
}
