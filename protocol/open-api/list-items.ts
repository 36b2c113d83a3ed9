import { z } from 'zod';
import type { DimensionId } from '../enums/dimensions.ts';
import { DIMENSIONS, dimensionIdSchema } from '../enums/dimensions.ts';
import type { CategoryId } from '../enums/categories.ts';
import { CATEGORIES, categoryIdSchema } from '../enums/categories.ts';
import type { LanguageCode } from '../enums/languages.ts';
import { languageCodeSchema, localize } from '../enums/languages.ts';
import type { CategoryStatus, DimensionStatus } from '../enums/statuses.ts';
import {
  accountStatusSchema,
  categoryStatusSchema,
  dimensionStatusSchema,
  storeBusinessTypeSchema,
  storeStatusSchema,
} from '../enums/statuses.ts';
import { listResponseSchema } from './paging.ts';

/**
 * List items of the merchant data reads (specification: Resources and their fields). Field
 * names and types are as the specification writes them, oddities included (`status_status`,
 * per-item `total` as a string).
 */

/** GET /open_api/merchant/merchants */
export const merchantItemSchema = z.object({
  merchant_id: z.string(),
  name: z.string(),
  /** Countries/regions the merchant operates in. */
  area: z.string(),
});
export type MerchantItem = z.infer<typeof merchantItemSchema>;

/** GET /open_api/merchant/stores */
export const storeItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  province: z.string(),
  city: z.string(),
  address: z.string(),
  status: storeStatusSchema,
  store_business_type: storeBusinessTypeSchema,
  store_custom_id: z.string(),
  /** Total record count, repeated on each item as a string (as the specification shows it). */
  total: z.string(),
});
export type StoreItem = z.infer<typeof storeItemSchema>;

/** GET /open_api/merchant/employees */
export const employeeItemSchema = z.object({
  id: z.string(),
  store_id: z.string(),
  store_custom_id: z.string(),
  /** The store's status; the field name is as the specification writes it. */
  status_status: storeStatusSchema,
  account_num: z.string(),
  last_name: z.string(),
  real_name: z.string(),
  phone_cc: z.string(),
  phone_number: z.string(),
  email: z.string(),
  sso_account: z.string(),
  status: accountStatusSchema,
});
export type EmployeeItem = z.infer<typeof employeeItemSchema>;

/** GET /open_api/merchant/area */
export const regionItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  remark: z.string(),
  total: z.string(),
});
export type RegionItem = z.infer<typeof regionItemSchema>;

/** GET /open_api/merchant/langs: response itself (not a list). lang_list is [] when none. */
export const langsResponseSchema = z.object({
  default_lang: languageCodeSchema,
  lang_list: z.array(languageCodeSchema),
});
export type LangsResponse = z.infer<typeof langsResponseSchema>;

/** A severity level of a dimension item; the id may be a number or a string on the wire. */
export const divisionSchema = z.object({
  id: z.union([z.number().int(), z.string()]),
  name: z.string(),
});
export type Division = z.infer<typeof divisionSchema>;

/** GET /open_api/merchant/dimensions (names in the requested language). */
export const dimensionItemSchema = z.object({
  id: dimensionIdSchema,
  name: z.string(),
  status: dimensionStatusSchema,
  divisions_count: z.number().int().min(0),
  divisions: z.array(divisionSchema),
});
export type DimensionItem = z.infer<typeof dimensionItemSchema>;

/** GET /open_api/merchant/categories */
export const categoryItemSchema = z.object({
  category_id: categoryIdSchema,
  name: z.string(),
  status: categoryStatusSchema,
});
export type CategoryItem = z.infer<typeof categoryItemSchema>;

export const merchantListResponseSchema = listResponseSchema(merchantItemSchema);
export const storeListResponseSchema = listResponseSchema(storeItemSchema);
export const employeeListResponseSchema = listResponseSchema(employeeItemSchema);
export const regionListResponseSchema = listResponseSchema(regionItemSchema);
export const dimensionListResponseSchema = listResponseSchema(dimensionItemSchema);
export const categoryListResponseSchema = listResponseSchema(categoryItemSchema);
export type MerchantListResponse = z.infer<typeof merchantListResponseSchema>;
export type StoreListResponse = z.infer<typeof storeListResponseSchema>;
export type EmployeeListResponse = z.infer<typeof employeeListResponseSchema>;
export type RegionListResponse = z.infer<typeof regionListResponseSchema>;
export type DimensionListResponse = z.infer<typeof dimensionListResponseSchema>;
export type CategoryListResponse = z.infer<typeof categoryListResponseSchema>;

/**
 * The dimension item of `id` from the level tables (enums/dimensions.ts), the dimension and its
 * levels named in `lang` (every language code has its names: enums/names/).
 */
export function buildDimensionItem(id: DimensionId, lang: LanguageCode, status: DimensionStatus): DimensionItem {
  const levels = DIMENSIONS[id].levels;
  return {
    id,
    name: localize(DIMENSIONS[id].name, lang),
    status,
    divisions_count: levels.length,
    divisions: levels.map((l) => ({ id: l.id, name: localize(l.name, lang) })),
  };
}

/** The category item of `id`, name in `lang`. */
export function buildCategoryItem(id: CategoryId, lang: LanguageCode, status: CategoryStatus): CategoryItem {
  return { category_id: id, name: localize(CATEGORIES[id].name, lang), status };
}
