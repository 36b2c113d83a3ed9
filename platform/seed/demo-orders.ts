import type { Db } from '../storage/database.ts';

const YEAR_MS = 365 * 24 * 3600 * 1000;

/** decision: the demo merchants each get a one-year Skin API order of 10,000 analyses. */
export const DEMO_ORDER_QUOTA = 10_000;

export function seedSkinOrders(db: Db, now: number): void {
  db.prepare(
    `INSERT INTO skin_orders (merchant_id, valid_from, valid_until, quota_total, created_at)
     SELECT id, ?, ?, ?, ? FROM merchants`,
  ).run(now - 24 * 3600 * 1000, now + YEAR_MS, DEMO_ORDER_QUOTA, now);
}
