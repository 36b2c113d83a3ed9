import { TaskCodes } from '../../protocol/skin-api/task-codes.ts';
import { ApiError } from '../http/api-error.ts';
import type { Db } from '../storage/database.ts';

export interface SkinOrder {
  id: number;
  merchant_id: number;
  valid_from: number;
  valid_until: number;
  quota_total: number;
  quota_used: number;
  quota_reserved: number;
}

/** The merchant's order valid at `now` with the most quota left, or undefined. */
export function findValidOrder(db: Db, merchantId: number, now: number): SkinOrder | undefined {
  return db
    .prepare(
      `SELECT * FROM skin_orders WHERE merchant_id = ? AND valid_from <= ? AND valid_until > ?
       ORDER BY (quota_total - quota_used - quota_reserved) DESC, valid_until ASC LIMIT 1`,
    )
    .get(merchantId, now, now) as SkinOrder | undefined;
}

/** Every Skin API capability needs a valid order (specification: Supported pairs, Quota). */
export function requireValidOrder(db: Db, merchantId: number, now: number): SkinOrder {
  const order = findValidOrder(db, merchantId, now);
  if (!order) throw new ApiError(TaskCodes.NO_VALID_ORDER, 'the merchant has no valid Skin API order');
  return order;
}

/** Reserves one unit for a quota-counting task; call inside the task-creation transaction. */
export function reserveUnit(db: Db, order: SkinOrder): void {
  const changed = db
    .prepare('UPDATE skin_orders SET quota_reserved = quota_reserved + 1 WHERE id = ? AND quota_used + quota_reserved < quota_total')
    .run(order.id).changes;
  if (changed === 0) throw new ApiError(TaskCodes.QUOTA_EXHAUSTED, 'the order has no quota left');
}

/**
 * Settles a task's reservation exactly once: one unit used on success, released on failure.
 * The task row's quota_reserved flag is cleared in the same transaction, so a task finished
 * twice (after a crash and a re-run) cannot be charged twice.
 */
export function settleReservation(db: Db, taskId: string, succeeded: boolean): void {
  const task = db.prepare('SELECT order_id, quota_reserved FROM tasks WHERE id = ?').get(taskId) as { order_id: number; quota_reserved: number } | undefined;
  if (!task || task.quota_reserved !== 1) return;
  db.prepare('UPDATE tasks SET quota_reserved = 0, quota_charged = ? WHERE id = ? AND quota_reserved = 1').run(succeeded ? 1 : 0, taskId);
  db.prepare(
    succeeded
      ? 'UPDATE skin_orders SET quota_reserved = quota_reserved - 1, quota_used = quota_used + 1 WHERE id = ?'
      : 'UPDATE skin_orders SET quota_reserved = quota_reserved - 1 WHERE id = ?',
  ).run(task.order_id);
}
