import { Codes } from '../../../protocol/codes.ts';
import type { BatchError } from '../../../protocol/envelope.ts';
import type { LinksBody, SaleStoresBody } from '../../../protocol/open-api/catalogue-requests.ts';
import { StoreBusinessType, type CatalogueStatus } from '../../../protocol/enums/statuses.ts';
import type { Clock } from '../../clock.ts';
import { ApiError, invalidParam } from '../../http/api-error.ts';
import { itemError } from './batch-errors.ts';
import type { CatalogueQueries, CatalogueRepository, ItemRef } from './catalogue-repository.ts';
import type { KindRules } from './kinds.ts';
import type { StoreRef } from './stores.ts';

/**
 * Delete, status, per-store availability and per-store links of products and treatments
 * (specification: Products, Treatments, States and transitions). Each call is one transaction:
 * its checks read what its writes then change, so nothing may slip in between (D-058).
 */
export class CatalogueOpsService {
  constructor(
    private readonly repo: CatalogueRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * Removes the listed items; unknown numbers are 40067 and store-created treatments 40055
   * (decision C-008), each in err_list while the others are removed. Sale stores, links and
   * bundle rows go with the item (ON DELETE CASCADE); a deleted product leaves the sets that
   * bundled it (decision C-007). A number listed twice is not found the second time.
   */
  delete(merchantId: number, rules: KindRules, customIds: readonly string[]): Promise<BatchError[]> {
    // The errors are the transaction's result, not collected outside it: its work may rerun.
    return this.repo.transaction(merchantId, async (q) => {
      const errors: BatchError[] = [];
      for (const [i, customId] of customIds.entries()) {
        const item = await q.findItemRef(merchantId, rules.kind, customId);
        if (!item) {
          errors.push(notFound(rules, i, customId));
        } else if (!rules.deletableSource(item.source)) {
          errors.push(itemError(i, customId, Codes.PRODUCT_NUMBER_INVALID,
            `custom_id_list.${i}: ${rules.noun} ${customId} is store-created (source 1); only merchant-created ${rules.noun}s can be deleted`).error);
        } else {
          await q.deleteItem(merchantId, item.id);
        }
      }
      return errors;
    });
  }

  /** PATCH /open_api/{product,treatment}/status/{status}: each listed item, whatever its source. */
  setStatus(merchantId: number, rules: KindRules, customIds: readonly string[], status: CatalogueStatus): Promise<BatchError[]> {
    const now = this.clock.now();
    return this.repo.transaction(merchantId, async (q) => {
      const errors: BatchError[] = [];
      for (const [i, customId] of customIds.entries()) {
        const item = await q.findItemRef(merchantId, rules.kind, customId);
        if (!item) errors.push(notFound(rules, i, customId));
        else await q.setStatus(merchantId, item.id, status, now);
      }
      return errors;
    });
  }

  /**
   * sell_type 1: every store; sell_type 2: exactly the listed stores (the list replaces the
   * previous one). Links of stores that no longer sell the item are removed with it, so a link
   * exists only where the item is for sale (decision C-012). Unknown stores are code 400.
   */
  async setSaleStores(merchantId: number, rules: KindRules, body: SaleStoresBody): Promise<void> {
    const now = this.clock.now();
    // Checks and writes in one transaction; a throw rolls back.
    await this.repo.transaction(merchantId, async (q) => {
      const item = await requireItem(q, merchantId, rules, body.custom_id);
      const known = await q.findStores(merchantId, body.store_list);
      const stores = body.store_list.map((customId, i) => requireStore(known, customId, `body.store_list.${i}`));
      await q.setSellType(merchantId, item.id, body.sell_type, now);
      await q.replaceSaleStores(merchantId, item.id, stores.map((s) => s.id));
      if (body.sell_type === 2) await q.dropLinksNotForSale(item.id);
    });
  }

  /**
   * Per-store links, Premium Version stores only. Listed stores are set, others keep theirs
   * (decision C-013). The call is all or nothing: the first entry that cannot be applied decides
   * the code and nothing is written. Order of the checks (decision C-009): the store exists
   * (400), is Premium (40068), sells the item (40066 products, 40089 treatments).
   */
  async setLinks(merchantId: number, rules: KindRules, body: LinksBody): Promise<void> {
    const now = this.clock.now();
    await this.repo.transaction(merchantId, async (q) => {
      const item = await requireItem(q, merchantId, rules, body.custom_id);
      const soldAt = await q.saleStoreIds(item.id);
      const known = await q.findStores(merchantId, body.link_list.map((entry) => entry.store_custom_id));
      const links = body.link_list.map((entry, i) => {
        const field = `body.link_list.${i}.store_custom_id`;
        const store = requireStore(known, entry.store_custom_id, field);
        if (store.business_type !== StoreBusinessType.PREMIUM) {
          throw new ApiError(Codes.STORE_NOT_PREMIUM, `${field}: store ${store.custom_id} is not a Premium Version store`);
        }
        if (item.sell_type === 2 && !soldAt.has(store.id)) {
          throw new ApiError(rules.notForSaleAtStore, `${field}: ${rules.noun} ${item.custom_id} is not for sale at store ${store.custom_id}`);
        }
        return { storeId: store.id, linkType: entry.link_type, link: entry.link_type === 1 ? (entry.link ?? '') : '' };
      });
      await q.upsertLinks(merchantId, item.id, links, now);
    });
  }
}

/** The item of a single-item operation; another merchant's number does not exist (40067). */
async function requireItem(q: CatalogueQueries, merchantId: number, rules: KindRules, customId: string): Promise<ItemRef> {
  const item = await q.findItemRef(merchantId, rules.kind, customId);
  if (!item) throw new ApiError(Codes.PRODUCT_NUMBER_NOT_FOUND, `body.custom_id: ${rules.noun} ${customId} does not exist`);
  return item;
}

/** decision C-012: a store number that is not one of the merchant's stores is code 400. */
function requireStore(known: ReadonlyMap<string, StoreRef>, customId: string, field: string): StoreRef {
  const store = known.get(customId);
  if (!store) throw invalidParam(`${field}: no store ${customId} in this merchant`);
  return store;
}

function notFound(rules: KindRules, i: number, customId: string): BatchError {
  return itemError(i, customId, Codes.PRODUCT_NUMBER_NOT_FOUND, `custom_id_list.${i}: ${rules.noun} ${customId} does not exist`).error;
}
