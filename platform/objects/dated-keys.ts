import { randomInt } from 'node:crypto';

/**
 * Object keys that begin with a list partition and the UTC day they were made:
 * `<one hex digit>-<yyyymmdd>-<rest>` (D-142). The day lets the daily walk for orphans list only
 * the days in which an orphan can still be made, not a bucket that grows for as long as
 * customers' photos are kept; the random partition first spreads a day's writes over sixteen key
 * ranges of an S3 store (each takes about 3 500 writes a second) instead of starting every day
 * on one. Keys made before D-142 carry no day and stay valid.
 */
const DATED_KEY = /^([0-9a-f])-(\d{8})-/;

/** The partitions a day's keys are spread over: a day is listed as one prefix per partition. */
export const LIST_PARTITIONS = 16;

const DAY_MS = 24 * 60 * 60_000;

/** The UTC day of `ms` as the keys write it: `20261207`. */
export function keyDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');
}

/** `rest` under a random partition and the day of `now`. */
export function datedKey(now: number, rest: string): string {
  return `${randomInt(LIST_PARTITIONS).toString(16)}-${keyDay(now)}-${rest}`;
}

/** The day a key was made on (`20261207`), or null for a key made before D-142 or not by the platform. */
export function dayOfKey(key: string): string | null {
  return DATED_KEY.exec(key)?.[2] ?? null;
}

/** The key prefixes that together hold every key of `day`, one per partition. */
export function dayPrefixes(day: string): string[] {
  return Array.from({ length: LIST_PARTITIONS }, (_, partition) => `${partition.toString(16)}-${day}-`);
}

/** Every UTC day from the one of `fromMs` to the one of `toMs`, both included, oldest first. */
export function daysBetween(fromMs: number, toMs: number): string[] {
  const days: string[] = [];
  for (let ms = Math.floor(fromMs / DAY_MS) * DAY_MS; ms <= toMs; ms += DAY_MS) days.push(keyDay(ms));
  return days;
}
