import type { z } from 'zod';
import type { CategoryId } from '../../../protocol/enums/categories.ts';
import { isCategoryId } from '../../../protocol/enums/categories.ts';
import { priceSymbol } from '../../../protocol/enums/price-units.ts';
import type { LangData, Problem } from '../../../protocol/open-api/catalogue-fields.ts';
import { langDataOutSchema, problemOutSchema } from '../../../protocol/open-api/catalogue-fields.ts';
import type { ProductItem, StoreTreatmentItem, TreatmentItem } from '../../../protocol/open-api/catalogue-items.ts';
import { BoundedCache } from '../../bounded-cache.ts';
import type { CatalogueKind } from './kinds.ts';

/** One row of catalogue_items (migration 002). */
export interface CatalogueRow {
  id: number;
  merchant_id: number;
  kind: CatalogueKind;
  custom_id: string;
  category_id: number | null;
  name: string;
  pic: string;
  sub_title: string;
  price_unit: number;
  price_cents: number;
  link: string;
  problem: string;
  skin_type: string;
  age_limit: number;
  min_age: number;
  max_age: number;
  label: string;
  nurse_stage: number | null;
  user_level: string;
  instruction: string;
  lang_data: string;
  goods_attributes_code: string;
  goods_attributes_limit: string | null;
  source: number;
  status: number;
  sell_type: number;
  created_at: number;
  updated_at: number;
  /** Raised by every change of the item (migration 007, D-071). */
  revision: number;
}

/**
 * The writable fields of a product or treatment item, as the protocol/ validators return them
 * (texts normalised, problem normalised, price a number). Create items and update items both fit.
 */
export interface CatalogueFields {
  category_id?: number;
  name?: string;
  pic?: string;
  sub_title?: string;
  price_unit?: number;
  price?: number;
  link?: string;
  problem?: Problem;
  skin_type?: string;
  age_limit?: number;
  min_age?: number;
  max_age?: number;
  label?: string;
  nurse_stage?: number;
  user_level?: string;
  instruction?: string;
  lang_data?: LangData;
  goods_attributes_code?: string;
  goods_attributes_limit?: string;
}

export type ColumnValue = string | number | null;

/**
 * Column values of the fields present in `fields`, and only those: an update changes exactly the
 * fields it sends (specification: Products, PATCH). Column names come from this table, never
 * from the request.
 */
export function columnValues(fields: CatalogueFields): Record<string, ColumnValue> {
  const out: Record<string, ColumnValue> = {};
  const copy = ['category_id', 'name', 'pic', 'sub_title', 'price_unit', 'link', 'skin_type', 'age_limit', 'min_age', 'max_age',
    'label', 'nurse_stage', 'user_level', 'instruction', 'goods_attributes_code', 'goods_attributes_limit'] as const;
  for (const key of copy) {
    const value = fields[key];
    if (value !== undefined) out[key] = value;
  }
  if (fields.price !== undefined) out['price_cents'] = Math.round(fields.price * 100);
  if (fields.problem !== undefined) out['problem'] = JSON.stringify(fields.problem);
  if (fields.lang_data !== undefined) out['lang_data'] = JSON.stringify(fields.lang_data);
  return out;
}

/** Stored JSON is read back through the protocol's own read schemas; a damaged value reads as empty. */
function parseJson<S extends z.ZodType>(text: string, schema: S, empty: z.output<S>): z.output<S> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return empty;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : empty;
}

/**
 * The read values by stored text (D-054): a page reads two of them per item, most texts repeat
 * ('{}', the same problem fields), and the schema check costs more than the rest of the item.
 */
const storedProblems = new BoundedCache<string, z.output<typeof problemOutSchema>>(1024);
const storedLangDatas = new BoundedCache<string, z.output<typeof langDataOutSchema>>(1024);

export type StoredLangData = z.output<typeof langDataOutSchema>;

export function storedLangData(row: Pick<CatalogueRow, 'lang_data'>): StoredLangData {
  return storedLangDatas.getOrMake(row.lang_data, () => parseJson(row.lang_data, langDataOutSchema, {}));
}

function baseItem(row: CatalogueRow) {
  const item = {
    id: String(row.id),
    custom_id: row.custom_id,
    pic: row.pic,
    name: row.name,
    problem: storedProblems.getOrMake(row.problem, () => parseJson(row.problem, problemOutSchema, {})),
    label: row.label,
    price_unit: row.price_unit,
    price: row.price_cents / 100,
    // price_symbol follows the price unit table (specification: Price unit identifiers).
    price_symbol: priceSymbol(row.price_unit),
    link: row.link,
    source: row.source === 1 ? (1 as const) : (2 as const),
    status: row.status === 1 ? (1 as const) : (-1 as const),
    age_limit: row.age_limit === 1 ? (1 as const) : (0 as const),
    min_age: row.min_age,
    max_age: row.max_age,
    sub_title: row.sub_title,
    // Protocol decision: user_level_limit is derived, 1 when levels are restricted.
    user_level_limit: row.user_level === '' ? (0 as const) : (1 as const),
    user_level: row.user_level,
    instruction: row.instruction,
    lang_data: storedLangData(row),
  };
  // nurse_stage is an optional extension field: absent when the merchant never set it.
  const nurseStage = row.nurse_stage === 1 ? (1 as const) : row.nurse_stage === 2 ? (2 as const) : undefined;
  return nurseStage === undefined ? item : { ...item, nurse_stage: nurseStage };
}

/** `storeLink`: the store-specific link of the store read; '' on the merchant read (decision C-011). */
export function toProductItem(row: CatalogueRow, storeLink = ''): ProductItem {
  const category: CategoryId | undefined = isCategoryId(row.category_id) ? row.category_id : undefined;
  return { ...baseItem(row), store_link: storeLink, ...(category === undefined ? {} : { category_id: category }) };
}

export function toTreatmentItem(row: CatalogueRow): TreatmentItem {
  // Protocol decision: when the merchant never set goods_attributes_limit it is '1' exactly when codes are listed.
  const limit = row.goods_attributes_limit ?? (row.goods_attributes_code === '' ? '0' : '1');
  return { ...baseItem(row), goods_attributes_limit: limit === '1' ? '1' : '0', goods_attributes_code: row.goods_attributes_code };
}

export function toStoreTreatmentItem(row: CatalogueRow, storeLink: string): StoreTreatmentItem {
  return { ...toTreatmentItem(row), store_link: storeLink };
}
