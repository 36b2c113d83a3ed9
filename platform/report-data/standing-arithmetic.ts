import { AGE_BAND_FIRST, AGE_BAND_LAST, AGE_BAND_YEARS, type AgeBand } from '../../protocol/device-sync/standing.ts';

/**
 * The arithmetic of "where the customer stands" (decision D-066), apart from storage so it is
 * tested alone: ages, age bands and the percentile of one score within a group of scores.
 */

/** Whole years from a `YYYY-MM-DD` birthday to a moment (UTC calendar days); null for an unknown or impossible birthday. */
export function ageAt(birthday: string, atMs: number): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthday);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = new Date(atMs);
  const hadBirthday = at.getUTCMonth() + 1 > month || (at.getUTCMonth() + 1 === month && at.getUTCDate() >= day);
  const age = at.getUTCFullYear() - year - (hadBirthday ? 0 : 1);
  return age >= 0 ? age : null;
}

/** The decade band of an age: under 20, 20–29, …, 60–69, 70 or older. */
export function ageBandOf(age: number): AgeBand {
  if (age < AGE_BAND_FIRST) return { from: 0, to: AGE_BAND_FIRST - 1 };
  if (age >= AGE_BAND_LAST) return { from: AGE_BAND_LAST, to: null };
  const from = Math.floor(age / AGE_BAND_YEARS) * AGE_BAND_YEARS;
  return { from, to: from + AGE_BAND_YEARS - 1 };
}

export function inBand(age: number, band: AgeBand): boolean {
  return age >= band.from && (band.to === null || age <= band.to);
}

/**
 * The share of `group` (0..100) whose score is lower than `score`, ties counting half (the
 * mid-rank rule: a customer equal to everyone stands at 50, not at 0 or 100), rounded down so
 * "better than N %" never overstates. Null when the group has fewer than `minGroup` people: a
 * figure about a handful of people would tell too much about each of them.
 */
export function percentileIn(score: number, group: readonly number[], minGroup: number): number | null {
  if (group.length < minGroup || group.length === 0) return null;
  let below = 0;
  let equal = 0;
  for (const other of group) {
    if (other < score) below++;
    else if (other === score) equal++;
  }
  // Integer arithmetic (doubling) so ties on an exact boundary do not round down by a float error.
  return Math.floor((100 * (2 * below + equal)) / (2 * group.length));
}
