import { describe, expect, it } from 'vitest';
import { Codes } from '../../../protocol/codes.ts';
import type { CodeInfo } from '../../../protocol/codes.ts';
import {
  accountStatusParamSchema,
  checkAccountStatus,
  checkAccountUpdate,
  checkEmployeeCreate,
  checkStoreCreate,
  checkStoreUpdate,
  validateStoreCreate,
} from '../../../protocol/open-api/index.ts';
import type { Checked } from '../../../protocol/open-api/index.ts';

const validStore = {
  name: 'Shanghai Xintiandi',
  custom_id: 'SH001',
  telephone: '021-63335566',
  province_code: '310000',
  city_code: '310100',
  address: '181 Taicang Road',
  username: 'sh001_manager',
  password: 'Passw0rd!',
  real_name: 'Li',
  last_name: 'Wang',
  account_num: 'E0001',
  phone_cc: 86,
  phone_number: 13800138000,
  email: 'manager@example.com',
};

function codeOf<T>(result: Checked<T>): CodeInfo | null {
  return result.ok ? null : result.failure.code;
}

function fieldOf<T>(result: Checked<T>): string | null {
  return result.ok ? null : result.failure.field;
}

describe('create store', () => {
  it('accepts a complete body and normalises the phone number to digits', () => {
    const result = checkStoreCreate(validStore);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.value.phone_number).toBe('13800138000');
      expect(result.value.phone_cc).toBe(86);
    }
  });

  it('accepts the minimum: optional fields absent', () => {
    const { city_code: _c, last_name: _l, account_num: _a, phone_cc: _p, phone_number: _n, email: _e, ...min } = validStore;
    expect(checkStoreCreate(min).ok).toBe(true);
  });

  it('name of 100 characters passes, 101 is 11000 (counted in characters, not bytes)', () => {
    expect(checkStoreCreate({ ...validStore, name: '店'.repeat(100) }).ok).toBe(true);
    const result = checkStoreCreate({ ...validStore, name: '店'.repeat(101) });
    expect(codeOf(result)).toBe(Codes.STORE_NAME_TOO_LONG);
    expect(fieldOf(result)).toBe('name');
  });

  it('a missing name is the generic 400', () => {
    const { name: _n, ...body } = validStore;
    expect(codeOf(checkStoreCreate(body))).toBe(Codes.INVALID_PARAM);
  });

  it.each([['SH-001'], ['店001'], ['A'.repeat(21)], [' A1'], [1234]])('store number %j is 11029', (customId) => {
    expect(codeOf(checkStoreCreate({ ...validStore, custom_id: customId }))).toBe(Codes.STORE_NUMBER_FORMAT);
  });

  // decision D-040: absent, null and blank are "missing" (400); format codes judge what is there.
  it.each([[undefined], [null], [''], ['  ']])('a required field %j is the generic 400, never its format code', (value) => {
    for (const field of ['custom_id', 'telephone', 'username', 'password', 'name', 'real_name']) {
      const result = checkStoreCreate({ ...validStore, [field]: value });
      expect([field, codeOf(result), fieldOf(result)]).toEqual([field, Codes.INVALID_PARAM, field]);
    }
  });

  it('a store number of 20 alphanumerics passes', () => {
    expect(checkStoreCreate({ ...validStore, custom_id: 'A1'.repeat(10) }).ok).toBe(true);
  });

  it.each([['ab'], ['a'.repeat(51)], ['bad name'], ['name!'], ['名字abc']])('account name %j is 11008', (username) => {
    expect(codeOf(checkStoreCreate({ ...validStore, username }))).toBe(Codes.ACCOUNT_NAME_FORMAT);
  });

  it('account names of letters, digits, @, _ and - from 3 to 50 pass', () => {
    for (const username of ['abc', 'a@b_c-d', 'x'.repeat(50), 'mgr@store.1'.replace('.', '_')]) {
      expect(checkStoreCreate({ ...validStore, username }).ok).toBe(true);
    }
  });

  it.each([['Pass1!'], ['Password1'], ['Password!'], ['12345678!'], ['Passw0rd!Passw0rd!123'], ['Pass w0rd!'], ['Pässw0rd!']])(
    'password %j is 11010',
    (password) => {
      expect(codeOf(checkStoreCreate({ ...validStore, password }))).toBe(Codes.PASSWORD_FORMAT);
    },
  );

  it('a password of 8 and of 20 characters with all three classes passes', () => {
    expect(checkStoreCreate({ ...validStore, password: 'Abcdef1!' }).ok).toBe(true);
    expect(checkStoreCreate({ ...validStore, password: 'Abcdefghijklmnopq1_#' }).ok).toBe(true);
  });

  it.each([
    ['phone_number', 12],
    ['phone_number', '1380013800a'],
    ['phone_number', 1234567890123456],
    ['phone_cc', 0],
    ['phone_cc', 1000],
    ['telephone', 'call me'],
  ])('%s %j is 10010', (field, value) => {
    const result = checkStoreCreate({ ...validStore, [field]: value });
    expect(codeOf(result)).toBe(Codes.PHONE_INVALID);
    expect(fieldOf(result)).toBe(field);
  });

  it('real_name over 18, address over 100 and a bad e-mail are 400', () => {
    expect(codeOf(checkStoreCreate({ ...validStore, real_name: 'x'.repeat(19) }))).toBe(Codes.INVALID_PARAM);
    expect(codeOf(checkStoreCreate({ ...validStore, last_name: 'x'.repeat(19) }))).toBe(Codes.INVALID_PARAM);
    expect(codeOf(checkStoreCreate({ ...validStore, account_num: 'x'.repeat(21) }))).toBe(Codes.INVALID_PARAM);
    expect(codeOf(checkStoreCreate({ ...validStore, address: 'x'.repeat(101) }))).toBe(Codes.INVALID_PARAM);
    expect(codeOf(checkStoreCreate({ ...validStore, email: 'not-an-email' }))).toBe(Codes.INVALID_PARAM);
    expect(codeOf(checkStoreCreate({ ...validStore, area_id: 'one' }))).toBe(Codes.INVALID_PARAM);
  });

  it('validateStoreCreate returns null for a valid body and refuses a non-object', () => {
    expect(validateStoreCreate(validStore)).toBeNull();
    expect(validateStoreCreate([])?.code).toBe(Codes.INVALID_PARAM);
  });
});

describe('update store', () => {
  it('accepts a store number alone and with changes', () => {
    expect(checkStoreUpdate({ custom_id: 'SH001' }).ok).toBe(true);
    expect(checkStoreUpdate({ custom_id: 'SH001', new_custom_id: 'SH002', name: 'New', area_id: 2, address: 'x' }).ok).toBe(true);
  });

  it('refuses with the specific codes', () => {
    expect(codeOf(checkStoreUpdate({}))).toBe(Codes.INVALID_PARAM);
    expect(codeOf(checkStoreUpdate({ custom_id: 'SH-1' }))).toBe(Codes.STORE_NUMBER_FORMAT);
    // Not required on update: '' is a value, judged by the field's own rule (D-040).
    expect(codeOf(checkStoreUpdate({ custom_id: 'SH001', telephone: '' }))).toBe(Codes.PHONE_INVALID);
    expect(codeOf(checkStoreUpdate({ custom_id: 'SH001', telephone: null }))).toBe(Codes.INVALID_PARAM);
    expect(codeOf(checkStoreUpdate({ custom_id: 'SH001', new_custom_id: 'SH_2' }))).toBe(Codes.STORE_NUMBER_FORMAT);
    expect(codeOf(checkStoreUpdate({ custom_id: 'SH001', name: 'n'.repeat(101) }))).toBe(Codes.STORE_NAME_TOO_LONG);
    expect(codeOf(checkStoreUpdate({ custom_id: 'SH001', address: 'n'.repeat(101) }))).toBe(Codes.INVALID_PARAM);
    expect(codeOf(checkStoreUpdate({ custom_id: 'SH001', area_id: '2' }))).toBe(Codes.INVALID_PARAM);
  });
});

describe('create employee', () => {
  const employee = { custom_id: 'SH001', username: 'alice', password: 'Secr3t#1', real_name: 'Alice' };

  it('accepts a valid employee', () => {
    expect(checkEmployeeCreate(employee).ok).toBe(true);
    expect(checkEmployeeCreate({ ...employee, phone_cc: 852, phone_number: '91234567', email: 'a@b.hk' }).ok).toBe(true);
  });

  it('refuses with the specific codes', () => {
    expect(codeOf(checkEmployeeCreate({ ...employee, custom_id: 'SH 1' }))).toBe(Codes.STORE_NUMBER_FORMAT);
    expect(codeOf(checkEmployeeCreate({ ...employee, username: 'al' }))).toBe(Codes.ACCOUNT_NAME_FORMAT);
    expect(codeOf(checkEmployeeCreate({ ...employee, password: 'short1!' }))).toBe(Codes.PASSWORD_FORMAT);
    expect(codeOf(checkEmployeeCreate({ ...employee, phone_number: 'abc' }))).toBe(Codes.PHONE_INVALID);
    expect(codeOf(checkEmployeeCreate({ ...employee, real_name: '' }))).toBe(Codes.INVALID_PARAM);
    expect(codeOf(checkEmployeeCreate({ ...employee, real_name: 'x'.repeat(19) }))).toBe(Codes.INVALID_PARAM);
  });
});

describe('update account and account status', () => {
  it('accepts an update by current name', () => {
    expect(checkAccountUpdate({ username: 'alice', new_username: 'alice_2', password: 'N3w-pass', real_name: 'A' }).ok).toBe(true);
    expect(checkAccountUpdate({ username: 'legacy name' }).ok).toBe(true);
  });

  it('refuses with the specific codes', () => {
    expect(codeOf(checkAccountUpdate({}))).toBe(Codes.INVALID_PARAM);
    expect(codeOf(checkAccountUpdate({ username: 'alice', new_username: 'a' }))).toBe(Codes.ACCOUNT_NAME_FORMAT);
    expect(codeOf(checkAccountUpdate({ username: 'alice', password: 'weakpassword' }))).toBe(Codes.PASSWORD_FORMAT);
    expect(codeOf(checkAccountUpdate({ username: 'alice', phone_cc: 'x' }))).toBe(Codes.PHONE_INVALID);
    expect(codeOf(checkAccountUpdate({ username: 'alice', account_num: 'x'.repeat(21) }))).toBe(Codes.INVALID_PARAM);
  });

  it('parses the status path and the body', () => {
    expect(accountStatusParamSchema.parse('1')).toBe(1);
    expect(accountStatusParamSchema.parse('-1')).toBe(-1);
    expect(accountStatusParamSchema.safeParse('0').success).toBe(false);
    expect(accountStatusParamSchema.safeParse('2').success).toBe(false);
    expect(checkAccountStatus({ username: 'alice' }).ok).toBe(true);
    expect(codeOf(checkAccountStatus({}))).toBe(Codes.INVALID_PARAM);
  });
});
