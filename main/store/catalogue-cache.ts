/**
 * The catalogue as last read from the platform, in the kiosk store (migration 002): products and
 * treatments of this store, the merchant's languages, dimensions and categories. Read back
 * through the protocol schemas, so a cache written by an older kiosk cannot smuggle in a shape
 * the recommendations do not expect.
 */
import { z } from 'zod';
import { categoryItemSchema, dimensionItemSchema, langsResponseSchema } from '../../protocol/open-api/list-items.ts';
import type { CategoryItem, DimensionItem, LangsResponse } from '../../protocol/open-api/list-items.ts';
import { productItemSchema, storeTreatmentItemSchema } from '../../protocol/open-api/catalogue-items.ts';
import type { ProductItem, StoreTreatmentItem } from '../../protocol/open-api/catalogue-items.ts';
import type { LanguageCode } from '../../protocol/enums/languages.ts';
import type { Db } from './database.ts';

export interface CatalogueSnapshot {
  readonly products: readonly ProductItem[];
  readonly treatments: readonly StoreTreatmentItem[];
  readonly langs: LangsResponse | null;
  /** Dimension items by language code read. */
  readonly dimensions: Readonly<Partial<Record<LanguageCode, readonly DimensionItem[]>>>;
  readonly categories: Readonly<Partial<Record<LanguageCode, readonly CategoryItem[]>>>;
}

const REFRESHED_AT = 'refreshed_at';

export class CatalogueCache {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** Replaces the whole cache in one transaction: readers see the old catalogue or the new one. */
  write(snapshot: CatalogueSnapshot, now: number): void {
    const db = this.#db;
    db.transaction(() => {
      db.prepare('DELETE FROM catalogue_items').run();
      const insert = db.prepare('INSERT INTO catalogue_items (kind, custom_id, item) VALUES (?, ?, ?)');
      for (const item of snapshot.products) insert.run('product', item.custom_id, JSON.stringify(item));
      for (const item of snapshot.treatments) insert.run('treatment', item.custom_id, JSON.stringify(item));
      db.prepare('DELETE FROM catalogue_meta').run();
      const meta = db.prepare('INSERT INTO catalogue_meta (key, value, fetched_at) VALUES (?, ?, ?)');
      if (snapshot.langs) meta.run('langs', JSON.stringify(snapshot.langs), now);
      for (const [lang, list] of Object.entries(snapshot.dimensions)) meta.run(`dimensions:${lang}`, JSON.stringify(list), now);
      for (const [lang, list] of Object.entries(snapshot.categories)) meta.run(`categories:${lang}`, JSON.stringify(list), now);
      meta.run(REFRESHED_AT, JSON.stringify(now), now);
    }).immediate();
  }

  read(): CatalogueSnapshot {
    const db = this.#db;
    const items = db.prepare('SELECT kind, item FROM catalogue_items ORDER BY kind, custom_id').all() as { kind: 'product' | 'treatment'; item: string }[];
    const products: ProductItem[] = [];
    const treatments: StoreTreatmentItem[] = [];
    for (const row of items) {
      // An item the current schema rejects is skipped rather than failing every report.
      if (row.kind === 'product') push(products, productItemSchema, row.item);
      else push(treatments, storeTreatmentItemSchema, row.item);
    }
    const meta = db.prepare('SELECT key, value FROM catalogue_meta').all() as { key: string; value: string }[];
    const dimensions: Partial<Record<LanguageCode, DimensionItem[]>> = {};
    const categories: Partial<Record<LanguageCode, CategoryItem[]>> = {};
    let langs: LangsResponse | null = null;
    for (const { key, value } of meta) {
      const [kind, lang] = key.split(':') as [string, LanguageCode | undefined];
      if (kind === 'langs') langs = langsResponseSchema.safeParse(JSON.parse(value)).data ?? null;
      if (kind === 'dimensions' && lang) dimensions[lang] = z.array(dimensionItemSchema).safeParse(JSON.parse(value)).data ?? [];
      if (kind === 'categories' && lang) categories[lang] = z.array(categoryItemSchema).safeParse(JSON.parse(value)).data ?? [];
    }
    return { products, treatments, langs, dimensions, categories };
  }

  /** When the cache was last refreshed in full (Unix ms), or null when never. */
  refreshedAt(): number | null {
    const row = this.#db.prepare('SELECT fetched_at FROM catalogue_meta WHERE key = ?').get(REFRESHED_AT) as { fetched_at: number } | undefined;
    return row?.fetched_at ?? null;
  }
}

function push<T>(out: T[], schema: z.ZodType<T>, json: string): void {
  const parsed = schema.safeParse(JSON.parse(json));
  if (parsed.success) out.push(parsed.data);
}
