import type { z } from 'zod';
import { invalidParam } from './api-error.ts';

/**
 * Parses a request part with its protocol/ schema; a mismatch is code 400 with the first
 * failing field in meta.error, never a crash.
 */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown, part: 'body' | 'query' | 'params' | 'headers'): z.output<T> {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue && issue.path.length > 0 ? `${part}.${issue.path.join('.')}` : part;
  throw invalidParam(`${path}: ${issue?.message ?? 'invalid'}`);
}
