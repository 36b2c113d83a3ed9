import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformClient } from '../../../main/platform-client/client.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { employeeBody, rawCall, storeBody } from '../../helpers/open-api.ts';

/**
 * Bad input never crashes a handler (STYLE.md: validate at every boundary): wrong types,
 * missing fields, over-long strings, malformed JSON and odd queries answer HTTP 400 with
 * meta.code 400, or the specification's own code for the rule broken (HTTP 200, D-002),
 * never 500. Sent raw, since the typed client cannot send most of these.
 */
const LONG = 'x'.repeat(10_000);

interface Case {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  body?: unknown;
  rawBody?: string;
  contentType?: string;
  code: number;
}

function bodyCases(method: 'POST' | 'PATCH', path: string, valid: Record<string, unknown>, specific: Record<string, number>, fallback: Record<string, number>): [string, Case][] {
  const cases: [string, Case][] = [
    ['no body', { method, path, code: 400 }],
    ['an array', { method, path, body: [valid], code: 400 }],
    ['a string', { method, path, body: 'text', code: 400 }],
    ['null', { method, path, rawBody: 'null', contentType: 'application/json', code: 400 }],
    ['malformed JSON', { method, path, rawBody: '{"name": ', contentType: 'application/json', code: 400 }],
    ['text/plain', { method, path, rawBody: JSON.stringify(valid), contentType: 'text/plain', code: 400 }],
  ];
  for (const field of Object.keys(valid)) {
    const expected = specific[field] ?? fallback[field] ?? 400;
    cases.push([`${field} 10,000 characters`, { method, path, body: { ...valid, [field]: LONG }, code: expected }]);
    cases.push([`${field} an object`, { method, path, body: { ...valid, [field]: { value: 1 } }, code: specific[field] ?? 400 }]);
    cases.push([`${field} true`, { method, path, body: { ...valid, [field]: true }, code: specific[field] ?? 400 }]);
  }
  return cases;
}

describe('bad input to the merchant data endpoints', () => {
  let tp: TestPlatform;
  let client: PlatformClient;
  beforeAll(async () => {
    tp = await startTestPlatform();
    client = tp.client(tp.app('primary'));
  });
  afterAll(async () => {
    await tp.stop();
  });

  async function send(c: Case, token?: string) {
    const headers: Record<string, string> = { 'access-token': token ?? (await client.accessToken()) };
    if (c.contentType) headers['content-type'] = c.contentType;
    return rawCall(tp, c.method, c.path, { headers, body: c.body, rawBody: c.rawBody });
  }

  const storeCreate = { ...storeBody('BAD1'), area_id: 1 };
  // Codes of the field rules checked before the schema (protocol/open-api/store-requests.ts).
  const storeSpecific = { custom_id: 11029, telephone: 10010, username: 11008, password: 11010, phone_cc: 10010, phone_number: 10010 };
  const storeLong = { name: 11000 };
  const employeeCreate = employeeBody('SG001', 'BAD2');
  const employeeSpecific = { custom_id: 11029, username: 11008, password: 11010, phone_cc: 10010, phone_number: 10010 };
  const accountUpdate = { username: 'orchard_staff', new_username: 'orchard_staff2', password: 'Passw0rd!', real_name: 'A', last_name: 'B', account_num: 'C', phone_cc: 65, phone_number: 81234567, email: 'a@b.co' };
  const accountSpecific = { new_username: 11008, password: 11010, phone_cc: 10010, phone_number: 10010 };

  const table: [string, Case][] = [
    ...bodyCases('POST', '/open_api/merchant/stores', storeCreate, storeSpecific, storeLong),
    ...bodyCases('PATCH', '/open_api/merchant/stores', { custom_id: 'SG002', new_custom_id: 'SG002', name: 'Tampines Counter', telephone: '6000 1111', area_id: 1, province_code: 'P', city_code: 'C', address: 'A' },
      { custom_id: 11029, new_custom_id: 11029, telephone: 10010 }, { name: 11000 }),
    ...bodyCases('POST', '/open_api/merchant/employees', employeeCreate, employeeSpecific, {}),
    ...bodyCases('PATCH', '/open_api/merchant/account', accountUpdate, accountSpecific, {}),
    ...bodyCases('PATCH', '/open_api/merchant/account_status/-1', { username: 'orchard_staff' }, {}, {}),
  ];

  it.each(table)('%s → the rule\'s code, never 500', async (_name, c) => {
    const { status, json } = await send(c);
    expect(json.meta.code).toBe(c.code);
    expect(status).toBe(c.code === 400 ? 400 : 200);
    expect(json.meta.error).not.toBe('');
    expect(json.response).toEqual({});
  });

  it.each([
    ['area_id 1.5', { area_id: 1.5 }],
    ['area_id -1', { area_id: -1 }],
    ['area_id a string', { area_id: '1' }],
    ['area_id beyond safe integers', { area_id: 1e20 }],
    // decision D-040: a missing required field is 400; the format codes judge values that are there.
    ['custom_id missing', { custom_id: undefined }],
    ['username missing', { username: undefined }],
    ['password missing', { password: undefined }],
    ['telephone missing', { telephone: undefined }],
    ['telephone null', { telephone: null }],
    ['custom_id blank', { custom_id: ' ' }],
    ['custom_id malformed', { custom_id: 'S-1' }, 11029],
    ['real_name missing', { real_name: undefined }],
    ['province_code missing', { province_code: undefined }],
    ['email a number', { email: 5 }],
    ['phone_number a float', { phone_number: 9123.5 }, 10010],
    ['phone_number negative', { phone_number: -91234567 }, 10010],
  ] as [string, Record<string, unknown>, number?][])('create store with %s is refused, never 500', async (_name, change, code = 400) => {
    const { status, json } = await send({ method: 'POST', path: '/open_api/merchant/stores', body: { ...storeBody(), ...change }, code });
    expect([status, json.meta.code]).toEqual([code === 400 ? 400 : 200, code]);
  });

  it.each([
    '/open_api/merchant/stores?page=abc',
    '/open_api/merchant/stores?count=1e3',
    '/open_api/merchant/stores?page=9999999999999999',
    '/open_api/merchant/stores?count=-1',
    '/open_api/merchant/employees?store_custom_id=%27%20OR%201%3D1',
    `/open_api/merchant/employees?store_custom_id=${'A'.repeat(5000)}`,
    '/open_api/merchant/employees?page=1.5',
    '/open_api/merchant/area?count=0',
    '/open_api/merchant/dimensions?lang=..%2F..%2Fetc',
    '/open_api/merchant/categories?lang=en_US',
    '/open_api/merchant/account_status/abc',
    '/open_api/merchant/account_status/%00',
    '/open_api/merchant/account_status/0',
  ])('%s → 400', async (path) => {
    const method = path.includes('account_status') ? 'PATCH' : 'GET';
    const { status, json } = await send({ method, path, body: method === 'PATCH' ? { username: 'orchard_staff' } : undefined, code: 400 });
    expect([status, json.meta.code]).toEqual([400, 400]);
    expect(json.meta.error).toMatch(/^(query|params)\./);
  });

  it('checks the token before the body: a bad body without a valid token is 1001', async () => {
    for (const token of ['', 'not-a-token']) {
      const { status, json } = await send({ method: 'POST', path: '/open_api/merchant/stores', body: { name: 5 }, code: 1001 }, token);
      expect([status, json.meta.code]).toEqual([200, 1001]);
    }
  });

  it('a wrong method on a merchant path is 405 naming the allowed ones', async () => {
    const { status, json } = await send({ method: 'POST', path: '/open_api/merchant/langs', body: {}, code: 405 });
    expect([status, json.meta.code]).toEqual([405, 405]);
    expect(json.meta.error).toContain('GET');
    const patchOnly = await send({ method: 'GET', path: '/open_api/merchant/account', code: 405 });
    expect(patchOnly.status).toBe(405);
  });

  it('changed nothing: every refused write left the merchant\'s rows as seeded', async () => {
    const db = tp.platform.services.sql;
    const merchantId = Number(tp.app('primary').merchant_id);
    expect(await db.one('SELECT COUNT(*) AS n FROM stores WHERE merchant_id = ?', [merchantId])).toEqual({ n: 4 });
    expect(await db.one('SELECT COUNT(*) AS n FROM accounts WHERE merchant_id = ?', [merchantId])).toEqual({ n: 6 });
    expect(await db.one("SELECT real_name, status FROM accounts WHERE username = 'orchard_staff'")).toEqual({ real_name: 'Arun', status: 1 });
    expect(await db.one("SELECT name, telephone FROM stores WHERE custom_id = 'SG002'")).toEqual({ name: 'Tampines Counter', telephone: '+65 6000 0000' });
  });
});
