import type { ProductItem, StoreTreatmentItem, TreatmentItem } from '../../../protocol/open-api/catalogue-items.ts';
import type { PageQuery } from '../../../protocol/open-api/paging.ts';
import { StoreBusinessType } from '../../../protocol/enums/statuses.ts';
import { invalidParam } from '../../http/api-error.ts';
import type { Db } from '../../storage/database.ts';
import type { CatalogueKind } from './kinds.ts';
import type { CatalogueRow } from './rows.ts';
import { toProductItem, toStoreTreatmentItem, toTreatmentItem } from './rows.ts';
import type { StoreRef } from './stores.ts';
import { findStore } from './stores.ts';

export interface Page<T> {
  list: T[];
  /** Records over all pages (protocol decision on listResponseSchema). */
  total: number;
}

type StoreRow = CatalogueRow & { store_link_type: number | null; store_link: string | null };

/**
 * The catalogue reads (specification: Merchant data: reads). The merchant reads list every item
 * of the merchant, active and disabled, oldest first; the store reads list what a store sells
 * now: active items for sale at every store or at that store (decision C-011).
 */
export class CatalogueReadService {
  constructor(private readonly db: Db) {}

  merchantProducts(merchantId: number, page: PageQuery): Page<ProductItem> {
    return this.merchantPage(merchantId, 'product', page, (row) => toProductItem(row));
  }

  merchantTreatments(merchantId: number, page: PageQuery): Page<TreatmentItem> {
    return this.merchantPage(merchantId, 'treatment', page, toTreatmentItem);
  }

  storeProducts(merchantId: number, storeCustomId: string, page: PageQuery): Page<ProductItem> {
    return this.storePage(merchantId, 'product', storeCustomId, page, toProductItem);
  }

  storeTreatments(merchantId: number, storeCustomId: string, page: PageQuery): Page<StoreTreatmentItem> {
    return this.storePage(merchantId, 'treatment', storeCustomId, page, toStoreTreatmentItem);
  }

  private merchantPage<T>(merchantId: number, kind: CatalogueKind, page: PageQuery, map: (row: CatalogueRow) => T): Page<T> {
    // Count and page in one read transaction, so total and list agree.
    return this.db.transaction(() => {
      const where = 'FROM catalogue_items WHERE merchant_id = @merchantId AND kind = @kind';
      const params = { merchantId, kind };
      const total = (this.db.prepare(`SELECT COUNT(*) AS n ${where}`).get(params) as { n: number }).n;
      const window = pageWindow(page, total);
      if (!window) return { list: [], total };
      const rows = this.db.prepare(`SELECT * ${where} ORDER BY id LIMIT @limit OFFSET @offset`).all({ ...params, ...window }) as CatalogueRow[];
      return { list: rows.map(map), total };
    })();
  }

  private storePage<T>(merchantId: number, kind: CatalogueKind, storeCustomId: string, page: PageQuery, map: (row: CatalogueRow, link: string) => T): Page<T> {
    const store = this.requireStore(merchantId, storeCustomId);
    return this.db.transaction(() => {
      const where = `FROM catalogue_items i
        LEFT JOIN catalogue_store_links l ON l.item_id = i.id AND l.store_id = @storeId
        WHERE i.merchant_id = @merchantId AND i.kind = @kind AND i.status = 1
          AND (i.sell_type = 1 OR EXISTS (SELECT 1 FROM catalogue_sale_stores s WHERE s.item_id = i.id AND s.store_id = @storeId))`;
      const params = { merchantId, kind, storeId: store.id };
      const total = (this.db.prepare(`SELECT COUNT(*) AS n ${where}`).get(params) as { n: number }).n;
      const window = pageWindow(page, total);
      if (!window) return { list: [], total };
      const rows = this.db
        .prepare(`SELECT i.*, l.link_type AS store_link_type, l.link AS store_link ${where} ORDER BY i.id LIMIT @limit OFFSET @offset`)
        .all({ ...params, ...window }) as StoreRow[];
      // A store-specific link shows only at a Premium Version store (specification: links).
      const premium = store.business_type === StoreBusinessType.PREMIUM;
      return { list: rows.map((row) => map(row, premium && row.store_link_type === 1 ? (row.store_link ?? '') : '')), total };
    })();
  }

  /** An unknown store, or another merchant's, is code 400 on the query parameter (decision C-012). */
  private requireStore(merchantId: number, customId: string): StoreRef {
    const store = findStore(this.db, merchantId, customId);
    if (!store) throw invalidParam(`query.store_custom_id: no store ${customId} in this merchant`);
    return store;
  }
}

/**
 * LIMIT/OFFSET of a page, or null past the last record: a page number far beyond the data is an
 * empty page, never an offset too large to bind.
 */
function pageWindow(page: PageQuery, total: number): { limit: number; offset: number } | null {
  const offset = (page.page - 1) * page.count;
  return offset >= total ? null : { limit: page.count, offset };
}
