import type { ProductItem, StoreTreatmentItem, TreatmentItem } from '../../../protocol/open-api/catalogue-items.ts';
import type { PageQuery } from '../../../protocol/open-api/paging.ts';
import { StoreBusinessType } from '../../../protocol/enums/statuses.ts';
import { invalidParam } from '../../http/api-error.ts';
import type { CatalogueRepository, PageWindow } from './catalogue-repository.ts';
import type { CatalogueKind } from './kinds.ts';
import type { CatalogueRow } from './rows.ts';
import { toProductItem, toStoreTreatmentItem, toTreatmentItem } from './rows.ts';
import type { StoreRef } from './stores.ts';
import type { RawJson } from '../../http/raw-json.ts';
import { keepPage, keptPage, type Page } from './kept-pages.ts';
import { BoundedCache } from '../../bounded-cache.ts';
import { rawJsonOf } from '../../http/raw-json.ts';

export type { Page } from './kept-pages.ts';

/** Rows per statement when a store's whole catalogue is read. */
const WHOLE_READ_CHUNK = 500;

/**
 * The catalogue reads (specification: Merchant data: reads). The merchant reads list every item
 * of the merchant, active and disabled, oldest first; the store reads list what a store sells
 * now: active items for sale at every store or at that store (decision C-011).
 */
export class CatalogueReadService {
  /** Pages kept under a change stamp (D-075): this instance's own, since two databases' stamps may be equal. */
  readonly #stampedPages = new BoundedCache<string, RawJson<Page<unknown>>>(256);

  constructor(private readonly repo: CatalogueRepository) {}

  merchantProducts(merchantId: number, page: PageQuery): Promise<RawJson<Page<ProductItem>>> {
    return this.merchantPage(merchantId, 'product', page, (row) => toProductItem(row));
  }

  merchantTreatments(merchantId: number, page: PageQuery): Promise<RawJson<Page<TreatmentItem>>> {
    return this.merchantPage(merchantId, 'treatment', page, toTreatmentItem);
  }

  /**
   * merchantProducts' answer when it is kept and its merchant's change stamp says it stands,
   * with no read and no promise: what the page answers from one step before routing (D-089).
   * Undefined whenever merchantProducts would read anything.
   */
  keptMerchantProducts(merchantId: number, page: PageQuery): RawJson<Page<ProductItem>> | undefined {
    return this.keptStampedPage(merchantId, 'product', page);
  }

  /** keptMerchantProducts for treatments. */
  keptMerchantTreatments(merchantId: number, page: PageQuery): RawJson<Page<TreatmentItem>> | undefined {
    return this.keptStampedPage(merchantId, 'treatment', page);
  }

  storeProducts(merchantId: number, storeCustomId: string, page: PageQuery): Promise<Page<ProductItem>> {
    return this.storePage(merchantId, 'product', storeCustomId, page, toProductItem);
  }

  storeTreatments(merchantId: number, storeCustomId: string, page: PageQuery): Promise<Page<StoreTreatmentItem>> {
    return this.storePage(merchantId, 'treatment', storeCustomId, page, toStoreTreatmentItem);
  }

  /**
   * Served kept, without a query, while the merchant's change stamp is the one it was kept under
   * (D-075). Without a stamp (PostgreSQL not listening), served kept when ids and revisions show
   * it unchanged (kept-pages.ts, D-071). Else read whole and kept.
   */
  private async merchantPage<T>(merchantId: number, kind: CatalogueKind, page: PageQuery, map: (row: CatalogueRow) => T): Promise<RawJson<Page<T>>> {
    const window = pageWindow(page);
    // Read before the rows: a change committed while they are read makes this page stale at once.
    const stamp = this.repo.changeStamp(merchantId);
    if (stamp !== null) {
      const key = stampedKey(merchantId, kind, window, stamp);
      const kept = this.#stampedPages.get(key) as RawJson<Page<T>> | undefined;
      if (kept) return kept;
      const rows = await this.repo.merchantPage(merchantId, kind, window);
      const answer = rawJsonOf<Page<T>>({ list: rows.rows.map(map), total: rows.total });
      this.#stampedPages.set(key, answer);
      return answer;
    }
    const kept = keptPage<T>(merchantId, kind, await this.repo.merchantPageRevisions(merchantId, kind, window));
    return kept ?? keepPage(merchantId, kind, await this.repo.merchantPage(merchantId, kind, window), map);
  }

  /** The page kept under the merchant's change stamp now, if any (merchantPage's first step). */
  private keptStampedPage<T>(merchantId: number, kind: CatalogueKind, page: PageQuery): RawJson<Page<T>> | undefined {
    const stamp = this.repo.changeStamp(merchantId);
    if (stamp === null) return undefined;
    return this.#stampedPages.get(stampedKey(merchantId, kind, pageWindow(page), stamp)) as RawJson<Page<T>> | undefined;
  }

  /**
   * Everything the store sells now, as its store reads list it (for the phone page's routine,
   * D-076); null when the merchant has no such store (any more).
   */
  async storeCatalogue(merchantId: number, storeCustomId: string): Promise<{ products: ProductItem[]; treatments: StoreTreatmentItem[] } | null> {
    const store = await this.repo.findStore(merchantId, storeCustomId);
    if (!store) return null;
    const all = async <T>(kind: CatalogueKind, map: (row: CatalogueRow, link: string) => T): Promise<T[]> => {
      const list: T[] = [];
      for (let offset = 0; ; offset += WHOLE_READ_CHUNK) {
        const page = await this.storeRows(merchantId, kind, store, { limit: WHOLE_READ_CHUNK, offset }, map);
        list.push(...page.list);
        if (page.list.length < WHOLE_READ_CHUNK || list.length >= page.total) return list;
      }
    };
    return { products: await all('product', toProductItem), treatments: await all('treatment', toStoreTreatmentItem) };
  }

  private async storePage<T>(merchantId: number, kind: CatalogueKind, storeCustomId: string, page: PageQuery, map: (row: CatalogueRow, link: string) => T): Promise<Page<T>> {
    const store = await this.requireStore(merchantId, storeCustomId);
    return this.storeRows(merchantId, kind, store, pageWindow(page), map);
  }

  private async storeRows<T>(merchantId: number, kind: CatalogueKind, store: StoreRef, window: PageWindow, map: (row: CatalogueRow, link: string) => T): Promise<Page<T>> {
    const { rows, total } = await this.repo.storePage(merchantId, kind, store.id, window);
    // A store-specific link shows only at a Premium Version store (specification: links).
    const premium = store.business_type === StoreBusinessType.PREMIUM;
    return { list: rows.map((row) => map(row, premium && row.store_link_type === 1 ? (row.store_link ?? '') : '')), total };
  }

  /** An unknown store, or another merchant's, is code 400 on the query parameter (decision C-012). */
  private async requireStore(merchantId: number, customId: string): Promise<StoreRef> {
    const store = await this.repo.findStore(merchantId, customId);
    if (!store) throw invalidParam(`query.store_custom_id: no store ${customId} in this merchant`);
    return store;
  }
}

/** What names a page kept under a change stamp (D-075). */
function stampedKey(merchantId: number, kind: CatalogueKind, window: PageWindow, stamp: string): string {
  return JSON.stringify([merchantId, kind, window.limit, window.offset, stamp]);
}

/** LIMIT/OFFSET of a page; the repository answers a page past the last record with an empty list. */
function pageWindow(page: PageQuery): PageWindow {
  return { limit: page.count, offset: (page.page - 1) * page.count };
}
