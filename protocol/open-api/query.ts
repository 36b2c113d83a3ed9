import { z } from 'zod';

/**
 * Query-string values arrive as strings (or arrays when a name repeats). These helpers turn
 * them into typed values; an empty value counts as absent so that `?page=` takes the default.
 */
function firstValue(value: unknown): unknown {
  const v = Array.isArray(value) ? value[0] : value;
  return v === '' ? undefined : v;
}

function toInteger(value: unknown): unknown {
  const v = firstValue(value);
  if (typeof v === 'string' && /^-?\d{1,15}$/.test(v.trim())) return Number(v.trim());
  return v;
}

/**
 * What a caller reads for a query value that is not an integer ("2.5", "1e1", "ten", 20 digits),
 * not zod's "expected number, received string"; an absent required one reads "is required".
 */
const NOT_A_WHOLE_NUMBER = 'must be a whole number of at most 15 digits';
const wholeNumber = () => z.number({ error: (issue) => (issue.input === undefined ? 'is required' : NOT_A_WHOLE_NUMBER) }).int({ error: NOT_A_WHOLE_NUMBER });

/** An integer query parameter (also accepts a number, for callers that build queries in code). */
export function queryInt() {
  return z.preprocess(toInteger, wholeNumber());
}

export function optionalQueryInt() {
  return z.preprocess(toInteger, wholeNumber().optional());
}

/** A string query parameter; repeated names keep the first value. */
export function queryString() {
  return z.preprocess(firstValue, z.string());
}

export function optionalQueryString() {
  return z.preprocess(firstValue, z.string().optional());
}
