import type { Db } from '../../storage/database.ts';

/** A store as the catalogue rules need it: links need Premium (business type 2). */
export interface StoreRef {
  id: number;
  custom_id: string;
  business_type: number;
  status: number;
}

/**
 * The merchant's store with this number, or undefined. A store of another merchant is not
 * found: tenants never see each other's stores (decision D-007).
 */
export function findStore(db: Db, merchantId: number, customId: string): StoreRef | undefined {
  return db
    .prepare('SELECT id, custom_id, business_type, status FROM stores WHERE merchant_id = ? AND custom_id = ?')
    .get(merchantId, customId) as StoreRef | undefined;
}
