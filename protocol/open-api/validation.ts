import type { z } from 'zod';
import type { CodeInfo } from '../codes.ts';
import { Codes } from '../codes.ts';

/**
 * How a request body is checked so that every rule yields its own specification code
 * (specification: Errors). Two passes: the field rules below return the specific business
 * code of the first broken rule (11000, 40018, ...); whatever they let through is then parsed
 * by the zod schema, and a schema failure is the generic code 400 with the field path.
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

/** One field rule: `ok` returns false when the rule is broken. Absent optional fields pass. */
export interface FieldRule {
  readonly field: string;
  readonly code: CodeInfo;
  readonly ok: (value: unknown, body: JsonRecord) => boolean;
}

export function rule(field: string, code: CodeInfo, ok: (value: unknown, body: JsonRecord) => boolean): FieldRule {
  return { field, code, ok };
}

/** The first broken rule as a failure, `prefix` naming where the body sits (e.g. `product_list.2`). */
export function runRules(rules: readonly FieldRule[], body: unknown, prefix = ''): FieldFailure | null {
  if (!isRecord(body)) return failure(Codes.INVALID_PARAM, prefix || 'body', 'a JSON object is required');
  for (const r of rules) {
    if (!r.ok(body[r.field], body)) return failure(r.code, prefix ? `${prefix}.${r.field}` : r.field);
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

/** Field rules first (specific codes), then the schema (code 400). */
export function checkBody<S extends z.ZodType>(
  schema: S,
  rules: readonly FieldRule[],
  raw: unknown,
  prefix = '',
): Checked<z.output<S>> {
  const broken = runRules(rules, raw, prefix);
  if (broken) return { ok: false, failure: broken };
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return { ok: false, failure: schemaFailure(parsed.error, prefix) };
  return { ok: true, value: parsed.data };
}

/** Rule helpers: `present` fields must satisfy `test`; `absent` counts as valid. */
export function optional(test: (value: unknown) => boolean): (value: unknown) => boolean {
  return (value) => value === undefined || test(value);
}

export function required(test: (value: unknown) => boolean): (value: unknown) => boolean {
  return (value) => value !== undefined && test(value);
}
