import { z } from 'zod';
import { DEFAULT_LANGUAGE, matchLanguageCode } from '../enums/languages.ts';
import { storeNumberSchema } from './formats.ts';
import { optionalQueryInt, optionalQueryString } from './query.ts';

/** Page size of the list reads: default 20, max 100; page number default 1 (specification: Limits). */
export const PAGE_DEFAULT = 1;
export const COUNT_DEFAULT = 20;
export const COUNT_MAX = 100;

/**
 * page and count of the list reads.
 * decision: a count above 100 is clamped to 100 rather than refused: the caller still gets a
 * valid page and `total` tells it how many pages to read. A count or page below 1, or one that
 * is not an integer, is refused with code 400.
 */
export const pageQuerySchema = z.object({
  page: optionalQueryInt().pipe(z.number().int().min(1).default(PAGE_DEFAULT)),
  count: optionalQueryInt().pipe(
    z
      .number()
      .int()
      .min(1)
      .default(COUNT_DEFAULT)
      .transform((n) => Math.min(n, COUNT_MAX)),
  ),
});
export type PageQuery = z.output<typeof pageQuerySchema>;

/** GET /open_api/merchant/employees: paging plus the store_custom_id filter. */
export const employeesQuerySchema = pageQuerySchema.extend({
  store_custom_id: optionalQueryString().pipe(storeNumberSchema.optional()),
});
export type EmployeesQuery = z.output<typeof employeesQuerySchema>;

/** GET /open_api/store/products and /open_api/store/treatments: store_custom_id is required. */
export const storeCatalogueQuerySchema = pageQuerySchema.extend({
  store_custom_id: optionalQueryString().pipe(storeNumberSchema),
});
export type StoreCatalogueQuery = z.output<typeof storeCatalogueQuerySchema>;

/**
 * GET /open_api/merchant/products and /open_api/merchant/treatments: their paging is not shown.
 * decision: the same page/count paging as the other list reads.
 */
export const merchantCatalogueQuerySchema = pageQuerySchema;

/** A language tag's shape (BCP 47 subtags), without checking the registry. */
const LANGUAGE_TAG = /^[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8}){0,7}$/;

/**
 * `lang` of the dimension and category reads (default English). decision (M-021): a language
 * code of the specification, in any letter case, names everything in that language; any other
 * well-formed language tag (de, en-US, zh-TW) gets English, the specified default, as a request
 * without `lang` does; a value that is no language tag at all is 400.
 */
export const langQuerySchema = z.object({
  lang: optionalQueryString().pipe(
    z
      .string()
      .regex(LANGUAGE_TAG, 'not a language tag')
      .transform((tag) => matchLanguageCode(tag) ?? DEFAULT_LANGUAGE)
      .optional()
      .transform((code) => code ?? DEFAULT_LANGUAGE),
  ),
});
export type LangQuery = z.output<typeof langQuerySchema>;

/**
 * response of every list read: `list` plus `total`, the number of records over all pages.
 * decision: our platform always sends `total`; it is optional in the schema so that a client
 * still reads a service that only sends `list` (the specification shows only list[]).
 */
export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int().min(0).optional() });
}
