import { TaskCodes } from '../../protocol/skin-api/task-codes.ts';
import { ApiError } from '../http/api-error.ts';
import type { SqlExecutor } from '../storage/sql.ts';
import { OrderRepository, type SkinOrder } from './order-repository.ts';
import { TaskRepository } from './task-repository.ts';

export type { SkinOrder } from './order-repository.ts';

/** Every Skin API capability needs a valid order (specification: Supported pairs, Quota). */
export async function requireValidOrder(db: SqlExecutor, merchantId: number, now: number): Promise<SkinOrder> {
  const order = await new OrderRepository(db).findValid(merchantId, now);
  if (!order) throw new ApiError(TaskCodes.NO_VALID_ORDER, 'the merchant has no valid Skin API order');
  return order;
}

/** Reserves one unit for a quota-counting task; call inside the task-creation transaction. */
export async function reserveUnit(tx: SqlExecutor, order: SkinOrder): Promise<void> {
  if (!(await new OrderRepository(tx).reserveUnit(order.id))) throw new ApiError(TaskCodes.QUOTA_EXHAUSTED, 'the order has no quota left');
}

/**
 * Settles a task's reservation exactly once: one unit used on success, released on failure.
 * Clearing the task row's quota_reserved flag is a compare-and-set that only one caller can win,
 * and the order's counters move in the same transaction, so a task finished twice (after a crash
 * and a re-run, or by two processes) cannot be charged twice.
 */
export async function settleReservation(tx: SqlExecutor, taskId: string, succeeded: boolean): Promise<void> {
  const orderId = await new TaskRepository(tx).clearReservation(taskId, succeeded);
  if (orderId !== undefined) await new OrderRepository(tx).settleUnit(orderId, succeeded);
}
