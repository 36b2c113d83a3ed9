import { Codes, defineCode } from './codes.ts';

/**
 * Answers of the operations layer, which the specification does not show (its Errors section
 * has no rate limit and no readiness). Both are protocol-level refusals, so they travel with the
 * HTTP status of their meaning, as 400/404/405/500 do (D-002).
 */
export const OpsCodes = {
  /** Too many requests of one key in the window (D-052); Retry-After says when to try again. */
  TOO_MANY_REQUESTS: defineCode(429, 'too many requests; retry after the time in Retry-After', 429),
  /**
   * The database or object store cannot be reached (D-053): HTTP 503 so proxies and callers retry;
   * meta.code is the specification's only server-side code, 500, as while shutting down (D-031).
   */
  UNAVAILABLE: defineCode(Codes.SYSTEM_ERROR.code, 'service temporarily unavailable; retry shortly', 503),
} as const;
