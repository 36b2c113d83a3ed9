import { z } from 'zod';

/**
 * Field formats and limits of the merchant data interface (specification: Limits and the
 * request tables). Each rule exists once as a predicate (used by the code-specific field rules)
 * and once as a schema built on that predicate, so the two passes can never disagree.
 */
export const LIMITS = {
  STORE_NAME: 100,
  STORE_NUMBER: 20,
  STORE_ADDRESS: 100,
  ACCOUNT_NAME_MIN: 3,
  ACCOUNT_NAME_MAX: 50,
  PASSWORD_MIN: 8,
  PASSWORD_MAX: 20,
  PERSON_NAME: 18,
  EMPLOYEE_NUMBER: 20,
  PRODUCT_NAME: 150,
  PIC_URL: 255,
  SUB_TITLE: 300,
  LABEL_TAGS: 4,
  LABEL_TAG_CHARS: 10,
  INSTRUCTION: 2000,
  PRICE_INTEGER_DIGITS: 7,
  PRICE_DECIMALS: 2,
  LINK_LIST: 100,
  // decision: the limits below are not in the specification.
  /** Product/treatment number: alphanumeric like the store number, at most 64 characters. */
  CATALOGUE_NUMBER: 64,
  /** A product or store link. */
  LINK_URL: 1024,
  /** Items per create/update batch and ids per delete/status call; more answers 40058. */
  BATCH_ITEMS: 100,
  /** Stores in one sale_stores call; more answers 40058. */
  SALE_STORES: 1000,
  /** Bundle items of a set product. */
  SUIT_ITEMS: 50,
  /** Tokens in user_level, skin_type and goods_attributes_code, and the length of each. */
  TOKENS: 50,
  TOKEN_CHARS: 32,
  TELEPHONE: 30,
  EMAIL: 254,
  REGION_CODE: 20,
  AGE_MAX: 150,
} as const;

/** Length in characters (code points), so a Chinese or emoji character counts once. */
export function charLength(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

/**
 * The first `max` characters (code points) of a string: a cut never splits a surrogate pair,
 * whose half alone the platform refuses (D-105), and the result meets a `text(max)` rule.
 */
export function firstChars(value: string, max: number): string {
  let n = 0;
  let end = 0;
  for (const char of value) {
    if (n === max) break;
    n++;
    end += char.length;
  }
  return value.slice(0, end);
}

export function isString(value: unknown): value is string {
  return typeof value === 'string';
}

export function isNonBlank(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

export function maxChars(max: number): (value: unknown) => boolean {
  return (value) => typeof value === 'string' && charLength(value) <= max;
}

/** A length rule that fires only on strings; a value of the wrong type is left to the schema (400). */
export function withinChars(max: number): (value: unknown) => boolean {
  return (value) => typeof value !== 'string' || charLength(value) <= max;
}

/** A string schema limited in characters (not UTF-16 units, unlike `.max`). */
export function text(max: number, min = 0) {
  return z.string().refine((s) => charLength(s) <= max && charLength(s.trim()) >= min, {
    message: min > 0 ? `required, at most ${max} characters` : `at most ${max} characters`,
  });
}

/** Directly usable absolute http(s) URL. The URL class keeps localhost and IP hosts valid. */
export function isHttpUrl(value: unknown, max: number = LIMITS.LINK_URL): value is string {
  if (typeof value !== 'string' || value.length > max || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export function httpUrl(max: number = LIMITS.LINK_URL) {
  return z.string().refine((s) => isHttpUrl(s, max), { message: `an http(s) URL of at most ${max} characters` });
}

/** Store number: alphanumeric, at most 20 (11029). */
export function isStoreNumber(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9]{1,20}$/.test(value);
}
export const storeNumberSchema = z.string().refine(isStoreNumber, { message: 'alphanumeric, at most 20 characters' });

/** Product/treatment number: alphanumeric (40055). */
export function isCatalogueNumber(value: unknown): value is string {
  return typeof value === 'string' && value.length <= LIMITS.CATALOGUE_NUMBER && /^[A-Za-z0-9]+$/.test(value);
}
export const catalogueNumberSchema = z.string().refine(isCatalogueNumber, { message: 'alphanumeric product number' });

/** Account name: 3 to 50 characters of letters, digits, @, _ and - (11008). */
export function isAccountName(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9@_-]{3,50}$/.test(value);
}
export const accountNameSchema = z.string().refine(isAccountName, { message: '3 to 50 of letters, digits, @, _, -' });

/**
 * Password: 8 to 20 characters with letters, digits and special characters (11010).
 * decision: "with" means at least one of each class; a special character is any printable
 * ASCII character other than a letter, a digit or a space, and no other characters are allowed.
 */
export function isPassword(value: unknown): value is string {
  if (typeof value !== 'string' || !/^[!-~]{8,20}$/.test(value)) return false;
  return /[A-Za-z]/.test(value) && /[0-9]/.test(value) && /[^A-Za-z0-9]/.test(value);
}
export const passwordSchema = z.string().refine(isPassword, { message: '8 to 20 characters with letters, digits and special characters' });

/**
 * Phone number (10010). The specification types phone_number as an integer. decision: a string
 * of digits is accepted too (an integer cannot keep a leading zero), 4 to 15 digits (E.164
 * length); the schema normalises it to a string of digits, as the pull user item carries it.
 */
export function isPhoneNumber(value: unknown): boolean {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 && /^\d{4,15}$/.test(String(value));
  return typeof value === 'string' && /^\d{4,15}$/.test(value);
}
export const phoneNumberSchema = z
  .union([z.number(), z.string()])
  .refine(isPhoneNumber, { message: '4 to 15 digits' })
  .transform((v) => String(v));

/** Country calling code (10010). decision: integer 1 to 999; a string of digits is accepted. */
export function isPhoneCountryCode(value: unknown): boolean {
  const s = typeof value === 'number' ? (Number.isInteger(value) ? String(value) : '') : typeof value === 'string' ? value : '';
  return /^[1-9]\d{0,2}$/.test(s);
}
export const phoneCountryCodeSchema = z
  .union([z.number(), z.string()])
  .refine(isPhoneCountryCode, { message: 'a country calling code, 1 to 999' })
  .transform((v) => Number(v));

/** Store telephone (10010). decision: digits with + - ( ) . and spaces, 3 to 30 characters. */
export function isTelephone(value: unknown): boolean {
  return typeof value === 'string' && /^[+]?[0-9][0-9 ()\-.]{2,29}$/.test(value);
}
export const telephoneSchema = z.string().refine(isTelephone, { message: 'a telephone number' });

/** decision: a simple address shape check; deliverability is the merchant's business. */
export function isEmail(value: unknown): boolean {
  return typeof value === 'string' && value.length <= LIMITS.EMAIL && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}
export const emailSchema = z.string().refine(isEmail, { message: 'an e-mail address' });

/** Price: at least 0, up to 7 digits before and 2 after the decimal point. */
export function isPrice(value: unknown): boolean {
  if (typeof value === 'string') return /^\d{1,7}(\.\d{1,2})?$/.test(value);
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value >= 1e7) return false;
  const cents = value * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}
/** decision: a numeric string ("12.50") is accepted as older clients send money as text; the value is a number. */
export const priceSchema = z
  .union([z.number(), z.string()])
  .refine(isPrice, { message: 'up to 7 digits before and 2 after the decimal point' })
  .transform((v) => Math.round(Number(v) * 100) / 100);

/**
 * label: at most 4 tags of at most 10 characters, comma-separated. decision: the full-width
 * comma (，) separates too, blanks around tags are trimmed, empty tags are refused, and the
 * value is normalised to tags joined by ','. The empty string means no tags.
 */
export function splitLabel(value: string): string[] {
  return value.trim() === '' ? [] : value.split(/[,，]/).map((t) => t.trim());
}
export function isLabel(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const tags = splitLabel(value);
  return tags.length <= LIMITS.LABEL_TAGS && tags.every((t) => t.length > 0 && charLength(t) <= LIMITS.LABEL_TAG_CHARS);
}
export const labelSchema = z
  .string()
  .refine(isLabel, { message: 'at most 4 comma-separated tags of at most 10 characters' })
  .transform((v) => splitLabel(v).join(','));

/**
 * A comma-separated list of codes: user_level and skin_type (formats not shown) and
 * goods_attributes_code. decision: accepted as a comma-separated string or an array of strings
 * or integers; each code is 1 to 32 of letters, digits, _ and -; at most 50; normalised to a
 * comma-separated string, the form the product list item carries user_level in.
 */
export function codeTokens(value: unknown): string[] | null {
  const parts = typeof value === 'string' ? (value.trim() === '' ? [] : value.split(',').map((t) => t.trim())) : value;
  if (!Array.isArray(parts) || parts.length > LIMITS.TOKENS) return null;
  const out: string[] = [];
  for (const p of parts) {
    const s = typeof p === 'number' && Number.isInteger(p) ? String(p) : p;
    if (typeof s !== 'string' || !/^[A-Za-z0-9_-]{1,32}$/.test(s)) return null;
    out.push(s);
  }
  return out;
}
export const codeListSchema = z
  .union([z.string(), z.array(z.union([z.string(), z.number()]))])
  .refine((v) => codeTokens(v) !== null, { message: 'comma-separated codes of letters, digits, _ and -' })
  .transform((v) => (codeTokens(v) ?? []).join(','));
