import { Codes } from '../../../protocol/codes.ts';
import { SET_CATEGORY_ID } from '../../../protocol/enums/categories.ts';
import { DEFAULT_PRICE_UNIT } from '../../../protocol/enums/price-units.ts';
import type { BatchError } from '../../../protocol/envelope.ts';
import type { BatchOutcome } from '../../../protocol/open-api/batch.ts';
import type { SuitItem } from '../../../protocol/open-api/catalogue-fields.ts';
import type { Clock } from '../../clock.ts';
import type { IndexedError } from './batch-errors.ts';
import { itemError, mergeBatchErrors } from './batch-errors.ts';
import type { BundleRow, CatalogueQueries, CatalogueRepository } from './catalogue-repository.ts';
import type { KindRules } from './kinds.ts';
import type { CatalogueFields, CatalogueRow, ColumnValue } from './rows.ts';
import { columnValues, storedLangData } from './rows.ts';

/** A checked create or update item: the writable fields, its number and (products) bundle items. */
export type CatalogueWriteItem = CatalogueFields & { custom_id: string; suit_custom_id?: SuitItem[] };

/** Columns of a new item that the request leaves out. */
const CREATE_DEFAULTS: Record<string, ColumnValue> = {
  category_id: null, sub_title: '', price_unit: DEFAULT_PRICE_UNIT, price_cents: 0, link: '', problem: '{}', skin_type: '',
  age_limit: 0, min_age: 0, max_age: 0, label: '', nurse_stage: null, user_level: '', instruction: '', lang_data: '{}',
  goods_attributes_code: '', goods_attributes_limit: null,
};

type BundleRows = BundleRow[];

/**
 * Create and update of products and treatments (specification: Products, Treatments, Batch
 * errors). The protocol validators have already split the batch into valid items and err_list;
 * here each valid item is checked against the stored catalogue of its merchant and applied.
 * All of one batch is one transaction: the valid items are applied together, the failing ones
 * are reported, and an unexpected error leaves nothing half-written. The checks read what the
 * writes then change (a number's existence, a bundle's products), so they run in the same
 * transaction: on SQLite it takes the write lock first (several instances may share the file,
 * D-008), on PostgreSQL it is serializable and reruns on a conflict (D-058).
 */
export class CatalogueWriteService {
  constructor(
    private readonly repo: CatalogueRepository,
    private readonly clock: Clock,
  ) {}

  /** Returns the err_list of the whole batch, in request order; empty when every item applied. */
  async create(merchantId: number, rules: KindRules, outcome: BatchOutcome<CatalogueWriteItem>): Promise<BatchError[]> {
    const now = this.clock.now();
    // The failures are the transaction's result, not collected outside it: its work may rerun.
    const failures = await this.repo.transaction(merchantId, async (q) => {
      const found: IndexedError[] = [];
      for (const { index, item } of outcome.valid) {
        const failure = await this.createOne(q, merchantId, rules, index, item, now);
        if (failure) found.push(failure);
      }
      return found;
    });
    return mergeBatchErrors(outcome, failures);
  }

  /** Only the fields sent change (specification: PATCH ... only changed fields are sent). */
  async update(merchantId: number, rules: KindRules, outcome: BatchOutcome<CatalogueWriteItem>): Promise<BatchError[]> {
    const now = this.clock.now();
    const failures = await this.repo.transaction(merchantId, async (q) => {
      const found: IndexedError[] = [];
      for (const { index, item } of outcome.valid) {
        const failure = await this.updateOne(q, merchantId, rules, index, item, now);
        if (failure) found.push(failure);
      }
      return found;
    });
    return mergeBatchErrors(outcome, failures);
  }

  private async createOne(q: CatalogueQueries, merchantId: number, rules: KindRules, index: number, item: CatalogueWriteItem, now: number): Promise<IndexedError | null> {
    const at = `${rules.listKey}.${index}`;
    // decision C-006: an existing number is an invalid number for create (40055).
    const exists = () => itemError(index, item.custom_id, Codes.PRODUCT_NUMBER_INVALID, `${at}.custom_id: ${rules.noun} ${item.custom_id} already exists`);
    if ((await q.findItemRef(merchantId, rules.kind, item.custom_id)) !== undefined) return exists();
    const isSet = rules.kind === 'product' && item.category_id === SET_CATEGORY_ID;
    const bundle = isSet && item.suit_custom_id ? await this.resolveBundle(q, merchantId, index, item.custom_id, item.suit_custom_id, at) : [];
    if (!Array.isArray(bundle)) return bundle;
    const values: Record<string, ColumnValue> = {
      ...CREATE_DEFAULTS,
      ...columnValues(item),
      merchant_id: merchantId, kind: rules.kind, custom_id: item.custom_id,
      // Items created through the open API are merchant-created (specification: source 2).
      source: 2, status: 1, sell_type: 1, created_at: now, updated_at: now,
    };
    const id = await q.insertItem(values);
    // Created by a concurrent request since the check above (D-058).
    if (id === undefined) return exists();
    await q.insertBundle(merchantId, id, bundle);
    return null;
  }

  private async updateOne(q: CatalogueQueries, merchantId: number, rules: KindRules, index: number, item: CatalogueWriteItem, now: number): Promise<IndexedError | null> {
    const at = `${rules.listKey}.${index}`;
    const row = await q.findItemRow(merchantId, rules.kind, item.custom_id);
    if (!row) {
      return itemError(index, item.custom_id, Codes.PRODUCT_NUMBER_NOT_FOUND, `${at}.custom_id: ${rules.noun} ${item.custom_id} does not exist`);
    }
    const ageFailure = this.checkMergedAges(row, item, index, at);
    if (ageFailure) return ageFailure;

    // Bundle items belong to sets only (decision C-007): leaving category 9 drops them.
    const category = item.category_id ?? row.category_id;
    let bundle: BundleRows | null = null;
    if (rules.kind === 'product' && category !== SET_CATEGORY_ID) bundle = [];
    else if (rules.kind === 'product' && item.suit_custom_id) {
      const resolved = await this.resolveBundle(q, merchantId, index, row.custom_id, item.suit_custom_id, at);
      if (!Array.isArray(resolved)) return resolved;
      bundle = resolved;
    }

    const values = columnValues(item);
    if (item.lang_data !== undefined) values['lang_data'] = JSON.stringify(this.mergeLangData(row, item.lang_data));
    values['updated_at'] = now;
    await q.updateItem(merchantId, row, values);
    if (bundle) await q.replaceBundle(merchantId, row.id, bundle);
    return null;
  }

  /**
   * A patch sends only what changed (refineAgeOrder checks the ages sent together), so the rules
   * of a restricted range apply to the merged item: an age never stored (the item was created
   * without a range) must be sent with age_limit 1, and a single changed age must stay ordered
   * against the stored other one.
   */
  private checkMergedAges(row: CatalogueRow, item: CatalogueWriteItem, index: number, at: string): IndexedError | null {
    const ageLimit = item.age_limit ?? row.age_limit;
    if (ageLimit !== 1) return null;
    const neverRanged = row.age_limit === 0 && row.min_age === 0 && row.max_age === 0;
    for (const field of ['min_age', 'max_age'] as const) {
      if (neverRanged && item[field] === undefined) {
        return itemError(index, item.custom_id, Codes.INVALID_PARAM, `${at}.${field}: required when age_limit is 1`);
      }
    }
    const minAge = item.min_age ?? row.min_age;
    const maxAge = item.max_age ?? row.max_age;
    if (minAge > maxAge) {
      return itemError(index, item.custom_id, Codes.INVALID_PARAM, `${at}.min_age: min_age ${minAge} exceeds max_age ${maxAge}`);
    }
    return null;
  }

  /**
   * lang_data of a patch, merged by language and field (decision C-010): fields sent replace the
   * stored ones of that language, other languages are kept, and `{}` for a language removes it.
   */
  private mergeLangData(row: CatalogueRow, patch: NonNullable<CatalogueFields['lang_data']>): Record<string, object> {
    const merged: Record<string, object> = { ...storedLangData(row) };
    for (const [lang, entry] of Object.entries(patch)) {
      if (!entry) continue;
      if (Object.keys(entry).length === 0) delete merged[lang];
      else merged[lang] = { ...merged[lang], ...entry };
    }
    return merged;
  }

  /**
   * Bundle items must be products of the same merchant that exist, including ones created
   * earlier in the same batch (the batch is applied in request order). A set cannot contain
   * itself and names each product once.
   */
  private async resolveBundle(q: CatalogueQueries, merchantId: number, index: number, setNumber: string, suit: readonly SuitItem[], at: string): Promise<BundleRows | IndexedError> {
    const rows: BundleRows = [];
    const seen = new Set<string>();
    for (let i = 0; i < suit.length; i++) {
      const entry = suit[i];
      if (!entry) continue;
      const field = `${at}.suit_custom_id.${i}.custom_id`;
      if (entry.custom_id === setNumber) {
        return itemError(index, setNumber, Codes.PRODUCT_NUMBER_INVALID, `${field}: a set cannot contain itself`);
      }
      if (seen.has(entry.custom_id)) {
        return itemError(index, setNumber, Codes.PRODUCT_NUMBER_INVALID, `${field}: ${entry.custom_id} is listed twice`);
      }
      seen.add(entry.custom_id);
      const productId = (await q.findItemRef(merchantId, 'product', entry.custom_id))?.id;
      if (productId === undefined) {
        return itemError(index, setNumber, Codes.PRODUCT_NUMBER_NOT_FOUND, `${field}: product ${entry.custom_id} does not exist`);
      }
      rows.push({ productId, quantity: entry.quantity });
    }
    return rows;
  }
}
