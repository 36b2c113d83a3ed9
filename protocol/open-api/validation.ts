import { z } from 'zod';
import type { CodeInfo } from '../codes.ts';
import { Codes } from '../codes.ts';

/**
 * How a request body is checked so that every rule yields its own specification code
 * (specification: Errors). Two passes: the field rules below return the specific business
 * code of the first broken rule (11000, 40018, ...); whatever they let through is then parsed
 * by the zod schema, and a schema failure is the generic code 400 with the field path.
 *
 * Whether a field is required is said once, by the schema. A field rule's code is for a value
 * that is there but malformed; a required field that is missing answers 400 "parameter missing
 * or incorrect", or the code the specification gives for that case (decision D-040).
 */
export interface FieldFailure {
  readonly code: CodeInfo;
  /** Dotted path of the offending field, e.g. `product_list.3.name` or `lang_data.ja.sub_title`. */
  readonly field: string;
  readonly message: string;
}

export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly failure: FieldFailure };

export type JsonRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function failure(code: CodeInfo, field: string, detail?: string): FieldFailure {
  return { code, field, message: detail ? `${code.msg}: ${detail}` : `${code.msg} (${field})` };
}

/**
 * decision D-040: a value is missing when its key is absent, it is JSON null, or it is a string
 * of blanks only. A required field never takes any of these, so for it they all mean "not
 * given"; a field that is not required takes `''` as a value (it clears a text, M-011, C-010).
 */
export function isMissing(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** The failure of a required field that is missing: `code` when the specification names one, else 400. */
export function missingFailure(field: string, code: CodeInfo = Codes.INVALID_PARAM): FieldFailure {
  return failure(code, field, `${field}: required`);
}

/** One field rule: `ok` judges a value that is there and returns false when the rule is broken. */
export interface FieldRule {
  readonly field: string;
  /** The code of a present value that breaks the rule. */
  readonly code: CodeInfo;
  readonly ok: (value: unknown, body: JsonRecord) => boolean;
  /** The specification's code for this field missing where the schema requires it (40017, 40025, ...); else 400. */
  readonly whenMissing?: CodeInfo | undefined;
}

export function rule(field: string, code: CodeInfo, ok: (value: unknown, body: JsonRecord) => boolean, whenMissing?: CodeInfo): FieldRule {
  return { field, code, ok, whenMissing };
}

const NONE: ReadonlySet<string> = new Set();
const requiredCache = new WeakMap<z.ZodType, ReadonlySet<string>>();

/**
 * The keys an object schema requires: those whose schema refuses `undefined` (no `.optional()`,
 * no `.default()`). Looks through refinements and transforms to the object underneath; any other
 * schema requires no key.
 */
export function requiredKeys(schema: z.ZodType): ReadonlySet<string> {
  const cached = requiredCache.get(schema);
  if (cached) return cached;
  let keys = NONE;
  if (schema instanceof z.ZodPipe) keys = requiredKeys(schema.in as z.ZodType);
  else if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodType>;
    keys = new Set(Object.keys(shape).filter((key) => !shape[key]!.safeParse(undefined).success));
  }
  requiredCache.set(schema, keys);
  return keys;
}

/**
 * The first broken rule as a failure, `prefix` naming where the body sits (e.g. `product_list.2`).
 * `required` are the keys the body's schema requires: one of them missing is its rule's
 * `whenMissing` code or 400. A value absent from a field that is not required has nothing to
 * judge, and JSON null is left to the schema, which refuses it on every field (400, D-014).
 */
export function runRules(rules: readonly FieldRule[], body: unknown, prefix = '', required: ReadonlySet<string> = NONE): FieldFailure | null {
  if (!isRecord(body)) return failure(Codes.INVALID_PARAM, prefix || 'body', 'a JSON object is required');
  for (const r of rules) {
    const value = body[r.field];
    const path = prefix ? `${prefix}.${r.field}` : r.field;
    if (required.has(r.field) && isMissing(value)) return missingFailure(path, r.whenMissing);
    if (value === undefined || value === null) continue;
    if (!r.ok(value, body)) return failure(r.code, path);
  }
  return null;
}

/** A zod failure as the generic code 400, naming the first offending field. */
export function schemaFailure(error: z.ZodError, prefix = ''): FieldFailure {
  const issue = error.issues[0];
  const path = issue ? issue.path.map(String).join('.') : '';
  const field = [prefix, path].filter(Boolean).join('.') || 'body';
  return failure(Codes.INVALID_PARAM, field, issue ? `${field}: ${issue.message}` : undefined);
}

/**
 * Field rules first (specific codes; a missing required field is 400 or its specification code),
 * then the schema (code 400).
 */
export function checkBody<S extends z.ZodType>(
  schema: S,
  rules: readonly FieldRule[],
  raw: unknown,
  prefix = '',
): Checked<z.output<S>> {
  const broken = runRules(rules, raw, prefix, requiredKeys(schema));
  if (broken) return { ok: false, failure: broken };
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return { ok: false, failure: schemaFailure(parsed.error, prefix) };
  return { ok: true, value: parsed.data };
}
