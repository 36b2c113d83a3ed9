import { z } from 'zod';
import type { DimensionId } from '../enums/dimensions.ts';
import { isDimensionId, isValidLevel, parseLevelId } from '../enums/dimensions.ts';
import type { LanguageCode } from '../enums/languages.ts';
import { isLanguageCode } from '../enums/languages.ts';
import { LIMITS, catalogueNumberSchema, labelSchema, text } from './formats.ts';

/**
 * Fields shared by product and treatment items: problem, lang_data, suit_custom_id and the
 * age range (specification: Product item of create, problem field).
 */

/** A level id as the wire carries it: a number or a numeric string. */
export const levelIdSchema = z.union([z.number().int(), z.string()]);

/** The problem field after normalisation: level ids as numbers, unique, ascending. */
export type Problem = Partial<Record<DimensionId, number[]>>;

/** The first problem entry that is not a dimension id or not a level of its dimension, as a path. */
export function problemError(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return '';
  for (const [key, levels] of Object.entries(value)) {
    if (!isDimensionId(key)) return key;
    if (!Array.isArray(levels)) return key;
    for (let i = 0; i < levels.length; i++) {
      const id: unknown = levels[i];
      if ((typeof id !== 'number' && typeof id !== 'string') || !isValidLevel(key, id)) return `${key}.${i}`;
    }
  }
  return null;
}

export function normalizeProblem(value: Record<string, ReadonlyArray<number | string>>): Problem {
  const out: Problem = {};
  for (const [key, levels] of Object.entries(value)) {
    if (!isDimensionId(key)) continue;
    const ids = levels.map(parseLevelId).filter((n): n is number => n !== null);
    out[key] = [...new Set(ids)].sort((a, b) => a - b);
  }
  return out;
}

/**
 * problem: keys are dimension ids, values arrays of that dimension's level ids (number or
 * numeric string). decision: the value is normalised to numbers, without duplicates, ascending.
 */
export const problemSchema = z
  .record(z.string(), z.array(levelIdSchema))
  .superRefine((value, ctx) => {
    const bad = problemError(value);
    if (bad !== null) ctx.addIssue({ code: 'custom', path: bad ? bad.split('.') : [], message: 'not a dimension id or not a level of that dimension' });
  })
  .transform(normalizeProblem);

/**
 * The problem field as read from a list item: numbers or numeric strings, as another service
 * may send them.
 */
export const problemOutSchema = z.record(z.string(), z.array(levelIdSchema));

/**
 * lang_data (internal structure not shown). decision: an object keyed by language code; each
 * value holds that language's text of the translatable fields, each optional, with the limits
 * of the default-language field: `{ "ja": { "name": "...", "sub_title": "...", "label": "a,b",
 * "instruction": "..." } }`. The top-level fields stay the default-language content; an entry
 * for the default language is accepted and stored but the top-level fields win on reads.
 */
export const LANG_DATA_FIELDS = ['name', 'sub_title', 'label', 'instruction'] as const;

export const langEntrySchema = z.object({
  name: text(LIMITS.PRODUCT_NAME).optional(),
  sub_title: text(LIMITS.SUB_TITLE).optional(),
  label: labelSchema.optional(),
  instruction: text(LIMITS.INSTRUCTION).optional(),
});
export type LangEntry = z.output<typeof langEntrySchema>;
export type LangData = Partial<Record<LanguageCode, LangEntry>>;

export const langDataSchema = z
  .record(z.string(), langEntrySchema)
  .superRefine((value, ctx) => {
    for (const key of Object.keys(value)) {
      if (!isLanguageCode(key)) ctx.addIssue({ code: 'custom', path: [key], message: 'not a language code' });
    }
  })
  .transform((value) => value as LangData);

/** lang_data as read from a list item. */
export const langDataOutSchema = z.record(
  z.string(),
  z.object({ name: z.string().optional(), sub_title: z.string().optional(), label: z.string().optional(), instruction: z.string().optional() }),
);

/** suit_custom_id[]: bundle items of a set product. decision: quantity 1 to 999, at most 50 items. */
export const suitItemSchema = z.object({
  custom_id: catalogueNumberSchema,
  quantity: z.number().int().min(1).max(999),
});
export type SuitItem = z.infer<typeof suitItemSchema>;
export const suitListSchema = z.array(suitItemSchema).max(LIMITS.SUIT_ITEMS);

/** decision: ages are whole years from 0 to 150. */
export const ageSchema = z.number().int().min(0).max(LIMITS.AGE_MAX);

interface AgeFields {
  age_limit?: number | undefined;
  min_age?: number | undefined;
  max_age?: number | undefined;
}

/**
 * A new item: min_age and max_age are required when age_limit is 1; decision: min_age may not
 * exceed max_age.
 */
export function refineAgeRange(value: AgeFields, ctx: z.RefinementCtx): void {
  if (value.age_limit === 1) {
    if (value.min_age === undefined) ctx.addIssue({ code: 'custom', path: ['min_age'], message: 'required when age_limit is 1' });
    if (value.max_age === undefined) ctx.addIssue({ code: 'custom', path: ['max_age'], message: 'required when age_limit is 1' });
  }
  refineAgeOrder(value, ctx);
}

/**
 * An update sends only changed fields, so an age it leaves out may be stored already: the
 * platform checks the merged item (required ages, and one changed age against the stored other).
 * Here only the ages sent together.
 */
export function refineAgeOrder(value: AgeFields, ctx: z.RefinementCtx): void {
  if (value.min_age !== undefined && value.max_age !== undefined && value.min_age > value.max_age) {
    ctx.addIssue({ code: 'custom', path: ['min_age'], message: 'min_age exceeds max_age' });
  }
}
