import { request } from 'undici';
import { expect } from 'vitest';
import { PlatformError } from '../../main/platform-client/errors.ts';
import type { SqlDatabase } from '../../platform/storage/sql.ts';
import type { TestPlatform } from './platform.ts';

/** Helpers of the /open_api/ merchant-data integration tests. */

export interface RawEnvelope {
  meta: { code: number; msg: string; error: string; request_uri: string; req_id?: string };
  response: Record<string, unknown>;
}

/** The PlatformError a call ends with; fails the test when it succeeds or fails otherwise. */
export async function failureOf(call: Promise<unknown>): Promise<PlatformError> {
  const outcome = await call.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  if (outcome.ok) throw new Error(`expected a failure, got ${JSON.stringify(outcome.value)}`);
  expect(outcome.error).toBeInstanceOf(PlatformError);
  return outcome.error as PlatformError;
}

export async function codeOf(call: Promise<unknown>): Promise<number> {
  return (await failureOf(call)).code;
}

/** A raw HTTP call, for what the typed client cannot send (wrong types, bad JSON, bad headers). */
export async function rawCall(
  tp: TestPlatform,
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: unknown; rawBody?: string } = {},
): Promise<{ status: number; json: RawEnvelope }> {
  const headers: Record<string, string> = { ...init.headers };
  let body: string | undefined = init.rawBody;
  if (init.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(init.body);
  }
  const res = await request(`${tp.platform.url}${path}`, { method: method as 'GET', headers, body });
  const text = await res.body.text();
  return { status: res.statusCode, json: JSON.parse(text) as RawEnvelope };
}

let serial = 0;

/** A create-store body that passes every rule; `tag` keeps name, number and account name unique. */
export function storeBody(tag = `T${++serial}`) {
  return {
    name: `Store ${tag}`,
    custom_id: tag,
    telephone: '+65 6123 4567',
    province_code: 'SG01',
    city_code: 'SG0101',
    address: `${tag} Marina Boulevard`,
    username: `mgr_${tag}`.toLowerCase(),
    password: 'Passw0rd!',
    real_name: 'Ana',
    last_name: 'Lim',
    account_num: 'E001',
    phone_cc: 65,
    phone_number: 91234567,
    email: 'ana@example.com',
  };
}

/** A create-employee body for store `customId` that passes every rule. */
export function employeeBody(customId: string, tag = `E${++serial}`) {
  return {
    custom_id: customId,
    username: `emp_${tag}`.toLowerCase(),
    password: 'Str0ng#pass',
    real_name: 'Ravi',
    last_name: 'Kumar',
    account_num: 'S-17',
    phone_cc: 65,
    phone_number: '81234567',
    email: 'ravi@example.com',
  };
}

/** Every store and account row of a merchant, for before/after comparisons. */
export async function tenantRows(tp: TestPlatform, merchantId: string | null): Promise<{ stores: unknown[]; accounts: unknown[] }> {
  const db = tp.platform.services.sql;
  return {
    stores: await db.all('SELECT * FROM stores WHERE merchant_id = ? ORDER BY id', [Number(merchantId)]),
    accounts: await db.all('SELECT * FROM accounts WHERE merchant_id = ? ORDER BY id', [Number(merchantId)]),
  };
}

/**
 * Makes every insert of an account named `username` fail (a trigger), to prove that a write
 * failing halfway leaves nothing behind. Resolves to the function that removes the trigger.
 */
export async function failAccountInsert(db: SqlDatabase, username: string): Promise<() => Promise<void>> {
  // The name is the test's own constant; triggers take no parameters.
  if (!/^\w+$/.test(username)) throw new Error(`not a plain account name: ${username}`);
  if (db.dialect === 'sqlite') {
    await db.run(`CREATE TRIGGER fail_account BEFORE INSERT ON accounts WHEN NEW.username = '${username}' BEGIN SELECT RAISE(ABORT, 'boom'); END`);
    return async () => void (await db.run('DROP TRIGGER fail_account'));
  }
  await db.run("CREATE FUNCTION fail_account() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'boom'; END $$");
  await db.run(`CREATE TRIGGER fail_account BEFORE INSERT ON accounts FOR EACH ROW WHEN (NEW.username = '${username}') EXECUTE FUNCTION fail_account()`);
  return async () => {
    await db.run('DROP TRIGGER fail_account ON accounts');
    await db.run('DROP FUNCTION fail_account()');
  };
}
