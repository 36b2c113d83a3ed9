import type { SqlExecutor } from '../storage/sql.ts';

/** graphile-worker's schema in the platform database (its default name). */
export const JOB_SCHEMA = 'graphile_worker';

/** The key of a task's job: a job added twice for one task is one job. */
export const jobKeyOf = (taskId: string): string => `task:${taskId}`;

/** A queued task that has no job waiting for it. */
export interface OrphanTask {
  id: string;
  merchant_id: number;
}

/**
 * The shared queue's queries (D-073): the jobs of graphile-worker's schema that bring analysis
 * tasks to workers, and the queued tasks without one. PostgreSQL only (the schema exists there).
 */
export class TaskJobRepository {
  constructor(private readonly db: SqlExecutor) {}

  /**
   * Adds (or replaces) the job of a task. A job under the same key that is not yet taken is
   * updated in place; one locked by a runner keeps running and loses its key to the new job.
   */
  async addJob(jobName: string, taskId: string, priority: number, maxAttempts: number): Promise<void> {
    await this.db.run(
      `SELECT ${JOB_SCHEMA}.add_job(?::text, json_build_object('task_id', ?::text), job_key => ?::text, priority => ?::int, max_attempts => ?::int)`,
      [jobName, taskId, jobKeyOf(taskId), priority, maxAttempts],
    );
  }

  /**
   * Gives task `toTaskId` the waiting job of task `fromTaskId`, at the same priority and run_at, so
   * it keeps that job's place in the queue (D-085: a job ran another task of its merchant, which
   * leaves its own task without a job and the task run with one it no longer needs). One
   * statement: remove_job deletes the waiting job and returns it, add_job adds the other's.
   * False when `fromTaskId` had no waiting job (a runner took it meanwhile, or it was lost).
   */
  async moveJob(jobName: string, fromTaskId: string, toTaskId: string, maxAttempts: number): Promise<boolean> {
    const moved = await this.db.all<{ id: unknown }>(
      `SELECT ${JOB_SCHEMA}.add_job(?::text, json_build_object('task_id', ?::text), job_key => ?::text, priority => r.priority, run_at => r.run_at, max_attempts => ?::int) AS id
       FROM ${JOB_SCHEMA}.remove_job(?::text) r WHERE r.id IS NOT NULL AND r.locked_at IS NULL`,
      [jobName, toTaskId, jobKeyOf(toTaskId), maxAttempts, jobKeyOf(fromTaskId)],
    );
    return moved.length === 1;
  }

  /** The highest priority among the merchant's queued tasks' jobs not yet taken, if any. */
  async lastQueuedPriority(merchantId: number): Promise<number | undefined> {
    const row = await this.db.one<{ p: number | null }>(
      `SELECT MAX(j.priority) AS p FROM tasks t JOIN ${JOB_SCHEMA}.jobs j ON j.key = CAST(? AS TEXT) || t.id
       WHERE t.merchant_id = ? AND t.status = 'queued' AND j.locked_at IS NULL`,
      [jobKeyOf(''), merchantId],
    );
    return row?.p === null || row?.p === undefined ? undefined : Number(row.p);
  }

  /**
   * Queued tasks of the region, unchanged since `updatedBefore`, with no unlocked job under their
   * key: oldest first, at most `limit`.
   */
  orphans(region: string, updatedBefore: number, limit: number): Promise<OrphanTask[]> {
    return this.db.all<OrphanTask>(
      `SELECT t.id, t.merchant_id FROM tasks t JOIN merchants m ON m.id = t.merchant_id
       WHERE t.status = 'queued' AND m.region = ? AND t.updated_at < ?
         AND NOT EXISTS (SELECT 1 FROM ${JOB_SCHEMA}.jobs j WHERE j.key = CAST(? AS TEXT) || t.id AND j.locked_at IS NULL)
       ORDER BY t.created_at LIMIT ?`,
      [region, updatedBefore, jobKeyOf(''), limit],
    );
  }
}
