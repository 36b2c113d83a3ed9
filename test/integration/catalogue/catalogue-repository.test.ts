import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../platform/clock.ts';
import { CatalogueRepository, type CatalogueQueries, type RowPage } from '../../../platform/open-api/catalogue/catalogue-repository.ts';
import { KIND_RULES } from '../../../platform/open-api/catalogue/kinds.ts';
import { CatalogueOpsService } from '../../../platform/open-api/catalogue/ops-service.ts';
import { CatalogueWriteService, type CatalogueWriteItem } from '../../../platform/open-api/catalogue/write-service.ts';
import type { ColumnValue } from '../../../platform/open-api/catalogue/rows.ts';
import { ApiError } from '../../../platform/http/api-error.ts';
import { PostgresDatabase } from '../../../platform/storage/postgres-database.ts';
import type { SqlExecutor } from '../../../platform/storage/sql.ts';
import { SQL_BACKENDS, openTestDatabase, type TestDatabase } from '../../helpers/sql-backends.ts';

/**
 * The catalogue repository on both backends (D-058): pages follow the item id, a total order, so
 * paging through a list with tied timestamps and NULL columns sees every record exactly once; a
 * batch that fails leaves nothing; on PostgreSQL two processes creating one number at once end
 * with one row and one 40055.
 */

const NOW = Date.UTC(2026, 0, 1);

async function insertId(ex: SqlExecutor, sql: string, params: ReadonlyArray<string | number>): Promise<number> {
  const row = await ex.one<{ id: number }>(`${sql} RETURNING id`, params);
  if (!row) throw new Error(`no id from ${sql}`);
  return row.id;
}

/** A merchant with a Premium store (S1) and a standard one (S2). */
async function seedMerchant(ex: SqlExecutor, name: string): Promise<{ merchantId: number; premium: number; standard: number }> {
  const groupId = await insertId(ex, 'INSERT INTO groups (name, created_at) VALUES (?, ?)', [`${name} group`, NOW]);
  const merchantId = await insertId(ex, "INSERT INTO merchants (group_id, name, region, created_at) VALUES (?, ?, 'overseas', ?)", [groupId, name, NOW]);
  const store = (customId: string, businessType: number) =>
    insertId(ex, 'INSERT INTO stores (merchant_id, custom_id, name, address, status, business_type, created_at) VALUES (?, ?, ?, ?, 1, ?, ?)', [
      merchantId, customId, `Store ${customId}`, 'Road 1', businessType, NOW,
    ]);
  return { merchantId, premium: await store('S1', 2), standard: await store('S2', 1) };
}

function itemValues(merchantId: number, kind: 'product' | 'treatment', customId: string, extra: Record<string, ColumnValue> = {}): Record<string, ColumnValue> {
  // Every item shares one timestamp: an order by time would tie everywhere.
  return {
    merchant_id: merchantId, kind, custom_id: customId, category_id: kind === 'product' ? 3 : null, name: customId, pic: '',
    source: 2, status: 1, sell_type: 1, created_at: NOW, updated_at: NOW, ...extra,
  };
}

/** Every page of a list read, in order, with `count` records a page. */
async function allPages<Row extends { id: number }>(read: (window: { limit: number; offset: number }) => Promise<RowPage<Row>>, count: number) {
  const pages: Array<RowPage<Row>> = [];
  for (let page = 1; page < 100; page++) {
    const got = await read({ limit: count, offset: (page - 1) * count });
    pages.push(got);
    if (got.rows.length === 0) break;
  }
  return pages;
}

describe.each(SQL_BACKENDS)('catalogue repository on %s', (backend) => {
  let t: TestDatabase;
  let repo: CatalogueRepository;
  let m: Awaited<ReturnType<typeof seedMerchant>>;
  /** The primary merchant's products and what store S1 sells, by id, as inserted. */
  const products: number[] = [];
  const soldAtPremium: number[] = [];

  beforeAll(async () => {
    t = await openTestDatabase(backend);
    repo = new CatalogueRepository(t.db);
    m = await t.db.transaction((tx) => seedMerchant(tx, 'Primary'));
    const other = await t.db.transaction((tx) => seedMerchant(tx, 'Other'));
    await repo.transaction(m.merchantId, async (q: CatalogueQueries) => {
      for (let i = 0; i < 23; i++) {
        // NULL nurse stage on every other item; a disabled one every fifth; some sold
        // only at S2 or only at S1; interleaved with treatments and the other merchant's items, so
        // the product ids have gaps.
        const extra: Record<string, ColumnValue> = { nurse_stage: i % 2 === 0 ? null : 1 };
        if (i % 5 === 4) extra['status'] = -1;
        const onlyAt = i % 7 === 3 ? m.standard : i % 7 === 5 ? m.premium : null;
        if (onlyAt !== null) extra['sell_type'] = 2;
        const id = await q.insertItem(itemValues(m.merchantId, 'product', `P${String(i).padStart(3, '0')}`, extra));
        if (id === undefined) throw new Error('product not inserted');
        products.push(id);
        if (onlyAt !== null) await q.replaceSaleStores(m.merchantId, id, [onlyAt]);
        if (extra['status'] !== -1 && onlyAt !== m.standard) soldAtPremium.push(id);
        // Links at both stores: the join on the store must not repeat an item.
        if (i % 3 === 0) {
          await q.upsertLinks(m.merchantId, id, [{ storeId: m.premium, linkType: 1, link: `https://s.example.com/${i}` }, { storeId: m.standard, linkType: 0, link: '' }], NOW);
        }
        await q.insertItem(itemValues(m.merchantId, 'treatment', `T${i}`));
        await q.insertItem(itemValues(other.merchantId, 'product', `P${String(i).padStart(3, '0')}`));
      }
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([1, 4, 7, 23, 100])('merchant pages of %i cover every product once, in id order, each with the same total', async (count) => {
    const pages = await allPages((w) => repo.merchantPage(m.merchantId, 'product', w), count);
    const seen = pages.flatMap((p) => p.rows.map((r) => r.id));
    expect(seen).toEqual(products);
    expect(new Set(pages.map((p) => p.total))).toEqual(new Set([23]));
    expect(pages.at(-1)?.rows).toEqual([]);
  });

  it('store pages of S1 list its active items once each, with its own link only', async () => {
    for (const count of [1, 3, 20]) {
      const pages = await allPages((w) => repo.storePage(m.merchantId, 'product', m.premium, w), count);
      expect(pages.flatMap((p) => p.rows.map((r) => r.id))).toEqual(soldAtPremium);
      expect(new Set(pages.map((p) => p.total))).toEqual(new Set([soldAtPremium.length]));
    }
    const first = await repo.storePage(m.merchantId, 'product', m.premium, { limit: 1, offset: 0 });
    expect(first.rows[0]).toMatchObject({ id: products[0], store_link_type: 1, store_link: 'https://s.example.com/0' });
    expect(first.rows[0]).not.toHaveProperty('total_rows');
  });

  it('a page far past the data is empty and still counts the records', async () => {
    expect(await repo.merchantPage(m.merchantId, 'product', { limit: 20, offset: 1000 })).toEqual({ rows: [], total: 23 });
    expect(await repo.merchantPage(m.merchantId, 'product', { limit: 100, offset: 2 ** 60 })).toEqual({ rows: [], total: 23 });
    expect(await repo.merchantPage(-1, 'product', { limit: 20, offset: 0 })).toEqual({ rows: [], total: 0 });
  });

  it('a batch that fails part-way leaves nothing written', async () => {
    const before = await repo.merchantPage(m.merchantId, 'treatment', { limit: 100, offset: 0 });
    await expect(
      repo.transaction(m.merchantId, async (q) => {
        const id = await q.insertItem(itemValues(m.merchantId, 'treatment', 'ROLLED1'));
        expect(await q.insertItem(itemValues(m.merchantId, 'treatment', 'ROLLED1'))).toBeUndefined();
        // A sale store that does not exist breaks a foreign key: the whole batch goes.
        await q.replaceSaleStores(m.merchantId, id ?? 0, [m.standard + 100000]);
      }),
    ).rejects.toThrow();
    expect(await repo.merchantPage(m.merchantId, 'treatment', { limit: 100, offset: 0 })).toEqual(before);
  });

  it('an update writes the changed columns over the stored row and keeps the others', async () => {
    const before = await repo.transaction(m.merchantId, (q) => q.findItemRow(m.merchantId, 'product', 'P001'));
    if (!before) throw new Error('P001 missing');
    await repo.transaction(m.merchantId, (q) => q.updateItem(m.merchantId, before, { name: 'Renamed', nurse_stage: 2, updated_at: NOW + 1 }));
    const after = await repo.transaction(m.merchantId, (q) => q.findItemRow(m.merchantId, 'product', 'P001'));
    expect(after).toEqual({ ...before, name: 'Renamed', nurse_stage: 2, updated_at: NOW + 1, revision: before.revision + 1 });
    await expect(repo.transaction(m.merchantId, (q) => q.updateItem(m.merchantId, before, { merchant_id: 1 }))).rejects.toThrow(/not an updatable/);
  });

  it('a 400-store sale list and lookup go in chunks under the parameter limit', async () => {
    const storeIds = await t.db.transaction(async (tx) => {
      const ids: number[] = [];
      for (let i = 0; i < 400; i++) {
        ids.push(await insertId(tx, 'INSERT INTO stores (merchant_id, custom_id, name, address, status, business_type, created_at) VALUES (?, ?, ?, ?, 1, 1, ?)', [
          m.merchantId, `C${i}`, `Chunk ${i}`, 'Road', NOW,
        ]));
      }
      return ids;
    });
    const itemId = products[1] ?? 0;
    await repo.transaction(m.merchantId, (q) => q.replaceSaleStores(m.merchantId, itemId, storeIds));
    expect(await repo.transaction(m.merchantId, (q) => q.saleStoreIds(itemId))).toEqual(new Set(storeIds));
    const found = await repo.transaction(m.merchantId, (q) => q.findStores(m.merchantId, [...storeIds.map((_, i) => `C${i}`), 'C0', 'NONE']));
    expect(found.size).toBe(400);
  });
});

describe('catalogue creates from two processes on one PostgreSQL database', () => {
  let t: TestDatabase;
  let second: PostgresDatabase;

  beforeAll(async () => {
    t = await openTestDatabase('postgres');
    if (!t.url) throw new Error('openTestDatabase(postgres) gave no URL');
    second = new PostgresDatabase(t.url);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('one number created at once by many requests is stored once; the others are told it exists (40055)', async () => {
    const { merchantId } = await t.db.transaction((tx) => seedMerchant(tx, 'Race'));
    const services = [t.db, second].map((db) => new CatalogueWriteService(new CatalogueRepository(db), new ManualClock(NOW)));
    const item: CatalogueWriteItem = { custom_id: 'RACE1', name: 'Race', pic: 'https://cdn.example.com/r.jpg', category_id: 3 };
    const outcome = { valid: [{ index: 0, item }], err_list: [] };
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => services[i % 2]!.create(merchantId, KIND_RULES.product, outcome)));
    expect(answers.filter((errors) => errors.length === 0)).toHaveLength(1);
    expect(answers.flat().map((e) => e.err_code)).toEqual(Array.from({ length: 11 }, () => 40055));
    const rows = await t.db.all('SELECT id FROM catalogue_items WHERE merchant_id = ? AND custom_id = ?', [merchantId, 'RACE1']);
    expect(rows).toHaveLength(1);
  });
  it('sale stores and links changed at once from two processes leave links only where the item is for sale (C-012)', async () => {
    const { merchantId } = await t.db.transaction((tx) => seedMerchant(tx, 'Links race'));
    const [first, other] = [t.db, second].map((db) => ({
      writes: new CatalogueWriteService(new CatalogueRepository(db), new ManualClock(NOW)),
      ops: new CatalogueOpsService(new CatalogueRepository(db), new ManualClock(NOW)),
    }));
    const item: CatalogueWriteItem = { custom_id: 'LINKED', name: 'Linked', pic: 'https://cdn.example.com/l.jpg', category_id: 3 };
    expect(await first!.writes.create(merchantId, KIND_RULES.product, { valid: [{ index: 0, item }], err_list: [] })).toEqual([]);
    const lists = [['S2'], ['S1'], ['S1', 'S2']];
    const calls = Array.from({ length: 16 }, (_, i) => {
      const side = i % 2 === 0 ? first! : other!;
      if (i % 4 < 2) return side.ops.setSaleStores(merchantId, KIND_RULES.product, { custom_id: 'LINKED', sell_type: 2, store_list: lists[i % 3]! });
      return side.ops.setLinks(merchantId, KIND_RULES.product, { custom_id: 'LINKED', link_list: [{ store_custom_id: 'S1', link_type: 1, link: `https://s.example.com/${i}` }] });
    });
    const outcomes = await Promise.allSettled(calls);
    // A link may be refused (40066: not for sale at S1 at that moment); nothing else may fail.
    for (const o of outcomes) if (o.status === 'rejected') expect(o.reason instanceof ApiError ? o.reason.info.code : o.reason).toBe(40066);
    expect(outcomes.filter((o) => o.status === 'fulfilled').length).toBeGreaterThanOrEqual(8);
    const stray = await t.db.all(
      `SELECT l.store_id FROM catalogue_store_links l JOIN catalogue_items i ON i.id = l.item_id
       WHERE i.custom_id = 'LINKED' AND i.merchant_id = ? AND NOT EXISTS (SELECT 1 FROM catalogue_sale_stores s WHERE s.item_id = l.item_id AND s.store_id = l.store_id)`,
      [merchantId],
    );
    expect(stray).toEqual([]);
  });
});
