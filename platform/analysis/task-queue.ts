import type { Region } from '../../protocol/regions.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../storage/database.ts';
import { settleReservation } from '../skin-api/orders.ts';
import { TaskCodes } from '../../protocol/skin-api/task-codes.ts';

/** decision: a task is tried at most 3 times (a crash or an expired lease counts as a try). */
export const MAX_ATTEMPTS = 3;

export interface ClaimedTask {
  id: string;
  merchant_id: number;
  request: string;
  attempts: number;
}

/**
 * The durable queue: task rows in SQLite move queued -> running -> succeeded | failed (D-019).
 * Every move is one transaction guarded by the status and attempt it expects, so a stale worker
 * finishing late cannot overwrite a newer attempt, and quota is settled exactly once.
 */
export class TaskQueue {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly region: Region,
  ) {}

  /** At start: this region's instance was the only runner, so its running tasks were cut off. */
  requeueInterrupted(): number {
    return this.db
      .prepare(
        `UPDATE tasks SET status = 'queued', lease_until = NULL, updated_at = ?
         WHERE status = 'running' AND merchant_id IN (SELECT id FROM merchants WHERE region = ?)`,
      )
      .run(this.clock.now(), this.region).changes;
  }

  claimNext(leaseMs: number): ClaimedTask | undefined {
    return this.db.transaction(() => {
      const select = this.db.prepare(
        `SELECT t.id, t.merchant_id, t.request, t.attempts FROM tasks t JOIN merchants m ON m.id = t.merchant_id
         WHERE t.status = 'queued' AND m.region = ? ORDER BY t.created_at LIMIT 1`,
      );
      for (;;) {
        const next = select.get(this.region) as ClaimedTask | undefined;
        if (!next) return undefined;
        if (next.attempts >= MAX_ATTEMPTS) {
          this.finish(next.id, next.attempts, 'failed', { code: TaskCodes.ANALYSIS_FAILED.code, msg: `analysis failed ${next.attempts} times` });
          continue;
        }
        const now = this.clock.now();
        this.db.prepare(`UPDATE tasks SET status = 'running', attempts = attempts + 1, lease_until = ?, updated_at = ? WHERE id = ?`).run(now + leaseMs, now, next.id);
        return { ...next, attempts: next.attempts + 1 };
      }
    }).immediate();
  }

  succeed(id: string, attempt: number, record: unknown): boolean {
    return this.db.transaction(() => this.finish(id, attempt, 'succeeded', null, record)).immediate();
  }

  fail(id: string, attempt: number, error: { code: number; msg: string }): boolean {
    return this.db.transaction(() => this.finish(id, attempt, 'failed', error)).immediate();
  }

  /** Running tasks whose lease ran out (their runner died) go back to the queue. */
  reclaimExpiredLeases(): number {
    const now = this.clock.now();
    return this.db
      .prepare(
        `UPDATE tasks SET status = 'queued', lease_until = NULL, updated_at = ?
         WHERE status = 'running' AND lease_until < ? AND merchant_id IN (SELECT id FROM merchants WHERE region = ?)`,
      )
      .run(now, now, this.region).changes;
  }

  private finish(id: string, attempt: number, status: 'succeeded' | 'failed', error: { code: number; msg: string } | null, record?: unknown): boolean {
    const now = this.clock.now();
    const changed = this.db
      .prepare(
        `UPDATE tasks SET status = ?, result = ?, error_code = ?, error_msg = ?, finished_at = ?, updated_at = ?, lease_until = NULL
         WHERE id = ? AND attempts = ? AND status IN ('running', 'queued')`,
      )
      .run(status, record === undefined ? null : JSON.stringify(record), error?.code ?? null, error?.msg ?? null, now, now, id, attempt).changes;
    if (changed === 0) return false;
    settleReservation(this.db, id, status === 'succeeded');
    return true;
  }
}
