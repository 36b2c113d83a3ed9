import { idOf } from '../auth/merchant-repository.ts';
import type { SqlExecutor } from '../storage/sql.ts';

export interface SkinOrder {
  id: number;
  merchant_id: number;
  valid_from: number;
  valid_until: number;
  quota_total: number;
  quota_used: number;
  quota_reserved: number;
}

/**
 * Skin API orders and their quota counters (specification: Quota; D-027). The counters only move
 * through single guarded statements, so quota_used + quota_reserved never passes quota_total even
 * when callers race outside a transaction; callers that pair a move with a task row run both in
 * one transaction (task-service.ts, task-queue.ts).
 */
/**
 * The rows of skin_orders valid for a merchant at a time: parameters merchant id, now, now.
 * Shared with statements that act only for a merchant with a valid order (upload policies).
 */
export const VALID_ORDER_WHERE = 'merchant_id = ? AND valid_from <= ? AND valid_until > ?';

const ORDER_COLUMNS = 'id, merchant_id, valid_from, valid_until, quota_total, quota_used, quota_reserved';

export class OrderRepository {
  constructor(private readonly db: SqlExecutor) {}

  /** The merchant's order valid at `now` with the most quota left, or undefined. */
  findValid(merchantId: number, now: number): Promise<SkinOrder | undefined> {
    return this.db.one<SkinOrder>(
      `SELECT ${ORDER_COLUMNS} FROM skin_orders
       WHERE ${VALID_ORDER_WHERE}
       ORDER BY (quota_total - quota_used - quota_reserved) DESC, valid_until ASC LIMIT 1`,
      [merchantId, now, now],
    );
  }

  /** Holds one unit of the order for a task; false when none is left. */
  async reserveUnit(orderId: number): Promise<boolean> {
    const { changes } = await this.db.run(
      'UPDATE skin_orders SET quota_reserved = quota_reserved + 1 WHERE id = ? AND quota_used + quota_reserved < quota_total',
      [orderId],
    );
    return changes === 1;
  }

  /** Turns a held unit into a used one (success) or gives it back (failure). */
  async settleUnit(orderId: number, used: boolean): Promise<void> {
    await this.db.run(
      used
        ? 'UPDATE skin_orders SET quota_reserved = quota_reserved - 1, quota_used = quota_used + 1 WHERE id = ?'
        : 'UPDATE skin_orders SET quota_reserved = quota_reserved - 1 WHERE id = ?',
      [orderId],
    );
  }

  /** Every merchant's orders valid at `now` or starting later, used up or not (the operator's `tenants list`); expired ones are history. */
  current(now: number): Promise<SkinOrder[]> {
    return this.db.all<SkinOrder>(
      `SELECT ${ORDER_COLUMNS} FROM skin_orders WHERE valid_until > ? ORDER BY merchant_id, valid_from, id`,
      [now],
    );
  }

  /** A new order of the merchant (the operator's `tenants add-order`, D-129); its id. */
  async add(merchantId: number, validFrom: number, validUntil: number, quotaTotal: number, now: number): Promise<number> {
    return idOf(
      await this.db.one<{ id: number }>(
        'INSERT INTO skin_orders (merchant_id, valid_from, valid_until, quota_total, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id',
        [merchantId, validFrom, validUntil, quotaTotal, now],
      ),
    );
  }

  find(orderId: number): Promise<SkinOrder | undefined> {
    return this.db.one<SkinOrder>(`SELECT ${ORDER_COLUMNS} FROM skin_orders WHERE id = ?`, [orderId]);
  }

  /** Ends an order now (the operator's `tenants end-order`): no task is charged to it from now on. */
  async end(orderId: number, now: number): Promise<void> {
    await this.db.run('UPDATE skin_orders SET valid_until = ? WHERE id = ?', [now, orderId]);
  }

  /** One order per merchant of the database (the demo seed). */
  async addForEveryMerchant(validFrom: number, validUntil: number, quotaTotal: number, now: number): Promise<void> {
    await this.db.run(
      `INSERT INTO skin_orders (merchant_id, valid_from, valid_until, quota_total, created_at)
       SELECT id, ?, ?, ?, ? FROM merchants`,
      [validFrom, validUntil, quotaTotal, now],
    );
  }
}
