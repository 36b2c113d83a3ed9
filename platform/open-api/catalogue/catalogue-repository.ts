import { randomInt } from 'node:crypto';
import type { CatalogueStatus } from '../../../protocol/enums/statuses.ts';
import { KeyedLock } from '../../keyed-lock.ts';
import type { SqlDatabase, SqlExecutor, SqlValue } from '../../storage/sql.ts';
import { TenantRepository } from '../tenants/tenant-repository.ts';
import type { CatalogueKind } from './kinds.ts';
import type { CatalogueRow, ColumnValue } from './rows.ts';
import type { StoreRef } from './stores.ts';
import { findStores } from './stores.ts';
import { catalogueChangesOf, type CatalogueChanges } from './catalogue-changes.ts';


/** What the single-item operations need of an item. */
export interface ItemRef {
  id: number;
  custom_id: string;
  source: number;
  sell_type: number;
}

/** An item as a page read names it: which one, and which version of it (migration 007). */
export interface ItemRevision {
  id: number;
  revision: number;
}

/** A merchant read's page: the rows of the window and the records over all pages. */
export interface RowPage<Row> {
  rows: Row[];
  total: number;
}

/** A window of a list read (LIMIT/OFFSET), counted from the first record. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/** A store read's row: the item and the store's own link, if it has one. */
export type StoreItemRow = CatalogueRow & { store_link_type: number | null; store_link: string | null };

export interface BundleRow {
  productId: number;
  quantity: number;
}

export interface StoreLinkRow {
  storeId: number;
  linkType: number;
  link: string;
}

/**
 * Every query of the catalogue aggregate (catalogue_items and the sale store, store link and
 * bundle rows that belong to an item), on either backend (D-051, D-058). The reads run alone;
 * every read-then-write sequence runs in `transaction`, whose `work` gets the same queries bound
 * to the transaction.
 */
export class CatalogueRepository {
  readonly #db: SqlDatabase;
  readonly #reads: CatalogueQueries;
  readonly #tenants: TenantRepository;

  readonly #changes: CatalogueChanges;
  readonly #writing = new KeyedLock<number>();

  constructor(db: SqlDatabase) {
    this.#db = db;
    this.#reads = new CatalogueQueries(db);
    this.#tenants = new TenantRepository(db);
    this.#changes = catalogueChangesOf(db);
  }

  /**
   * What this process knows of changes to the merchant's catalogue, read before a page's rows:
   * a page kept under the same stamp is still the page (catalogue-changes.ts, D-075); null when
   * nothing kept may be trusted without reading.
   */
  changeStamp(merchantId: number): string | null {
    return this.#changes.stamp(merchantId);
  }

  /**
   * One transaction on the merchant's catalogue; on PostgreSQL `work` may run again, so it must do
   * nothing but queries. This process runs one such transaction per merchant at a time (D-113):
   * batches naming the same items in opposite orders deadlock on PostgreSQL, and ten at once
   * outlived every retry. After it commits, the merchants whose items it changed are told to this
   * process's CatalogueChanges: its next read sees its own write without waiting for a notification.
   */
  async transaction<T>(merchantId: number, work: (queries: CatalogueQueries) => Promise<T>): Promise<T> {
    const touched = new Set<number>();
    const result = await this.#writing.run(merchantId, () =>
      this.#db.transaction((tx) => {
        touched.clear();
        return work(new CatalogueQueries(tx, touched));
      }),
    );
    for (const merchantId of touched) this.#changes.changed(merchantId);
    return result;
  }

  /** The merchant's store with this number (the tenant aggregate's read). */
  findStore(merchantId: number, customId: string): Promise<StoreRef | undefined> {
    return this.#tenants.findStore(merchantId, customId);
  }

  /**
   * Every item of one kind of the merchant, active and disabled. Ordered by id, which is unique
   * and never NULL: the order is total, so consecutive pages never repeat or skip a record.
   */
  merchantPage(merchantId: number, kind: CatalogueKind, window: PageWindow): Promise<RowPage<CatalogueRow>> {
    return this.#reads.page<CatalogueRow>(
      'SELECT *, COUNT(*) OVER () AS total_rows FROM catalogue_items WHERE merchant_id = ? AND kind = ? ORDER BY id LIMIT ? OFFSET ?',
      'SELECT COUNT(*) AS n FROM catalogue_items WHERE merchant_id = ? AND kind = ?',
      [merchantId, kind],
      window,
    );
  }

  /**
   * merchantPage's ids and revisions only, from the covering index (migration 007): enough to
   * tell which kept item answers still stand (D-071).
   */
  merchantPageRevisions(merchantId: number, kind: CatalogueKind, window: PageWindow): Promise<RowPage<ItemRevision>> {
    // The total as a scalar subquery, not a window count: one statement is still one snapshot,
    // and SQLite then reads the page straight from the index instead of sorting a copy (22 µs
    // against 32 alone on 40 items).
    return this.#reads.page<ItemRevision>(
      `SELECT id, revision, (SELECT COUNT(*) FROM catalogue_items WHERE merchant_id = ? AND kind = ?) AS total_rows
         FROM catalogue_items WHERE merchant_id = ? AND kind = ? ORDER BY id LIMIT ? OFFSET ?`,
      'SELECT COUNT(*) AS n FROM catalogue_items WHERE merchant_id = ? AND kind = ?',
      [merchantId, kind, merchantId, kind],
      window,
      { countParams: [merchantId, kind] },
    );
  }

  /**
   * What the store sells now: active items for sale at every store or at this one (decision
   * C-011), each with the store's link row if any (at most one: the key is item and store).
   */
  storePage(merchantId: number, kind: CatalogueKind, storeId: number, window: PageWindow): Promise<RowPage<StoreItemRow>> {
    const where = `FROM catalogue_items i
      LEFT JOIN catalogue_store_links l ON l.item_id = i.id AND l.store_id = ?
      WHERE i.merchant_id = ? AND i.kind = ? AND i.status = 1
        AND (i.sell_type = 1 OR EXISTS (SELECT 1 FROM catalogue_sale_stores s WHERE s.item_id = i.id AND s.store_id = ?))`;
    return this.#reads.page<StoreItemRow>(
      `SELECT i.*, l.link_type AS store_link_type, l.link AS store_link, COUNT(*) OVER () AS total_rows ${where} ORDER BY i.id LIMIT ? OFFSET ?`,
      `SELECT COUNT(*) AS n ${where}`,
      [storeId, merchantId, kind, storeId],
      window,
    );
  }
}

/** The catalogue's queries on one executor: the database, or an open transaction. */
export class CatalogueQueries {
  /** `touched`: where the item writes note their merchant, for CatalogueRepository.transaction. */
  constructor(
    private readonly ex: SqlExecutor,
    private readonly touched: Set<number> = new Set(),
  ) {}

  /**
   * One page and the total in one statement (a window count), so both come from one snapshot
   * without a transaction; a page past the last record has no row to carry the total, so it is
   * counted apart. An offset beyond what binds exactly is past any data: only counted.
   */
  async page<Row extends object>(
    pageSql: string,
    countSql: string,
    params: readonly SqlValue[],
    window: PageWindow,
    options: { readonly countParams?: readonly SqlValue[] } = {},
  ): Promise<RowPage<Row>> {
    if (Number.isSafeInteger(window.offset)) {
      const rows = await this.ex.all<Row & { total_rows: number }>(pageSql, [...params, window.limit, window.offset]);
      const first = rows[0];
      if (first) return { rows: rows.map(withoutTotal), total: first.total_rows };
    }
    const counted = await this.ex.one<{ n: number }>(countSql, options.countParams ?? params);
    return { rows: [], total: counted?.n ?? 0 };
  }

  findItemRef(merchantId: number, kind: CatalogueKind, customId: string): Promise<ItemRef | undefined> {
    return this.ex.one<ItemRef>('SELECT id, custom_id, source, sell_type FROM catalogue_items WHERE merchant_id = ? AND kind = ? AND custom_id = ?', [
      merchantId, kind, customId,
    ]);
  }

  findItemRow(merchantId: number, kind: CatalogueKind, customId: string): Promise<CatalogueRow | undefined> {
    return this.ex.one<CatalogueRow>('SELECT * FROM catalogue_items WHERE merchant_id = ? AND kind = ? AND custom_id = ?', [merchantId, kind, customId]);
  }

  /**
   * The new item's id, or undefined when the merchant already has this number for this kind.
   * A create checks the number first, but on PostgreSQL a concurrent create may commit the same
   * number after that check: the insert itself must not then fail as a duplicate key (a 500).
   * Column names come from rows.ts and the services, never from a request.
   */
  async insertItem(fields: Readonly<Record<string, ColumnValue>>): Promise<number | undefined> {
    // A random first revision: SQLite may give a deleted item's id to a new one, and the pair
    // (id, revision) must never name two contents (D-071).
    const values = { ...fields, revision: randomInt(1, 2 ** 47) };
    if (typeof fields['merchant_id'] === 'number') this.touched.add(fields['merchant_id']);
    const columns = Object.keys(values);
    const row = await this.ex.one<{ id: number }>(
      `INSERT INTO catalogue_items (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})
       ON CONFLICT (merchant_id, kind, custom_id) DO NOTHING RETURNING id`,
      columns.map((c) => values[c as keyof typeof values] ?? null),
    );
    return row?.id;
  }

  /**
   * Writes `changes` over the stored `row` (read in the same transaction). Every updatable column
   * is written, the unchanged ones with their stored values, so the statement's text is always
   * the same: the backends keep one prepared statement per text, and a text per combination of
   * changed fields would grow that cache without bound.
   */
  async updateItem(merchantId: number, row: CatalogueRow, changes: Readonly<Record<string, ColumnValue>>): Promise<void> {
    const unknown = Object.keys(changes).filter((c) => !(UPDATABLE as readonly string[]).includes(c));
    if (unknown.length > 0) throw new Error(`not an updatable catalogue column: ${unknown.join(', ')}`);
    const values = UPDATABLE.map((c) => (c in changes ? (changes[c] ?? null) : row[c]));
    this.touched.add(merchantId);
    await this.ex.run(UPDATE_ITEM, [...values, row.id, merchantId]);
  }

  /** Sale stores, links and bundle rows go with the item (ON DELETE CASCADE). */
  async deleteItem(merchantId: number, id: number): Promise<void> {
    this.touched.add(merchantId);
    await this.ex.run('DELETE FROM catalogue_items WHERE id = ? AND merchant_id = ?', [id, merchantId]);
  }

  async setStatus(merchantId: number, id: number, status: CatalogueStatus, now: number): Promise<void> {
    this.touched.add(merchantId);
    await this.ex.run('UPDATE catalogue_items SET status = ?, updated_at = ?, revision = revision + 1 WHERE id = ? AND merchant_id = ?', [status, now, id, merchantId]);
  }

  async setSellType(merchantId: number, id: number, sellType: number, now: number): Promise<void> {
    this.touched.add(merchantId);
    await this.ex.run('UPDATE catalogue_items SET sell_type = ?, updated_at = ?, revision = revision + 1 WHERE id = ? AND merchant_id = ?', [sellType, now, id, merchantId]);
  }

  /** The item's sale stores become exactly `storeIds` (distinct). */
  async replaceSaleStores(merchantId: number, itemId: number, storeIds: readonly number[]): Promise<void> {
    await this.ex.run('DELETE FROM catalogue_sale_stores WHERE item_id = ? AND merchant_id = ?', [itemId, merchantId]);
    await insertRows(this.ex, 'catalogue_sale_stores', ['merchant_id', 'item_id', 'store_id'], storeIds.map((storeId) => [merchantId, itemId, storeId]));
  }

  /** Links exist only where the item is for sale (decision C-012). */
  async dropLinksNotForSale(itemId: number): Promise<void> {
    await this.ex.run('DELETE FROM catalogue_store_links WHERE item_id = ? AND store_id NOT IN (SELECT store_id FROM catalogue_sale_stores WHERE item_id = ?)', [
      itemId, itemId,
    ]);
  }

  async saleStoreIds(itemId: number): Promise<Set<number>> {
    const rows = await this.ex.all<{ store_id: number }>('SELECT store_id FROM catalogue_sale_stores WHERE item_id = ?', [itemId]);
    return new Set(rows.map((r) => r.store_id));
  }

  /** Sets each listed store's link in list order (a store listed twice keeps its last entry). */
  async upsertLinks(merchantId: number, itemId: number, links: readonly StoreLinkRow[], now: number): Promise<void> {
    for (const l of links) {
      await this.ex.run(
        `INSERT INTO catalogue_store_links (merchant_id, item_id, store_id, link_type, link, updated_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (item_id, store_id) DO UPDATE SET link_type = excluded.link_type, link = excluded.link, updated_at = excluded.updated_at`,
        [merchantId, itemId, l.storeId, l.linkType, l.link, now],
      );
    }
  }

  /** The set's bundle items become `bundle`, in its order. */
  async replaceBundle(merchantId: number, setId: number, bundle: readonly BundleRow[]): Promise<void> {
    await this.ex.run('DELETE FROM catalogue_bundle_items WHERE set_id = ? AND merchant_id = ?', [setId, merchantId]);
    await this.insertBundle(merchantId, setId, bundle);
  }

  async insertBundle(merchantId: number, setId: number, bundle: readonly BundleRow[]): Promise<void> {
    await insertRows(this.ex, 'catalogue_bundle_items', ['merchant_id', 'set_id', 'product_id', 'quantity', 'position'],
      bundle.map((b, position) => [merchantId, setId, b.productId, b.quantity, position]));
  }

  findStores(merchantId: number, customIds: readonly string[]): Promise<Map<string, StoreRef>> {
    return findStores(this.ex, merchantId, customIds);
  }
}

/** The columns an update may change (rows.ts columnValues, and the time of the change). */
const UPDATABLE = [
  'category_id', 'name', 'pic', 'sub_title', 'price_unit', 'price_cents', 'link', 'problem', 'skin_type', 'age_limit', 'min_age', 'max_age',
  'label', 'nurse_stage', 'user_level', 'instruction', 'lang_data', 'goods_attributes_code', 'goods_attributes_limit', 'updated_at',
] as const satisfies ReadonlyArray<keyof CatalogueRow>;
// Every change of an item raises its revision: kept page items are checked against it (D-071).
const UPDATE_ITEM = `UPDATE catalogue_items SET ${UPDATABLE.map((c) => `${c} = ?`).join(', ')}, revision = revision + 1 WHERE id = ? AND merchant_id = ?`;

function withoutTotal<Row extends object>(row: Row & { total_rows: number }): Row {
  const { total_rows: _total, ...rest } = row;
  return rest as unknown as Row;
}

/**
 * Rows per multi-row INSERT: only these sizes, so a table has three statement texts whatever the
 * list's length (prepared statements are kept per text). 100 rows of 5 columns stay far under
 * SQLite's historical 999 parameters; a 1000-store list is ten statements.
 */
const INSERT_SIZES = [100, 10, 1] as const;

async function insertRows(ex: SqlExecutor, table: string, columns: readonly string[], rows: ReadonlyArray<readonly SqlValue[]>): Promise<void> {
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  let start = 0;
  for (const size of INSERT_SIZES) {
    for (; rows.length - start >= size; start += size) {
      const chunk = rows.slice(start, start + size);
      await ex.run(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${chunk.map(() => tuple).join(', ')}`, chunk.flat());
    }
  }
}
