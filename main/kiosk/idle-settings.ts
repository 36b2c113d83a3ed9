/**
 * How long each kind of screen may stay untouched before the kiosk warns and returns to idle
 * (issue 16 item 1, decision D-046). Resolved as: the technician's saved value, else the launch
 * option `--idle-seconds N` (one value for every kind), else the defaults below.
 */
import { z } from 'zod';

export interface IdleSeconds {
  /** Consent, registration, capture (no face seen), review, processing once nothing runs. */
  readonly customer: number;
  /** A customer's own results, after the last touch. */
  readonly results: number;
  /** Staff and technician areas (and a report staff opened): they lock. */
  readonly operator: number;
}

export const DEFAULT_IDLE_SECONDS: IdleSeconds = { customer: 90, results: 120, operator: 120 };

/** The technician's range: short enough to matter, long enough to read the warning (D-046). */
export const TECHNICIAN_IDLE_RANGE = { min: 15, max: 3600 } as const;
/** The launch option's range: tests and demonstrations need a few seconds. */
export const LAUNCH_IDLE_RANGE = { min: 3, max: 3600 } as const;

// Stored values are read in the launch range: a save that changed one timeout keeps the others
// as the launch option gave them (checkIdlePatch holds changed ones to the technician's range).
const seconds = z.number().int().min(LAUNCH_IDLE_RANGE.min).max(LAUNCH_IDLE_RANGE.max);
const storedIdleSchema = z.object({ customer: seconds, results: seconds, operator: seconds });

/** The first timeout the technician changed to a value outside 15..3600 (its key), or null. */
export function refusedIdleChange(current: IdleSeconds, next: IdleSeconds): keyof IdleSeconds | null {
  for (const key of ['customer', 'results', 'operator'] as const) {
    if (next[key] === current[key]) continue;
    if (!Number.isInteger(next[key]) || next[key] < TECHNICIAN_IDLE_RANGE.min || next[key] > TECHNICIAN_IDLE_RANGE.max) return key;
  }
  return null;
}

/** `--idle-seconds N`: a whole number of seconds in the launch range, else an error naming the option. */
export function parseIdleSecondsOption(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < LAUNCH_IDLE_RANGE.min || value > LAUNCH_IDLE_RANGE.max) {
    throw new Error(`--idle-seconds: a whole number of seconds from ${LAUNCH_IDLE_RANGE.min} to ${LAUNCH_IDLE_RANGE.max}, not ${text}`);
  }
  return value;
}

/** The timeouts in force: stored (technician) over launch option over defaults. */
export function resolveIdleSeconds(stored: unknown, launch: number | undefined): IdleSeconds {
  const parsed = storedIdleSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  if (launch !== undefined) return { customer: launch, results: launch, operator: launch };
  return DEFAULT_IDLE_SECONDS;
}
