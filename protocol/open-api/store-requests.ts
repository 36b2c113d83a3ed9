import { z } from 'zod';
import { Codes } from '../codes.ts';
import {
  LIMITS,
  accountNameSchema,
  emailSchema,
  isAccountName,
  isPassword,
  isPhoneCountryCode,
  isPhoneNumber,
  isStoreNumber,
  isTelephone,
  passwordSchema,
  phoneCountryCodeSchema,
  phoneNumberSchema,
  storeNumberSchema,
  telephoneSchema,
  text,
  withinChars,
} from './formats.ts';
import type { Checked, FieldFailure, FieldRule } from './validation.ts';
import { checkBody, requiredKeys, rule, runRules } from './validation.ts';

/**
 * POST and PATCH /open_api/merchant/stores (specification: Create store, Update store).
 * Uniqueness (11001 name, 11028 store number, 10008 manager account) needs stored data and is
 * the platform's check; the format rules are here.
 */

/** decision: a region or province/city code is 1 to 20 characters. */
const regionCodeSchema = text(LIMITS.REGION_CODE, 1);
/** decision: region ids are positive integers. */
const areaIdSchema = z.number().int().positive();

/** Personal fields of an account, shared by the store manager and employees. */
export const personShape = {
  real_name: text(LIMITS.PERSON_NAME, 1),
  last_name: text(LIMITS.PERSON_NAME).optional(),
  account_num: text(LIMITS.EMPLOYEE_NUMBER).optional(),
  phone_cc: phoneCountryCodeSchema.optional(),
  phone_number: phoneNumberSchema.optional(),
  email: emailSchema.optional(),
};

export const storeCreateBodySchema = z.object({
  name: text(LIMITS.STORE_NAME, 1),
  custom_id: storeNumberSchema,
  telephone: telephoneSchema,
  /** Defaults to the merchant's first region (the platform fills it). */
  area_id: areaIdSchema.optional(),
  province_code: regionCodeSchema,
  city_code: regionCodeSchema.optional(),
  address: text(LIMITS.STORE_ADDRESS, 1),
  /** The store manager's account. */
  username: accountNameSchema,
  password: passwordSchema,
  ...personShape,
});
export type StoreCreateBody = z.output<typeof storeCreateBodySchema>;

export const storeUpdateBodySchema = z.object({
  /** The store number of the store to update. */
  custom_id: storeNumberSchema,
  name: text(LIMITS.STORE_NAME, 1).optional(),
  new_custom_id: storeNumberSchema.optional(),
  telephone: telephoneSchema.optional(),
  area_id: areaIdSchema.optional(),
  province_code: regionCodeSchema.optional(),
  city_code: regionCodeSchema.optional(),
  address: text(LIMITS.STORE_ADDRESS, 1).optional(),
});
export type StoreUpdateBody = z.output<typeof storeUpdateBodySchema>;

/** Phone rules shared with the account bodies: 10010 for any malformed phone field. */
export const phoneRules: readonly FieldRule[] = [
  rule('phone_cc', Codes.PHONE_INVALID, isPhoneCountryCode),
  rule('phone_number', Codes.PHONE_INVALID, isPhoneNumber),
];

/**
 * Specific-code rules of create store: name too long 11000, store number 11029, telephone
 * 10010 (decision: the store telephone is a phone number too), manager account name 11008,
 * password 11010, phone 10010. Each judges a value that is there: any required field missing is
 * 400 (decision D-040; the schema says which are required).
 */
export const storeCreateRules: readonly FieldRule[] = [
  rule('name', Codes.STORE_NAME_TOO_LONG, withinChars(LIMITS.STORE_NAME)),
  rule('custom_id', Codes.STORE_NUMBER_FORMAT, isStoreNumber),
  rule('telephone', Codes.PHONE_INVALID, isTelephone),
  rule('username', Codes.ACCOUNT_NAME_FORMAT, isAccountName),
  rule('password', Codes.PASSWORD_FORMAT, isPassword),
  ...phoneRules,
];

export const storeUpdateRules: readonly FieldRule[] = [
  rule('custom_id', Codes.STORE_NUMBER_FORMAT, isStoreNumber),
  rule('new_custom_id', Codes.STORE_NUMBER_FORMAT, isStoreNumber),
  rule('name', Codes.STORE_NAME_TOO_LONG, withinChars(LIMITS.STORE_NAME)),
  rule('telephone', Codes.PHONE_INVALID, isTelephone),
];

/** The first specific-code rule the create-store body breaks (a missing required field: 400), or null. */
export function validateStoreCreate(body: unknown): FieldFailure | null {
  return runRules(storeCreateRules, body, '', requiredKeys(storeCreateBodySchema));
}

export function validateStoreUpdate(body: unknown): FieldFailure | null {
  return runRules(storeUpdateRules, body, '', requiredKeys(storeUpdateBodySchema));
}

export function checkStoreCreate(body: unknown): Checked<StoreCreateBody> {
  return checkBody(storeCreateBodySchema, storeCreateRules, body);
}

export function checkStoreUpdate(body: unknown): Checked<StoreUpdateBody> {
  return checkBody(storeUpdateBodySchema, storeUpdateRules, body);
}
