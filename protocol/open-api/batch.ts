import { Codes } from '../codes.ts';
import type { BatchError } from '../envelope.ts';
import {
  checkProductCreateItem,
  checkProductUpdateItem,
  checkTreatmentCreateItem,
  checkTreatmentUpdateItem,
} from './catalogue-validators.ts';
import type {
  CustomIdListBody,
  LinksBody,
  ProductCreateItem,
  ProductUpdateItem,
  SaleStoresBody,
  TreatmentCreateItem,
  TreatmentUpdateItem,
} from './catalogue-requests.ts';
import { customIdListBodySchema, linksBodySchema, saleStoresBodySchema, storeLinkSchema } from './catalogue-requests.ts';
import { LIMITS, isCatalogueNumber, isHttpUrl, isStoreNumber } from './formats.ts';
import type { Checked, FieldFailure, FieldRule } from './validation.ts';
import { checkBody, failure, isMissing, isRecord, requiredKeys, rule, runRules } from './validation.ts';

/**
 * Batch operations (specification: Batch errors). A body that is not a batch at all fails as a
 * whole (400, or 40058 when it holds too many items); otherwise each item is checked alone and
 * every failed item becomes one err_list entry, so the platform applies the valid items and
 * answers 40069 when err_list is not empty.
 */
export interface BatchOutcome<T> {
  /** The items that passed, with their position in the request. */
  readonly valid: ReadonlyArray<{ readonly index: number; readonly item: T }>;
  readonly err_list: BatchError[];
}

export type ItemChecker<T> = (raw: unknown, prefix: string) => Checked<T>;

function toBatchError(item: unknown, f: FieldFailure): BatchError {
  const customId = isRecord(item) && typeof item['custom_id'] === 'string' ? item['custom_id'] : '';
  return { custom_id: customId, err_code: f.code.code, err_msg: f.message };
}

/**
 * Checks `body[listKey]` item by item. decision: at most 100 items per call (more answers 40058);
 * a product number that repeats within one batch fails its later occurrences with 40055.
 */
export function checkBatch<T extends { custom_id: string }>(
  body: unknown,
  listKey: string,
  checkItem: ItemChecker<T>,
): Checked<BatchOutcome<T>> {
  if (!isRecord(body)) return { ok: false, failure: failure(Codes.INVALID_PARAM, 'body', 'a JSON object is required') };
  const list = body[listKey];
  if (!Array.isArray(list) || list.length === 0) return { ok: false, failure: failure(Codes.INVALID_PARAM, listKey) };
  if (list.length > LIMITS.BATCH_ITEMS) return { ok: false, failure: failure(Codes.TOO_MUCH_DATA, listKey) };
  const valid: Array<{ index: number; item: T }> = [];
  const errList: BatchError[] = [];
  const seen = new Set<string>();
  list.forEach((raw: unknown, index) => {
    const prefix = `${listKey}.${index}`;
    const result = checkItem(raw, prefix);
    if (!result.ok) {
      errList.push(toBatchError(raw, result.failure));
    } else if (seen.has(result.value.custom_id)) {
      errList.push(toBatchError(raw, failure(Codes.PRODUCT_NUMBER_INVALID, `${prefix}.custom_id`, 'repeated in this batch')));
    } else {
      seen.add(result.value.custom_id);
      valid.push({ index, item: result.value });
    }
  });
  return { ok: true, value: { valid, err_list: errList } };
}

/** POST /open_api/merchant/products */
export function checkProductCreateBatch(body: unknown): Checked<BatchOutcome<ProductCreateItem>> {
  return checkBatch(body, 'product_list', checkProductCreateItem);
}

/** PATCH /open_api/merchant/products */
export function checkProductUpdateBatch(body: unknown): Checked<BatchOutcome<ProductUpdateItem>> {
  return checkBatch(body, 'product_list', checkProductUpdateItem);
}

/** POST /open_api/merchant/treatments */
export function checkTreatmentCreateBatch(body: unknown): Checked<BatchOutcome<TreatmentCreateItem>> {
  return checkBatch(body, 'treatment_list', checkTreatmentCreateItem);
}

/** PATCH /open_api/merchant/treatments */
export function checkTreatmentUpdateBatch(body: unknown): Checked<BatchOutcome<TreatmentUpdateItem>> {
  return checkBatch(body, 'treatment_list', checkTreatmentUpdateItem);
}

/**
 * DELETE of products/treatments and the status operations. decision: a missing or empty list,
 * or a malformed number in it, is 40055 (product number missing or invalid); more than 100 is
 * 40058. Numbers that do not exist are the platform's per-item 40067.
 */
export function checkCustomIdList(body: unknown): Checked<CustomIdListBody> {
  if (!isRecord(body)) return { ok: false, failure: failure(Codes.INVALID_PARAM, 'body', 'a JSON object is required') };
  const list = body['custom_id_list'];
  if (!Array.isArray(list) || list.length === 0) return { ok: false, failure: failure(Codes.PRODUCT_NUMBER_INVALID, 'custom_id_list') };
  if (list.length > LIMITS.BATCH_ITEMS) return { ok: false, failure: failure(Codes.TOO_MUCH_DATA, 'custom_id_list') };
  const bad = list.findIndex((id) => !isCatalogueNumber(id));
  if (bad >= 0) return { ok: false, failure: failure(Codes.PRODUCT_NUMBER_INVALID, `custom_id_list.${bad}`) };
  return checkBody(customIdListBodySchema, [], body);
}

/**
 * PATCH /open_api/{product,treatment}/sale_stores: product number 40055, store numbers 11029,
 * more than 1000 stores 40058 (decision); sell_type and a missing store_list are 400.
 */
export function checkSaleStores(body: unknown): Checked<SaleStoresBody> {
  if (!isRecord(body)) return { ok: false, failure: failure(Codes.INVALID_PARAM, 'body', 'a JSON object is required') };
  if (!isCatalogueNumber(body['custom_id'])) return { ok: false, failure: failure(Codes.PRODUCT_NUMBER_INVALID, 'custom_id') };
  const stores = body['store_list'];
  if (Array.isArray(stores)) {
    if (stores.length > LIMITS.SALE_STORES) return { ok: false, failure: failure(Codes.TOO_MUCH_DATA, 'store_list') };
    const bad = stores.findIndex((s) => !isStoreNumber(s));
    if (bad >= 0) return { ok: false, failure: failure(Codes.STORE_NUMBER_FORMAT, `store_list.${bad}`) };
  }
  return checkBody(saleStoresBodySchema, [], body);
}

const linkEntryRules: readonly FieldRule[] = [rule('store_custom_id', Codes.STORE_NUMBER_FORMAT, isStoreNumber)];

/**
 * PATCH /open_api/{product,treatment}/links: product number missing or malformed 40055, more
 * than 100 entries 40058, a malformed store number 11029, a malformed link where link_type is 1
 * 40035. A missing store number, link_type, or link where link_type is 1 is the schema's 400
 * (decision D-040). Premium-only (40068) and for-sale checks (40066/40089) need stored data:
 * the platform's.
 */
export function checkLinks(body: unknown): Checked<LinksBody> {
  if (!isRecord(body)) return { ok: false, failure: failure(Codes.INVALID_PARAM, 'body', 'a JSON object is required') };
  if (!isCatalogueNumber(body['custom_id'])) return { ok: false, failure: failure(Codes.PRODUCT_NUMBER_INVALID, 'custom_id') };
  const list = body['link_list'];
  if (Array.isArray(list)) {
    if (list.length > LIMITS.LINK_LIST) return { ok: false, failure: failure(Codes.TOO_MUCH_DATA, 'link_list') };
    for (let i = 0; i < list.length; i++) {
      const entry: unknown = list[i];
      if (!isRecord(entry)) continue;
      const broken = runRules(linkEntryRules, entry, `link_list.${i}`, requiredKeys(storeLinkSchema));
      if (broken) return { ok: false, failure: broken };
      if (entry['link_type'] === 1 && !isMissing(entry['link']) && !isHttpUrl(entry['link'], LIMITS.LINK_URL)) {
        return { ok: false, failure: failure(Codes.LINK_FORMAT, `link_list.${i}.link`) };
      }
    }
  }
  return checkBody(linksBodySchema, [], body);
}
