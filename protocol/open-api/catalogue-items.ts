import { z } from 'zod';
import { categoryIdSchema } from '../enums/categories.ts';
import {
  ageLimitSchema,
  catalogueSourceSchema,
  catalogueStatusSchema,
  goodsAttributesLimitSchema,
  nurseStageSchema,
  userLevelLimitSchema,
} from '../enums/statuses.ts';
import { langDataOutSchema, problemOutSchema } from './catalogue-fields.ts';
import { listResponseSchema } from './paging.ts';

/**
 * Product and treatment list items (specification: Product, Treatment). Texts are in the
 * merchant's default language; lang_data holds the other languages (catalogue-fields.ts).
 */
const catalogueItemShape = {
  id: z.string(),
  custom_id: z.string(),
  pic: z.string(),
  name: z.string(),
  problem: problemOutSchema,
  /** Tags, comma-separated. */
  label: z.string(),
  price_unit: z.number().int(),
  price: z.number(),
  price_symbol: z.string(),
  /** Headquarters link. */
  link: z.string(),
  source: catalogueSourceSchema,
  status: catalogueStatusSchema,
  age_limit: ageLimitSchema,
  min_age: z.number().int(),
  max_age: z.number().int(),
  sub_title: z.string(),
  /** decision: derived, 1 when user_level is not empty. */
  user_level_limit: userLevelLimitSchema,
  /** Restricted levels, comma-separated. */
  user_level: z.string(),
  instruction: z.string(),
  lang_data: langDataOutSchema,
  /**
   * decision: extension fields the specification's list item lacks but the kiosk needs to group
   * and order recommendations; optional, so an answer without them still parses.
   */
  nurse_stage: nurseStageSchema.optional(),
};

/** Product item of GET /open_api/merchant/products and /open_api/store/products. */
export const productItemSchema = z.object({
  ...catalogueItemShape,
  /** Store-specific link ('' when the store uses the headquarters link). */
  store_link: z.string(),
  /** decision: extension field, see nurse_stage. */
  category_id: categoryIdSchema.optional(),
});
export type ProductItem = z.infer<typeof productItemSchema>;

const treatmentShape = {
  ...catalogueItemShape,
  goods_attributes_limit: goodsAttributesLimitSchema,
  /** Associated product attribute codes, comma-separated. */
  goods_attributes_code: z.string(),
};

/** Treatment item of GET /open_api/merchant/treatments: no store_link. */
export const treatmentItemSchema = z.object(treatmentShape);
export type TreatmentItem = z.infer<typeof treatmentItemSchema>;

/** Treatment item of GET /open_api/store/treatments: adds store_link. */
export const storeTreatmentItemSchema = z.object({ ...treatmentShape, store_link: z.string() });
export type StoreTreatmentItem = z.infer<typeof storeTreatmentItemSchema>;

export const productListResponseSchema = listResponseSchema(productItemSchema);
export const treatmentListResponseSchema = listResponseSchema(treatmentItemSchema);
export const storeTreatmentListResponseSchema = listResponseSchema(storeTreatmentItemSchema);
export type ProductListResponse = z.infer<typeof productListResponseSchema>;
export type TreatmentListResponse = z.infer<typeof treatmentListResponseSchema>;
export type StoreTreatmentListResponse = z.infer<typeof storeTreatmentListResponseSchema>;
