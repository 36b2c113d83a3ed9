import { BoundedCache } from '../../bounded-cache.ts';
import { rawJsonOf, type RawJson } from '../../http/raw-json.ts';
import type { ItemRevision, RowPage } from './catalogue-repository.ts';

/** A page of a merchant read as its answer gives it. */
export interface Page<T> {
  list: T[];
  /** Records over all pages (protocol decision on listResponseSchema). */
  total: number;
}

/**
 * Merchant read pages kept serialised (D-071). An item's answer on the merchant reads is made
 * from its own row alone, and every change of the row raises its revision (migration 007; a new
 * row starts at a random one). So the merchant, the kind, the total and the (id, revision) of
 * each item on the page name one answer, whichever process changed the rows: a page is served
 * after reading those few columns from an index, and made again when any of them differs.
 * Bounded like the task answers (256 pages).
 */
const keptPages = new BoundedCache<string, RawJson<Page<unknown>>>(256);

function pageKey(merchantId: number, kind: string, page: RowPage<ItemRevision>): string {
  return JSON.stringify([merchantId, kind, page.total, page.rows.map((r) => `${r.id}.${r.revision}`).join(',')]);
}

/** The kept answer of the page `seen` describes, if any. */
export function keptPage<T>(merchantId: number, kind: string, seen: RowPage<ItemRevision>): RawJson<Page<T>> | undefined {
  return keptPages.get(pageKey(merchantId, kind, seen)) as RawJson<Page<T>> | undefined;
}

/** Serialises and keeps the page made from `rows`, under the revisions those very rows carry. */
export function keepPage<Row extends ItemRevision, T>(merchantId: number, kind: string, rows: RowPage<Row>, map: (row: Row) => T): RawJson<Page<T>> {
  const answer = rawJsonOf<Page<T>>({ list: rows.rows.map(map), total: rows.total });
  keptPages.set(pageKey(merchantId, kind, rows), answer);
  return answer;
}
