import { OrderRepository } from '../skin-api/order-repository.ts';
import type { SqlExecutor } from '../storage/sql.ts';

const YEAR_MS = 365 * 24 * 3600 * 1000;

/** decision: the demo merchants each get a one-year Skin API order of 10,000 analyses. */
export const DEMO_ORDER_QUOTA = 10_000;

/** One order per merchant; run it in the seed's transaction. */
export async function seedSkinOrders(db: SqlExecutor, now: number): Promise<void> {
  await new OrderRepository(db).addForEveryMerchant(now - 24 * 3600 * 1000, now + YEAR_MS, DEMO_ORDER_QUOTA, now);
}
