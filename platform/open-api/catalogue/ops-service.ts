import { Codes } from '../../../protocol/codes.ts';
import type { BatchError } from '../../../protocol/envelope.ts';
import type { LinksBody, SaleStoresBody } from '../../../protocol/open-api/catalogue-requests.ts';
import { StoreBusinessType, type CatalogueStatus } from '../../../protocol/enums/statuses.ts';
import type { Clock } from '../../clock.ts';
import { ApiError, invalidParam } from '../../http/api-error.ts';
import type { Db } from '../../storage/database.ts';
import { itemError } from './batch-errors.ts';
import type { KindRules } from './kinds.ts';
import type { StoreRef } from './stores.ts';
import { findStore } from './stores.ts';

interface ItemRef {
  id: number;
  custom_id: string;
  source: number;
  sell_type: number;
}

/**
 * Delete, status, per-store availability and per-store links of products and treatments
 * (specification: Products, Treatments, States and transitions). Each call is one transaction.
 */
export class CatalogueOpsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * Removes the listed items; unknown numbers are 40067 and store-created treatments 40055
   * (decision C-008), each in err_list while the others are removed. Sale stores, links and
   * bundle rows go with the item (ON DELETE CASCADE); a deleted product leaves the sets that
   * bundled it (decision C-007).
   */
  delete(merchantId: number, rules: KindRules, customIds: readonly string[]): BatchError[] {
    const errors: BatchError[] = [];
    this.db.transaction(() => {
      customIds.forEach((customId, i) => {
        const item = this.find(merchantId, rules, customId);
        if (!item) {
          errors.push(this.notFound(rules, i, customId));
        } else if (!rules.deletableSource(item.source)) {
          errors.push(itemError(i, customId, Codes.PRODUCT_NUMBER_INVALID,
            `custom_id_list.${i}: ${rules.noun} ${customId} is store-created (source 1); only merchant-created ${rules.noun}s can be deleted`).error);
        } else {
          this.db.prepare('DELETE FROM catalogue_items WHERE id = ? AND merchant_id = ?').run(item.id, merchantId);
        }
      });
    }).immediate();
    return errors;
  }

  /** PATCH /open_api/{product,treatment}/status/{status}: each listed item, whatever its source. */
  setStatus(merchantId: number, rules: KindRules, customIds: readonly string[], status: CatalogueStatus): BatchError[] {
    const errors: BatchError[] = [];
    const now = this.clock.now();
    this.db.transaction(() => {
      customIds.forEach((customId, i) => {
        const item = this.find(merchantId, rules, customId);
        if (!item) errors.push(this.notFound(rules, i, customId));
        else this.db.prepare('UPDATE catalogue_items SET status = ?, updated_at = ? WHERE id = ? AND merchant_id = ?').run(status, now, item.id, merchantId);
      });
    }).immediate();
    return errors;
  }

  /**
   * sell_type 1: every store; sell_type 2: exactly the listed stores (the list replaces the
   * previous one). Links of stores that no longer sell the item are removed with it, so a link
   * exists only where the item is for sale (decision C-012). Unknown stores are code 400.
   */
  setSaleStores(merchantId: number, rules: KindRules, body: SaleStoresBody): void {
    const now = this.clock.now();
    // Checks and writes in one IMMEDIATE transaction (see CatalogueWriteService); a throw rolls back.
    this.db.transaction(() => {
      const item = this.require(merchantId, rules, body.custom_id);
      const stores = body.store_list.map((customId, i) => this.requireStore(merchantId, customId, `body.store_list.${i}`));
      this.db.prepare('UPDATE catalogue_items SET sell_type = ?, updated_at = ? WHERE id = ? AND merchant_id = ?').run(body.sell_type, now, item.id, merchantId);
      this.db.prepare('DELETE FROM catalogue_sale_stores WHERE item_id = ? AND merchant_id = ?').run(item.id, merchantId);
      const insert = this.db.prepare('INSERT INTO catalogue_sale_stores (merchant_id, item_id, store_id) VALUES (?, ?, ?)');
      for (const store of stores) insert.run(merchantId, item.id, store.id);
      if (body.sell_type === 2) {
        this.db
          .prepare('DELETE FROM catalogue_store_links WHERE item_id = ? AND store_id NOT IN (SELECT store_id FROM catalogue_sale_stores WHERE item_id = ?)')
          .run(item.id, item.id);
      }
    }).immediate();
  }

  /**
   * Per-store links, Premium Version stores only. Listed stores are set, others keep theirs
   * (decision C-013). The call is all or nothing: the first entry that cannot be applied decides
   * the code and nothing is written. Order of the checks (decision C-009): the store exists
   * (400), is Premium (40068), sells the item (40066 products, 40089 treatments).
   */
  setLinks(merchantId: number, rules: KindRules, body: LinksBody): void {
    const now = this.clock.now();
    this.db.transaction(() => {
      const item = this.require(merchantId, rules, body.custom_id);
      const soldAt = new Set(
        (this.db.prepare('SELECT store_id FROM catalogue_sale_stores WHERE item_id = ?').all(item.id) as Array<{ store_id: number }>).map((r) => r.store_id),
      );
      const entries = body.link_list.map((entry, i) => {
        const field = `body.link_list.${i}.store_custom_id`;
        const store = this.requireStore(merchantId, entry.store_custom_id, field);
        if (store.business_type !== StoreBusinessType.PREMIUM) {
          throw new ApiError(Codes.STORE_NOT_PREMIUM, `${field}: store ${store.custom_id} is not a Premium Version store`);
        }
        if (item.sell_type === 2 && !soldAt.has(store.id)) {
          throw new ApiError(rules.notForSaleAtStore, `${field}: ${rules.noun} ${item.custom_id} is not for sale at store ${store.custom_id}`);
        }
        return { storeId: store.id, linkType: entry.link_type, link: entry.link_type === 1 ? (entry.link ?? '') : '' };
      });
      const upsert = this.db.prepare(
        `INSERT INTO catalogue_store_links (merchant_id, item_id, store_id, link_type, link, updated_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (item_id, store_id) DO UPDATE SET link_type = excluded.link_type, link = excluded.link, updated_at = excluded.updated_at`,
      );
      for (const e of entries) upsert.run(merchantId, item.id, e.storeId, e.linkType, e.link, now);
    }).immediate();
  }

  private find(merchantId: number, rules: KindRules, customId: string): ItemRef | undefined {
    return this.db
      .prepare('SELECT id, custom_id, source, sell_type FROM catalogue_items WHERE merchant_id = ? AND kind = ? AND custom_id = ?')
      .get(merchantId, rules.kind, customId) as ItemRef | undefined;
  }

  /** The item of a single-item operation; another merchant's number does not exist (40067). */
  private require(merchantId: number, rules: KindRules, customId: string): ItemRef {
    const item = this.find(merchantId, rules, customId);
    if (!item) throw new ApiError(Codes.PRODUCT_NUMBER_NOT_FOUND, `body.custom_id: ${rules.noun} ${customId} does not exist`);
    return item;
  }

  /** decision C-012: a store number that is not one of the merchant's stores is code 400. */
  private requireStore(merchantId: number, customId: string, field: string): StoreRef {
    const store = findStore(this.db, merchantId, customId);
    if (!store) throw invalidParam(`${field}: no store ${customId} in this merchant`);
    return store;
  }

  private notFound(rules: KindRules, i: number, customId: string): BatchError {
    return itemError(i, customId, Codes.PRODUCT_NUMBER_NOT_FOUND, `custom_id_list.${i}: ${rules.noun} ${customId} does not exist`).error;
  }
}
