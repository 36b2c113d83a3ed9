import { inListChunks } from '../storage/in-list.ts';
import type { SqlExecutor } from '../storage/sql.ts';

export interface TaskRow {
  id: string;
  merchant_id: number;
  app_id: string;
  api_code: string;
  algorithm_variant: string;
  request: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  attempts: number;
  result: string | null;
  error_code: number | null;
  error_msg: string | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

/** A task without its request and result: all a poll reads unless the answer must be made (D-071). */
export type TaskStatusRow = Omit<TaskRow, 'request' | 'result'>;

export interface NewTask {
  id: string;
  merchantId: number;
  appId: string;
  orderId: number;
  apiCode: string;
  algorithmVariant: string;
  request: string;
  metadata: string | null;
  /** Who the task is served as within its merchant (D-085, store-key.ts). */
  storeKey: string;
  quotaReserved: boolean;
  idempotencyKey: string | null;
  requestHash: string;
  now: number;
}

/** A task handed to a runner: what it needs to run it, and the attempt it holds. */
export interface ClaimedTask {
  id: string;
  merchant_id: number;
  request: string;
  attempts: number;
}

export interface TaskOutcome {
  status: 'succeeded' | 'failed';
  /** The result record as JSON (succeeded), else null. */
  result: string | null;
  error: { code: number; msg: string } | null;
}

/** IN-list lengths of the orphan sweep's reading of tasks (in-list.ts). */
const TASK_ID_SIZES = [4, 16, 64, 200];

const TASK_STATUS_COLUMNS = 'id, merchant_id, app_id, api_code, algorithm_variant, status, attempts, error_code, error_msg, created_at, updated_at, finished_at';
const TASK_COLUMNS = `${TASK_STATUS_COLUMNS}, request, result`;

/**
 * Analysis tasks: creation and lookup (task-service.ts) and the durable queue's moves
 * (analysis/task-queue.ts, D-019). Every move of a task between statuses is one statement guarded
 * by the status and attempt it expects, so two runners (threads or processes) never both win it.
 */
export class TaskRepository {
  constructor(private readonly db: SqlExecutor) {}

  find(merchantId: number, taskId: string): Promise<TaskRow | undefined> {
    return this.db.one<TaskRow>(`SELECT ${TASK_COLUMNS} FROM tasks WHERE id = ? AND merchant_id = ?`, [taskId, merchantId]);
  }

  /** find without the request and the result (up to tens of kB): what a poll reads first. */
  findStatus(merchantId: number, taskId: string): Promise<TaskStatusRow | undefined> {
    return this.db.one<TaskStatusRow>(`SELECT ${TASK_STATUS_COLUMNS} FROM tasks WHERE id = ? AND merchant_id = ?`, [taskId, merchantId]);
  }

  /** The stored result record (JSON) of a task; null before it succeeded. */
  async resultOf(taskId: string): Promise<string | null> {
    return (await this.db.one<{ result: string | null }>('SELECT result FROM tasks WHERE id = ?', [taskId]))?.result ?? null;
  }

  /** The status of those of `ids` that exist, without their results (the orphan sweep's reading of outputs, D-138). */
  statuses(ids: readonly string[]): Promise<Map<string, TaskRow['status']>> {
    return this.columnOf('status', ids);
  }

  /** The stored results of those of `ids` that exist (null before success). */
  results(ids: readonly string[]): Promise<Map<string, string | null>> {
    return this.columnOf('result', ids);
  }

  private async columnOf<C extends 'status' | 'result'>(column: C, ids: readonly string[]): Promise<Map<string, TaskRow[C]>> {
    const found = new Map<string, TaskRow[C]>();
    for (const chunk of inListChunks(ids, TASK_ID_SIZES)) {
      const rows = await this.db.all<Pick<TaskRow, 'id' | C>>(`SELECT id, ${column} FROM tasks WHERE id IN (${chunk.placeholders})`, chunk.values);
      for (const row of rows) found.set(row.id, row[column]);
    }
    return found;
  }

  findByIdempotencyKey(merchantId: number, key: string): Promise<{ id: string; request_hash: string } | undefined> {
    return this.db.one('SELECT id, request_hash FROM tasks WHERE merchant_id = ? AND idempotency_key = ?', [merchantId, key]);
  }

  async insert(task: NewTask): Promise<void> {
    await this.db.run(
      `INSERT INTO tasks (id, merchant_id, app_id, order_id, api_code, algorithm_variant, request, metadata, store_key, status,
         quota_reserved, idempotency_key, request_hash, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'queued', ?, ?, ?, ?, ?)`,
      [task.id, task.merchantId, task.appId, task.orderId, task.apiCode, task.algorithmVariant, task.request, task.metadata, task.storeKey,
        task.quotaReserved ? 1 : 0, task.idempotencyKey, task.requestHash, task.now, task.now],
    );
  }

  /**
   * The merchant whose turn it is in the embedded claim loop (D-086): of the region's merchants
   * with queued tasks, the one with the fewest tasks running, then the one that started a task
   * least recently (never counts as longest ago), then the one whose oldest queued task is oldest.
   * The same rule as the store turn one level down, so a merchant's flood cannot hold another
   * merchant's customer back by more than one task per runner.
   */
  async merchantByTurn(region: string): Promise<number | undefined> {
    const row = await this.db.one<{ merchant_id: number }>(
      `WITH waiting AS MATERIALIZED (
         SELECT t.merchant_id, MIN(t.created_at) AS oldest FROM tasks t JOIN merchants m ON m.id = t.merchant_id
         WHERE t.status = 'queued' AND m.region = ? GROUP BY t.merchant_id
       )
       SELECT w.merchant_id FROM waiting w
       ORDER BY (SELECT COUNT(*) FROM tasks r WHERE r.merchant_id = w.merchant_id AND r.status = 'running'),
         (SELECT COALESCE(MAX(s.started_at), 0) FROM tasks s WHERE s.merchant_id = w.merchant_id),
         w.oldest, w.merchant_id
       LIMIT 1`,
      [region],
    );
    return row === undefined ? undefined : Number(row.merchant_id);
  }

  /**
   * The merchant's queued tasks in the order its stores take turns (D-085), candidates for
   * claim(): first the store with the fewest tasks running, then the one that started a task
   * least recently (never counts as longest ago), then the oldest task. So a store that sends
   * one task behind another store's flood runs next, while each store's own tasks keep their
   * order. Only the stores with queued tasks are looked at, each by two index reads.
   */
  queuedByStoreTurn(merchantId: number, limit: number): Promise<ClaimedTask[]> {
    return this.db.all<ClaimedTask>(
      `WITH stores AS MATERIALIZED (
         SELECT q.store_key,
           (SELECT COUNT(*) FROM tasks r WHERE r.merchant_id = ? AND r.status = 'running' AND r.store_key = q.store_key) AS running,
           (SELECT COALESCE(MAX(s.started_at), 0) FROM tasks s WHERE s.merchant_id = ? AND s.store_key = q.store_key) AS last_started
         FROM (SELECT DISTINCT store_key FROM tasks WHERE merchant_id = ? AND status = 'queued') q
       )
       SELECT t.id, t.merchant_id, t.request, t.attempts FROM tasks t JOIN stores ON stores.store_key = t.store_key
       WHERE t.merchant_id = ? AND t.status = 'queued'
       ORDER BY stores.running, stores.last_started, t.created_at, t.id LIMIT ?`,
      [merchantId, merchantId, merchantId, merchantId, limit],
    );
  }

  /** One task as a runner needs it, with its status; undefined when it does not exist. */
  runnable(id: string): Promise<(ClaimedTask & { status: TaskRow['status'] }) | undefined> {
    return this.db.one('SELECT id, merchant_id, request, attempts, status FROM tasks WHERE id = ?', [id]);
  }

  /** The merchant's queued and running tasks other than `taskId` (a job's priority, D-073). */
  async activeCountBesides(merchantId: number, taskId: string): Promise<number> {
    const row = await this.db.one<{ n: number }>("SELECT COUNT(*) AS n FROM tasks WHERE merchant_id = ? AND status IN ('queued', 'running') AND id <> ?", [merchantId, taskId]);
    return Number(row?.n ?? 0);
  }

  /** Queued tasks of a merchant (the per-merchant limit of D-073). */
  async queuedCount(merchantId: number): Promise<number> {
    return Number((await this.db.one<{ n: number }>("SELECT COUNT(*) AS n FROM tasks WHERE merchant_id = ? AND status = 'queued'", [merchantId]))?.n ?? 0);
  }

  /**
   * Compare-and-set queued -> running: true for exactly one caller when several try the same
   * task at the same attempt (on PostgreSQL the losers' UPDATE waits for the winner's row lock,
   * then finds the row no longer queued). The start time is its store's last turn (D-085).
   */
  async claim(id: string, attempts: number, leaseUntil: number, now: number): Promise<boolean> {
    const { changes } = await this.db.run(
      `UPDATE tasks SET status = 'running', attempts = attempts + 1, lease_until = ?, started_at = ?, updated_at = ?
       WHERE id = ? AND status = 'queued' AND attempts = ?`,
      [leaseUntil, now, now, id, attempts],
    );
    return changes === 1;
  }

  /** Extends the lease of a running attempt; false when the task moved on (its lease was taken back). */
  async renewLease(id: string, attempt: number, leaseUntil: number, now: number): Promise<boolean> {
    const { changes } = await this.db.run(
      `UPDATE tasks SET lease_until = ?, updated_at = ? WHERE id = ? AND attempts = ? AND status = 'running'`,
      [leaseUntil, now, id, attempt],
    );
    return changes === 1;
  }

  /** A running attempt back to the queue (its runner stops); false when the task moved on. */
  async requeue(id: string, attempt: number, now: number): Promise<boolean> {
    const { changes } = await this.db.run(
      `UPDATE tasks SET status = 'queued', lease_until = NULL, updated_at = ? WHERE id = ? AND attempts = ? AND status = 'running'`,
      [now, id, attempt],
    );
    return changes === 1;
  }

  /** Ends an attempt; false when the task moved on meanwhile (finished, or claimed again). */
  async finish(id: string, attempt: number, outcome: TaskOutcome, now: number): Promise<boolean> {
    const { changes } = await this.db.run(
      `UPDATE tasks SET status = ?, result = ?, error_code = ?, error_msg = ?, finished_at = ?, updated_at = ?, lease_until = NULL
       WHERE id = ? AND attempts = ? AND status IN ('running', 'queued')`,
      [outcome.status, outcome.result, outcome.error?.code ?? null, outcome.error?.msg ?? null, now, now, id, attempt],
    );
    return changes === 1;
  }

  /**
   * Clears a task's quota reservation and records whether it was charged; the order to settle, or
   * undefined when there was no reservation (any more). Only one caller gets the order back.
   */
  async clearReservation(id: string, charged: boolean): Promise<number | undefined> {
    const row = await this.db.one<{ order_id: number }>(
      'UPDATE tasks SET quota_reserved = 0, quota_charged = ? WHERE id = ? AND quota_reserved = 1 RETURNING order_id',
      [charged ? 1 : 0, id],
    );
    return row?.order_id;
  }

  /** Running tasks of the region whose lease ended before `now` back to the queue; their ids. */
  async requeueExpired(region: string, now: number): Promise<string[]> {
    const rows = await this.db.all<{ id: string }>(
      `UPDATE tasks SET status = 'queued', lease_until = NULL, updated_at = ?
       WHERE status = 'running' AND lease_until < ? AND merchant_id IN (SELECT id FROM merchants WHERE region = ?)
       RETURNING id`,
      [now, now, region],
    );
    return rows.map((row) => row.id);
  }

  /** Every running task of a region back to the queue (a restart of the only runner, SQLite). */
  async requeueRunning(region: string, now: number): Promise<number> {
    const { changes } = await this.db.run(
      `UPDATE tasks SET status = 'queued', lease_until = NULL, updated_at = ?
       WHERE status = 'running' AND merchant_id IN (SELECT id FROM merchants WHERE region = ?)`,
      [now, region],
    );
    return changes;
  }
}
