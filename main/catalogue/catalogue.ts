/**
 * Keeps the catalogue cache fresh while the platform is reachable (issue 7, part 4): the store's
 * products and treatments (the store reads already keep only what is sold at this store, with
 * its store links), the merchant's languages, and the dimension and category names in English
 * and the merchant's languages. A failed refresh keeps the cache; recommendations work offline,
 * pictures included: every item's `pic` is downloaded into the kiosk's data directory
 * (pictures.ts), after each refresh and again while some are missing.
 */
import { catalogueEndpoints } from '../../protocol/endpoints/catalogue.ts';
import { merchantEndpoints } from '../../protocol/endpoints/merchant.ts';
import type { LanguageCode } from '../../protocol/enums/languages.ts';
import { COUNT_MAX } from '../../protocol/open-api/paging.ts';
import type { CategoryItem, DimensionItem } from '../../protocol/open-api/list-items.ts';
import type { PlatformClient } from '../platform-client/client.ts';
import type { CatalogueCache, CatalogueSnapshot } from '../store/catalogue-cache.ts';
import type { CataloguePictures, PictureSyncResult, PictureType } from './pictures.ts';

export interface CatalogueOptions {
  /** The cached catalogue in the kiosk store. */
  readonly cache: CatalogueCache;
  readonly client: () => PlatformClient;
  readonly storeCustomId: () => string;
  readonly now?: () => number;
  /** How old the cache may get before a refresh is due. Default 30 minutes. */
  readonly refreshMs?: number;
  /** Wait after a failed refresh (and between tries of missing pictures). Default 2 minutes. */
  readonly retryMs?: number;
  /** Where product and treatment pictures are kept; without it, none are downloaded. */
  readonly pictures?: CataloguePictures;
  /** Pictures that could not be stored, for the log. */
  readonly onPictureFailures?: (failed: PictureSyncResult['failed']) => void;
}

/** Safety stop for paging: 50 pages of 100 items is far beyond any merchant's catalogue. */
const MAX_PAGES = 50;

export class Catalogue {
  private snapshot: CatalogueSnapshot;
  private failedAt = 0;
  private picturesTriedAt = 0;
  private picturesRun: Promise<void> | null = null;
  private readonly stopping = new AbortController();
  private readonly now: () => number;

  constructor(private readonly options: CatalogueOptions) {
    this.now = options.now ?? Date.now;
    this.snapshot = options.cache.read();
  }

  get current(): CatalogueSnapshot {
    return this.snapshot;
  }

  get refreshedAt(): number | null {
    return this.options.cache.refreshedAt();
  }

  /** Refreshes when the cache is older than the refresh interval (and no failure is recent). */
  async refreshIfDue(): Promise<{ readonly refreshed: boolean; readonly error: unknown }> {
    const last = this.refreshedAt;
    const due = last === null || this.now() - last >= (this.options.refreshMs ?? 30 * 60_000);
    const retryMs = this.options.retryMs ?? 2 * 60_000;
    if (!due) {
      if (last !== null && this.missingPictures() > 0 && this.now() - this.picturesTriedAt >= retryMs) this.startPictureSync(false);
      return { refreshed: false, error: null };
    }
    if (this.now() - this.failedAt < retryMs) return { refreshed: false, error: null };
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
    this.options.cache.write(snapshot, this.now());
    this.snapshot = this.options.cache.read();
    this.failedAt = 0;
    this.startPictureSync(true);
    return this.snapshot;
  }

  /** The key of the stored picture of a `pic` address, or null when it is not stored. */
  pictureKey(pic: string): string | null {
    return this.options.pictures?.keyOf(pic) ?? null;
  }

  async picture(key: string): Promise<{ bytes: Uint8Array<ArrayBuffer>; contentType: PictureType } | null> {
    return (await this.options.pictures?.read(key)) ?? null;
  }

  /** Pictures stored of those the catalogue names. */
  pictureCounts(): { stored: number; wanted: number } {
    const urls = this.pictureUrls();
    return { stored: this.options.pictures?.count(urls) ?? 0, wanted: new Set(urls).size };
  }

  private pictureUrls(): string[] {
    return [...this.snapshot.products, ...this.snapshot.treatments].map((item) => item.pic).filter((pic) => pic !== '');
  }

  private missingPictures(): number {
    const { stored, wanted } = this.pictureCounts();
    return this.options.pictures ? wanted - stored : 0;
  }

  /**
   * Stops the background picture downloads (the one under way is aborted) and waits for them:
   * a closed kiosk neither writes pictures into its data folder nor holds a connection open.
   */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.picturesRun;
  }

  /** Settles when the picture downloads running now, if any, have finished. */
  async picturesSettled(): Promise<void> {
    await this.picturesRun;
  }

  /**
   * Downloads pictures in the background, one run at a time: the sync engine calls the refresh
   * from its loop, and a slow picture host must not hold up uploads. Never fails: a picture that
   * cannot be fetched leaves its placeholder. Failures are logged after a refresh only, not on
   * every retry of a picture that stays missing.
   */
  private startPictureSync(prune: boolean): void {
    const pictures = this.options.pictures;
    if (!pictures || this.picturesRun || this.stopping.signal.aborted) return;
    this.picturesTriedAt = this.now();
    this.picturesRun = pictures
      .sync(this.pictureUrls(), prune, this.stopping.signal)
      .then((result) => {
        if (prune && result.failed.length > 0) this.options.onPictureFailures?.(result.failed);
      })
      .catch(() => undefined)
      .finally(() => {
        this.picturesRun = null;
      });
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
