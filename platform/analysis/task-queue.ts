import type { Region } from '../../protocol/regions.ts';
import type { Clock } from '../clock.ts';
import type { SqlDatabase } from '../storage/sql.ts';
import { settleReservation } from '../skin-api/orders.ts';
import { TaskRepository, type ClaimedTask, type TaskOutcome } from '../skin-api/task-repository.ts';
import { TaskCodes } from '../../protocol/skin-api/task-codes.ts';

export type { ClaimedTask } from '../skin-api/task-repository.ts';

/** decision: a task is tried at most 3 times (a crash or an expired lease counts as a try). */
export const MAX_ATTEMPTS = 3;

/** Candidates read per look at the queue: enough that racing runners rarely all want the same one. */
const CANDIDATES = 4;

/**
 * The durable queue: task rows move queued -> running -> succeeded | failed (D-019). A claim is a
 * compare-and-set on the task's status and attempt count, so of two runners (in one process or
 * two on one PostgreSQL database) exactly one gets a task (D-056). Finishing is guarded by the
 * attempt it ends and settles quota in the same transaction, so a stale runner finishing late
 * cannot overwrite a newer attempt, and quota is settled exactly once.
 */
export class TaskQueue {
  constructor(
    private readonly sql: SqlDatabase,
    private readonly clock: Clock,
    private readonly region: Region,
  ) {}

  /**
   * At start, on SQLite: this region's instance is the only runner (D-008), so its running tasks
   * were cut off by the last stop. On PostgreSQL other processes may be running them: nothing is
   * taken from them here, and a dead runner's tasks come back when their lease ends (D-056).
   */
  async requeueInterrupted(): Promise<number> {
    if (this.sql.dialect !== 'sqlite') return 0;
    return new TaskRepository(this.sql).requeueRunning(this.region, this.clock.now());
  }

  /**
   * The next queued task of the region, now running under a lease of leaseMs; undefined when none
   * is queued. The embedded platform's merchants take turns (D-086), and within a merchant its
   * stores (D-085). The shared queue orders merchants by its jobs' priorities instead (D-073).
   */
  async claimNext(leaseMs: number): Promise<ClaimedTask | undefined> {
    const tasks = new TaskRepository(this.sql);
    for (;;) {
      const merchantId = await tasks.merchantByTurn(this.region);
      if (merchantId === undefined) return undefined;
      const task = await this.claimOfMerchant(merchantId, leaseMs);
      if (task) return task;
      // Another runner took the merchant's last queued tasks: the next merchant's turn.
    }
  }

  /**
   * A queued task of the merchant of task `id`, now running under a lease of leaseMs: the shared
   * queue's job names `id` (D-073) and stands for one turn of its merchant, in which the
   * merchant's stores take turns (D-085). The task run may be another of the merchant's queued
   * tasks; the caller then gives `id` that task's job. Undefined when `id` is not queued (finished,
   * or another worker runs it): the job was a duplicate or stale, and doing nothing is right.
   */
  async claim(id: string, leaseMs: number): Promise<ClaimedTask | undefined> {
    const task = await new TaskRepository(this.sql).runnable(id);
    if (task?.status !== 'queued') return undefined;
    return this.claimOfMerchant(Number(task.merchant_id), leaseMs);
  }

  succeed(id: string, attempt: number, record: unknown): Promise<boolean> {
    return this.finish(id, attempt, { status: 'succeeded', result: record === undefined ? null : JSON.stringify(record), error: null });
  }

  fail(id: string, attempt: number, error: { code: number; msg: string }): Promise<boolean> {
    return this.finish(id, attempt, { status: 'failed', result: null, error });
  }

  /** Keeps a running attempt's lease until `leaseUntil`; false when it was taken back meanwhile. */
  renew(id: string, attempt: number, leaseUntil: number): Promise<boolean> {
    return new TaskRepository(this.sql).renewLease(id, attempt, leaseUntil, this.clock.now());
  }

  /**
   * A runner that stops hands its attempt back to the queue at once instead of letting its lease
   * run out (D-053). The try still counts: its number fences a late result of this runner off the next.
   */
  handBack(id: string, attempt: number): Promise<boolean> {
    return new TaskRepository(this.sql).requeue(id, attempt, this.clock.now());
  }

  /** Running tasks whose lease ran out (their runner died) go back to the queue. */
  async reclaimExpiredLeases(): Promise<number> {
    return (await this.reclaimExpiredLeaseIds()).length;
  }

  /** reclaimExpiredLeases, naming the tasks: the shared queue adds their jobs at once (D-073). */
  reclaimExpiredLeaseIds(): Promise<string[]> {
    return new TaskRepository(this.sql).requeueExpired(this.region, this.clock.now());
  }

  /** The merchant's next task by store turn (D-085), claimed; undefined when it has none queued. */
  private async claimOfMerchant(merchantId: number, leaseMs: number): Promise<ClaimedTask | undefined> {
    const tasks = new TaskRepository(this.sql);
    for (;;) {
      const candidates = await tasks.queuedByStoreTurn(merchantId, CANDIDATES);
      if (candidates.length === 0) return undefined;
      for (const next of candidates) {
        if (next.attempts >= MAX_ATTEMPTS) {
          await this.finish(next.id, next.attempts, { status: 'failed', result: null, error: { code: TaskCodes.ANALYSIS_FAILED.code, msg: `analysis failed ${next.attempts} times` } });
          continue;
        }
        const now = this.clock.now();
        if (await tasks.claim(next.id, next.attempts, now + leaseMs, now)) return { ...next, attempts: next.attempts + 1 };
        // Another runner took it first: try the next candidate.
      }
    }
  }

  private finish(id: string, attempt: number, outcome: TaskOutcome): Promise<boolean> {
    const now = this.clock.now();
    return this.sql.transaction(async (tx) => {
      if (!(await new TaskRepository(tx).finish(id, attempt, outcome, now))) return false;
      await settleReservation(tx, id, outcome.status === 'succeeded');
      return true;
    });
  }
}
