import type { z } from 'zod';
import { Codes } from '../codes.ts';
import { isCategoryId } from '../enums/categories.ts';
import {
  productCreateItemSchema,
  productUpdateItemSchema,
  treatmentCreateItemSchema,
  treatmentUpdateItemSchema,
} from './catalogue-requests.ts';
import type {
  ProductCreateItem,
  ProductUpdateItem,
  TreatmentCreateItem,
  TreatmentUpdateItem,
} from './catalogue-requests.ts';
import { LIMITS, isCatalogueNumber, isHttpUrl, isNonBlank, withinChars } from './formats.ts';
import type { Checked, FieldFailure, FieldRule } from './validation.ts';
import { checkBody, failure, isRecord, requiredKeys, rule, runRules } from './validation.ts';

/**
 * Field rules of product and treatment items, each tied to its specification code (Product and
 * treatment codes). The codes are named after products; decision: treatments answer the same
 * codes for the same rules, as the specification gives treatments "the same configuration
 * capabilities as a product" and lists no treatment-specific codes for them.
 */
export type CatalogueMode = 'create' | 'update';

const isPic = (value: unknown): boolean => isHttpUrl(value, LIMITS.PIC_URL);
const isLink = (value: unknown): boolean => value === '' || isHttpUrl(value, LIMITS.LINK_URL);

/**
 * Where the schema requires a field, its missing value answers the code the specification gives
 * for that case (decision D-040): 40055 "product number missing or invalid", 40015 "category
 * not specified", 40017 "product name not specified", 40025 "image format error or missing".
 * name and pic are required on create only; on update they are checked when sent.
 */
const numberRule = rule('custom_id', Codes.PRODUCT_NUMBER_INVALID, isCatalogueNumber, Codes.PRODUCT_NUMBER_INVALID);

const identityRules: FieldRule[] = [
  rule('name', Codes.PRODUCT_NAME_MISSING, isNonBlank, Codes.PRODUCT_NAME_MISSING),
  rule('name', Codes.PRODUCT_NAME_TOO_LONG, withinChars(LIMITS.PRODUCT_NAME)),
  rule('pic', Codes.PIC_INVALID, isPic, Codes.PIC_INVALID),
];

const contentRules: FieldRule[] = [
  rule('sub_title', Codes.SUBTITLE_TOO_LONG, withinChars(LIMITS.SUB_TITLE)),
  rule('link', Codes.LINK_FORMAT, isLink),
  rule('instruction', Codes.INSTRUCTION_TOO_LONG, withinChars(LIMITS.INSTRUCTION)),
];

const categoryRule = rule('category_id', Codes.CATEGORY_MISSING, isCategoryId, Codes.CATEGORY_MISSING);

const PRODUCT_RULES: readonly FieldRule[] = [numberRule, categoryRule, ...identityRules, ...contentRules];
const TREATMENT_RULES: readonly FieldRule[] = [numberRule, ...identityRules, ...contentRules];

/** The schema of each kind and mode: it says which fields are required. */
const PRODUCT_SCHEMAS = { create: productCreateItemSchema, update: productUpdateItemSchema } as const;
const TREATMENT_SCHEMAS = { create: treatmentCreateItemSchema, update: treatmentUpdateItemSchema } as const;

/** The texts of lang_data carry the codes of their default-language fields. */
const langEntryRules: FieldRule[] = [
  rule('name', Codes.PRODUCT_NAME_TOO_LONG, withinChars(LIMITS.PRODUCT_NAME)),
  rule('sub_title', Codes.SUBTITLE_TOO_LONG, withinChars(LIMITS.SUB_TITLE)),
  rule('instruction', Codes.INSTRUCTION_TOO_LONG, withinChars(LIMITS.INSTRUCTION)),
];

function langDataFailure(item: Record<string, unknown>, prefix: string): FieldFailure | null {
  const langData = item['lang_data'];
  if (!isRecord(langData)) return null;
  for (const [lang, entry] of Object.entries(langData)) {
    if (!isRecord(entry)) continue;
    const broken = runRules(langEntryRules, entry, join(prefix, `lang_data.${lang}`));
    if (broken) return broken;
  }
  return null;
}

/** Bundle items name products by number: a malformed one is 40055. */
function suitFailure(item: Record<string, unknown>, prefix: string): FieldFailure | null {
  const suit = item['suit_custom_id'];
  if (!Array.isArray(suit)) return null;
  for (let i = 0; i < suit.length; i++) {
    const entry: unknown = suit[i];
    // Missing or malformed alike: 40055 is "product number missing or invalid" (D-040).
    if (isRecord(entry) && !isCatalogueNumber(entry['custom_id'])) {
      return failure(Codes.PRODUCT_NUMBER_INVALID, join(prefix, `suit_custom_id.${i}.custom_id`));
    }
  }
  return null;
}

function join(prefix: string, field: string): string {
  return prefix ? `${prefix}.${field}` : field;
}

/**
 * The specific-code rule a product item breaks, or null. Order: product number, category
 * (40015), name (40017, 40018), pic (40025), sub_title (40048), link (40035), instruction
 * (40077), lang_data texts, bundle numbers. Everything else is the schema's (code 400).
 */
export function validateProductItem(item: unknown, mode: CatalogueMode = 'create', prefix = ''): FieldFailure | null {
  const broken = runRules(PRODUCT_RULES, item, prefix, requiredKeys(PRODUCT_SCHEMAS[mode]));
  if (broken || !isRecord(item)) return broken;
  return langDataFailure(item, prefix) ?? suitFailure(item, prefix);
}

/** The specific-code rule a treatment item breaks, or null (as products, without category). */
export function validateTreatmentItem(item: unknown, mode: CatalogueMode = 'create', prefix = ''): FieldFailure | null {
  const broken = runRules(TREATMENT_RULES, item, prefix, requiredKeys(TREATMENT_SCHEMAS[mode]));
  if (broken || !isRecord(item)) return broken;
  return langDataFailure(item, prefix);
}

function checked<S extends z.ZodType>(broken: FieldFailure | null, schema: S, raw: unknown, prefix: string): Checked<z.output<S>> {
  return broken ? { ok: false, failure: broken } : checkBody(schema, [], raw, prefix);
}

/** Specific-code rules, then the schema: what the platform runs on each item of a batch. */
export function checkProductCreateItem(raw: unknown, prefix = ''): Checked<ProductCreateItem> {
  return checked(validateProductItem(raw, 'create', prefix), productCreateItemSchema, raw, prefix);
}

export function checkProductUpdateItem(raw: unknown, prefix = ''): Checked<ProductUpdateItem> {
  return checked(validateProductItem(raw, 'update', prefix), productUpdateItemSchema, raw, prefix);
}

export function checkTreatmentCreateItem(raw: unknown, prefix = ''): Checked<TreatmentCreateItem> {
  return checked(validateTreatmentItem(raw, 'create', prefix), treatmentCreateItemSchema, raw, prefix);
}

export function checkTreatmentUpdateItem(raw: unknown, prefix = ''): Checked<TreatmentUpdateItem> {
  return checked(validateTreatmentItem(raw, 'update', prefix), treatmentUpdateItemSchema, raw, prefix);
}
