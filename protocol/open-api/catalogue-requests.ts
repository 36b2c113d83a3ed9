import { z } from 'zod';
import { categoryIdSchema } from '../enums/categories.ts';
import { priceUnitIdSchema } from '../enums/price-units.ts';
import {
  ageLimitSchema,
  catalogueStatusSchema,
  linkTypeSchema,
  nurseStageSchema,
  sellTypeSchema,
} from '../enums/statuses.ts';
import { ageSchema, langDataSchema, problemSchema, refineAgeOrder, refineAgeRange, suitListSchema } from './catalogue-fields.ts';
import {
  LIMITS,
  catalogueNumberSchema,
  codeListSchema,
  httpUrl,
  labelSchema,
  priceSchema,
  storeNumberSchema,
  text,
} from './formats.ts';

/**
 * Request bodies of the product and treatment operations (specification: Products,
 * Treatments). Unknown fields are dropped. decision: JSON null is not a value of any field; to
 * clear a text field an update sends the empty string.
 */

/** link: '' (no link) or an http(s) URL. */
export const linkSchema = z.union([z.literal(''), httpUrl(LIMITS.LINK_URL)]);

/** Fields every product and treatment item may carry, all optional. */
const optionalShape = {
  sub_title: text(LIMITS.SUB_TITLE).optional(),
  price_unit: priceUnitIdSchema.optional(),
  price: priceSchema.optional(),
  link: linkSchema.optional(),
  problem: problemSchema.optional(),
  age_limit: ageLimitSchema.optional(),
  min_age: ageSchema.optional(),
  max_age: ageSchema.optional(),
  label: labelSchema.optional(),
  nurse_stage: nurseStageSchema.optional(),
  /** Customer level restriction (format not shown): see codeListSchema. */
  user_level: codeListSchema.optional(),
  instruction: text(LIMITS.INSTRUCTION).optional(),
  lang_data: langDataSchema.optional(),
};

const identityShape = {
  name: text(LIMITS.PRODUCT_NAME, 1),
  custom_id: catalogueNumberSchema,
  pic: httpUrl(LIMITS.PIC_URL),
};

const productOnlyShape = {
  /** Applicable skin types (format not shown): see codeListSchema. */
  skin_type: codeListSchema.optional(),
  /** decision: accepted on any category, though only a set (category 9) has bundle items. */
  suit_custom_id: suitListSchema.optional(),
};

/**
 * decision: goods_attributes_limit appears only on the treatment list item; a request may set it
 * (0/1 or '0'/'1'); when it does not, the platform derives it: '1' when goods_attributes_code is
 * not empty, else '0'.
 */
const treatmentOnlyShape = {
  goods_attributes_code: codeListSchema.optional(),
  goods_attributes_limit: z
    .union([z.literal([0, 1]), z.literal(['0', '1'])])
    .transform((v) => (String(v) === '1' ? '1' : '0'))
    .optional(),
};

export const productCreateItemSchema = z
  .object({ ...identityShape, category_id: categoryIdSchema, ...optionalShape, ...productOnlyShape })
  .superRefine(refineAgeRange);
export type ProductCreateItem = z.output<typeof productCreateItemSchema>;

/** Update: custom_id required, every other field optional, only changed fields sent. */
export const productUpdateItemSchema = z
  .object({
    custom_id: catalogueNumberSchema,
    name: identityShape.name.optional(),
    pic: identityShape.pic.optional(),
    category_id: categoryIdSchema.optional(),
    ...optionalShape,
    ...productOnlyShape,
  })
  .superRefine(refineAgeOrder);
export type ProductUpdateItem = z.output<typeof productUpdateItemSchema>;

export const treatmentCreateItemSchema = z
  .object({ ...identityShape, ...optionalShape, ...treatmentOnlyShape })
  .superRefine(refineAgeRange);
export type TreatmentCreateItem = z.output<typeof treatmentCreateItemSchema>;

export const treatmentUpdateItemSchema = z
  .object({
    custom_id: catalogueNumberSchema,
    name: identityShape.name.optional(),
    pic: identityShape.pic.optional(),
    ...optionalShape,
    ...treatmentOnlyShape,
  })
  .superRefine(refineAgeOrder);
export type TreatmentUpdateItem = z.output<typeof treatmentUpdateItemSchema>;

function batchOf<T extends z.ZodType>(item: T) {
  return z.array(item).min(1).max(LIMITS.BATCH_ITEMS);
}

/** Whole-body schemas, for clients and tests. The platform checks item by item (batch.ts). */
export const productCreateBodySchema = z.object({ product_list: batchOf(productCreateItemSchema) });
export const productUpdateBodySchema = z.object({ product_list: batchOf(productUpdateItemSchema) });
export const treatmentCreateBodySchema = z.object({ treatment_list: batchOf(treatmentCreateItemSchema) });
export const treatmentUpdateBodySchema = z.object({ treatment_list: batchOf(treatmentUpdateItemSchema) });
export type ProductCreateBody = z.input<typeof productCreateBodySchema>;
export type ProductUpdateBody = z.input<typeof productUpdateBodySchema>;
export type TreatmentCreateBody = z.input<typeof treatmentCreateBodySchema>;
export type TreatmentUpdateBody = z.input<typeof treatmentUpdateBodySchema>;

/**
 * DELETE /open_api/merchant/{products,treatments} and PATCH /open_api/{product,treatment}/status/{status}.
 * decision: duplicate numbers are removed.
 */
export const customIdListBodySchema = z.object({
  custom_id_list: z
    .array(catalogueNumberSchema)
    .min(1)
    .max(LIMITS.BATCH_ITEMS)
    .transform((ids) => [...new Set(ids)]),
});
export type CustomIdListBody = z.output<typeof customIdListBodySchema>;

/** The {status} path segment of the status operations: 1 or -1. */
export const catalogueStatusParamSchema = z.enum(['1', '-1']).transform(Number).pipe(catalogueStatusSchema);

/**
 * PATCH /open_api/{product,treatment}/sale_stores. store_list is required (and decision: not
 * empty) when sell_type is 2; with sell_type 1 it is ignored and answered as [].
 */
export const saleStoresBodySchema = z
  .object({
    custom_id: catalogueNumberSchema,
    sell_type: sellTypeSchema,
    store_list: z.array(storeNumberSchema).max(LIMITS.SALE_STORES).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.sell_type === 2 && (!v.store_list || v.store_list.length === 0)) {
      ctx.addIssue({ code: 'custom', path: ['store_list'], message: 'required when sell_type is 2' });
    }
  })
  .transform((v) => ({ ...v, store_list: v.sell_type === 2 ? [...new Set(v.store_list)] : [] }));
export type SaleStoresBody = z.output<typeof saleStoresBodySchema>;

/**
 * A link_list entry: link is required when link_type is 1. decision: with link_type 0 (same as
 * headquarters) a link sent anyway is dropped.
 */
export const storeLinkSchema = z
  .object({
    store_custom_id: storeNumberSchema,
    link_type: linkTypeSchema,
    link: httpUrl(LIMITS.LINK_URL).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.link_type === 1 && v.link === undefined) ctx.addIssue({ code: 'custom', path: ['link'], message: 'required when link_type is 1' });
  })
  .transform((v) => (v.link_type === 1 ? v : { store_custom_id: v.store_custom_id, link_type: v.link_type }));
export type StoreLink = z.output<typeof storeLinkSchema>;

/**
 * PATCH /open_api/{product,treatment}/links: up to 100 entries. decision: a store may appear
 * only once in one call.
 */
export const linksBodySchema = z.object({
  custom_id: catalogueNumberSchema,
  link_list: z
    .array(storeLinkSchema)
    .min(1)
    .max(LIMITS.LINK_LIST)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((entry, i) => {
        if (seen.has(entry.store_custom_id)) ctx.addIssue({ code: 'custom', path: [i, 'store_custom_id'], message: 'store listed twice' });
        seen.add(entry.store_custom_id);
      });
    }),
});
export type LinksBody = z.output<typeof linksBodySchema>;
