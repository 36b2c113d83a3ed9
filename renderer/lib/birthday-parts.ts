/**
 * The date of birth as the customer types it: three boxes of digits (D-130). Runtime-free, so
 * its unit test needs no browser.
 */
export interface BirthdayParts {
  readonly day: string;
  readonly month: string;
  readonly year: string;
}

export const NO_BIRTHDAY: BirthdayParts = { day: '', month: '', year: '' };

/** Longest each box takes. */
export const BIRTHDAY_PART_DIGITS: Readonly<Record<keyof BirthdayParts, number>> = { day: 2, month: 2, year: 4 };

/**
 * The YYYY-MM-DD the boxes write: '' when all three are empty (the date of birth is optional).
 * A box left empty writes zeros, a day no calendar has, so the form's rule names the field
 * rather than the date being dropped in silence; so does a two-digit year (before 1900).
 */
export function birthdayOf(parts: BirthdayParts): string {
  if (parts.day === '' && parts.month === '' && parts.year === '') return '';
  return `${parts.year.padStart(4, '0')}-${parts.month.padStart(2, '0')}-${parts.day.padStart(2, '0')}`;
}

/** Languages that write a date year first (年 月 日; 년 월 일): the rest write the day first, as the stores served do (D-130). */
const YEAR_FIRST: ReadonlySet<string> = new Set(['zh-Hans', 'zh-Hant', 'zh-Hant-HK', 'ja', 'ko']);

/**
 * The order of the boxes: as the customer's language writes a date. Not the browser locale's,
 * which for a plain `en` is the US month-first order that the stores served do not use.
 */
export function partOrder(language: string): readonly (keyof BirthdayParts)[] {
  return YEAR_FIRST.has(language) ? ['year', 'month', 'day'] : ['day', 'month', 'year'];
}
