import { z } from 'zod';
import { Codes } from '../codes.ts';
import { accountStatusSchema } from '../enums/statuses.ts';
import {
  LIMITS,
  accountNameSchema,
  isAccountName,
  isPassword,
  isStoreNumber,
  passwordSchema,
  storeNumberSchema,
  text,
} from './formats.ts';
import { personShape, phoneRules } from './store-requests.ts';
import type { Checked, FieldFailure, FieldRule } from './validation.ts';
import { checkBody, requiredKeys, rule, runRules } from './validation.ts';

/**
 * Employee accounts (specification: Create employee, Update account, Enable or disable
 * account). Existence and uniqueness codes (11009, 11028, 11026, 17002) need stored data and
 * are the platform's.
 */

/** POST /open_api/merchant/employees */
export const employeeCreateBodySchema = z.object({
  /** The store number the employee belongs to. */
  custom_id: storeNumberSchema,
  username: accountNameSchema,
  password: passwordSchema,
  ...personShape,
});
export type EmployeeCreateBody = z.output<typeof employeeCreateBodySchema>;

/**
 * The current name of an existing account. decision: not checked against the account-name
 * format (an account made before the rule must stay reachable); at most 50 characters.
 */
const currentUsernameSchema = text(LIMITS.ACCOUNT_NAME_MAX, 1);

/** PATCH /open_api/merchant/account */
export const accountUpdateBodySchema = z.object({
  username: currentUsernameSchema,
  new_username: accountNameSchema.optional(),
  password: passwordSchema.optional(),
  real_name: personShape.real_name.optional(),
  last_name: personShape.last_name,
  account_num: personShape.account_num,
  phone_cc: personShape.phone_cc,
  phone_number: personShape.phone_number,
  email: personShape.email,
});
export type AccountUpdateBody = z.output<typeof accountUpdateBodySchema>;

/** PATCH /open_api/merchant/account_status/{status} */
export const accountStatusBodySchema = z.object({ username: currentUsernameSchema });
export type AccountStatusBody = z.output<typeof accountStatusBodySchema>;

/** The {status} path segment: '1' enables, '-1' disables; anything else is 400. */
export const accountStatusParamSchema = z.enum(['1', '-1']).transform(Number).pipe(accountStatusSchema);

/** Store number 11029, account name 11008, password 11010, phone 10010. */
export const employeeCreateRules: readonly FieldRule[] = [
  rule('custom_id', Codes.STORE_NUMBER_FORMAT, isStoreNumber),
  rule('username', Codes.ACCOUNT_NAME_FORMAT, isAccountName),
  rule('password', Codes.PASSWORD_FORMAT, isPassword),
  ...phoneRules,
];

/** The current username has no format code (a missing one is 400, D-040); new_username does. */
export const accountUpdateRules: readonly FieldRule[] = [
  rule('new_username', Codes.ACCOUNT_NAME_FORMAT, isAccountName),
  rule('password', Codes.PASSWORD_FORMAT, isPassword),
  ...phoneRules,
];

export function validateEmployeeCreate(body: unknown): FieldFailure | null {
  return runRules(employeeCreateRules, body, '', requiredKeys(employeeCreateBodySchema));
}

export function validateAccountUpdate(body: unknown): FieldFailure | null {
  return runRules(accountUpdateRules, body, '', requiredKeys(accountUpdateBodySchema));
}

export function checkEmployeeCreate(body: unknown): Checked<EmployeeCreateBody> {
  return checkBody(employeeCreateBodySchema, employeeCreateRules, body);
}

export function checkAccountUpdate(body: unknown): Checked<AccountUpdateBody> {
  return checkBody(accountUpdateBodySchema, accountUpdateRules, body);
}

export function checkAccountStatus(body: unknown): Checked<AccountStatusBody> {
  return checkBody(accountStatusBodySchema, [], body);
}
