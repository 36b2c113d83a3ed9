import { inListChunks } from '../../storage/in-list.ts';
import type { SqlExecutor } from '../../storage/sql.ts';

/** A store as the catalogue rules need it: links need Premium (business type 2). */
export interface StoreRef {
  id: number;
  custom_id: string;
  business_type: number;
  status: number;
}

/**
 * Lengths of the IN list of one lookup. A shorter list is padded (repeating a number changes
 * nothing), so there are four statement texts, not one per list length: prepared statements are
 * kept per text. 500 stays under SQLite's historical 999 parameters; a sale store list holds up
 * to 1000 numbers, two lookups.
 */
const LOOKUP_SIZES = [1, 10, 100, 500] as const;

/**
 * The merchant's stores among `customIds`, by number; numbers that are no store are absent. The
 * catalogue's own read of the tenant aggregate's stores: a sale store list names up to 1000,
 * looked up in a few statements instead of a round trip each (a single store is the tenant
 * repository's findStore). Another merchant's store is not found (decision D-007).
 */
export async function findStores(ex: SqlExecutor, merchantId: number, customIds: readonly string[]): Promise<Map<string, StoreRef>> {
  const found = new Map<string, StoreRef>();
  for (const chunk of inListChunks([...new Set(customIds)], LOOKUP_SIZES)) {
    const rows = await ex.all<StoreRef>(`SELECT id, custom_id, business_type, status FROM stores WHERE merchant_id = ? AND custom_id IN (${chunk.placeholders})`, [
      merchantId,
      ...chunk.values,
    ]);
    for (const row of rows) found.set(row.custom_id, row);
  }
  return found;
}
