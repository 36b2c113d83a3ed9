/**
 * Keeps the catalogue cache fresh while the platform is reachable (issue 7, part 4): the store's
 * products and treatments (the store reads already keep only what is sold at this store, with
 * its store links), the merchant's languages, and the dimension and category names in English
 * and the merchant's languages. A failed refresh keeps the cache; recommendations work offline.
 */
import { catalogueEndpoints } from '../../protocol/endpoints/catalogue.ts';
import { merchantEndpoints } from '../../protocol/endpoints/merchant.ts';
import type { LanguageCode } from '../../protocol/enums/languages.ts';
import { COUNT_MAX } from '../../protocol/open-api/paging.ts';
import type { CategoryItem, DimensionItem } from '../../protocol/open-api/list-items.ts';
import type { PlatformClient } from '../platform-client/client.ts';
import type { Db } from '../store/database.ts';
import { catalogueRefreshedAt, readCatalogue, writeCatalogue } from './cache.ts';
import type { CatalogueSnapshot } from './cache.ts';

export interface CatalogueOptions {
  readonly db: Db;
  readonly client: () => PlatformClient;
  readonly storeCustomId: () => string;
  readonly now?: () => number;
  /** How old the cache may get before a refresh is due. Default 30 minutes. */
  readonly refreshMs?: number;
  /** Wait after a failed refresh. Default 2 minutes. */
  readonly retryMs?: number;
}

/** Safety stop for paging: 50 pages of 100 items is far beyond any merchant's catalogue. */
const MAX_PAGES = 50;

export class Catalogue {
  private snapshot: CatalogueSnapshot;
  private failedAt = 0;
  private readonly now: () => number;

  constructor(private readonly options: CatalogueOptions) {
    this.now = options.now ?? Date.now;
    this.snapshot = readCatalogue(options.db);
  }

  get current(): CatalogueSnapshot {
    return this.snapshot;
  }

  get refreshedAt(): number | null {
    return catalogueRefreshedAt(this.options.db);
  }

  /** Refreshes when the cache is older than the refresh interval (and no failure is recent). */
  async refreshIfDue(): Promise<{ readonly refreshed: boolean; readonly error: unknown }> {
    const last = this.refreshedAt;
    const due = last === null || this.now() - last >= (this.options.refreshMs ?? 30 * 60_000);
    if (!due || this.now() - this.failedAt < (this.options.retryMs ?? 2 * 60_000)) return { refreshed: false, error: null };
    try {
      await this.refresh();
      return { refreshed: true, error: null };
    } catch (error) {
      this.failedAt = this.now();
      return { refreshed: false, error };
    }
  }

  /** Reads everything, then replaces the cache in one transaction. Throws the platform's error. */
  async refresh(): Promise<CatalogueSnapshot> {
    const client = this.options.client();
    const store = this.options.storeCustomId();
    const products = await allPages((page) => client.call(catalogueEndpoints.storeProducts, { query: { store_custom_id: store, page, count: COUNT_MAX } }));
    const treatments = await allPages((page) => client.call(catalogueEndpoints.storeTreatments, { query: { store_custom_id: store, page, count: COUNT_MAX } }));
    const langs = await client.call(merchantEndpoints.langs);
    const wanted = [...new Set<LanguageCode>(['en', langs.default_lang, ...langs.lang_list])];
    const dimensions: Partial<Record<LanguageCode, DimensionItem[]>> = {};
    const categories: Partial<Record<LanguageCode, CategoryItem[]>> = {};
    for (const lang of wanted) {
      // Not paged (their query is only lang): 28 dimensions, 10 categories.
      dimensions[lang] = (await client.call(merchantEndpoints.listDimensions, { query: { lang } })).list;
      categories[lang] = (await client.call(merchantEndpoints.listCategories, { query: { lang } })).list;
    }
    const snapshot: CatalogueSnapshot = { products, treatments, langs, dimensions, categories };
    writeCatalogue(this.options.db, snapshot, this.now());
    this.snapshot = readCatalogue(this.options.db);
    this.failedAt = 0;
    return this.snapshot;
  }

  /** Whether the merchant has a dimension enabled; unknown (never refreshed) counts as enabled. */
  dimensionEnabled(id: string): boolean {
    const list = this.snapshot.dimensions.en;
    const item = list?.find((d) => d.id === id);
    return item ? item.status === 1 : true;
  }
}

async function allPages<T>(read: (page: number) => Promise<{ list: T[]; total?: number | undefined }>): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { list, total } = await read(page);
    out.push(...list);
    if (list.length === 0 || (total !== undefined ? out.length >= total : list.length < COUNT_MAX)) break;
  }
  return out;
}
