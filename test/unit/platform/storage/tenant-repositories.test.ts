import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../../../../protocol/codes.ts';
import { checkEmployeeCreate, checkStoreCreate } from '../../../../protocol/open-api/index.ts';
import type { Checked } from '../../../../protocol/open-api/validation.ts';
import { MerchantRepository } from '../../../../platform/auth/merchant-repository.ts';
import { TokenRepository } from '../../../../platform/auth/token-repository.ts';
import { TokenService } from '../../../../platform/auth/token-service.ts';
import { ManualClock } from '../../../../platform/clock.ts';
import { ApiError } from '../../../../platform/http/api-error.ts';
import { AccountService } from '../../../../platform/open-api/tenants/account-service.ts';
import { StoreService } from '../../../../platform/open-api/tenants/store-service.ts';
import { TenantRepository } from '../../../../platform/open-api/tenants/tenant-repository.ts';
import { PostgresDatabase } from '../../../../platform/storage/postgres-database.ts';
import type { SqlDatabase } from '../../../../platform/storage/sql.ts';
import { employeeBody, failAccountInsert, storeBody } from '../../../helpers/open-api.ts';
import { openTestDatabase, SQL_BACKENDS, type TestDatabase } from '../../../helpers/sql-backends.ts';

/** A tenancy of two groups: group A with merchants M1 (multi-account) and M2, group B with M3. */
interface Tenancy {
  groupA: number;
  groupB: number;
  m1: number;
  m2: number;
  m3: number;
  areas: number[];
}

async function seedTenancy(db: SqlDatabase): Promise<Tenancy> {
  return db.transaction(async (tx) => {
    const merchants = new MerchantRepository(tx);
    const tenants = new TenantRepository(tx);
    const tokens = new TokenRepository(tx);
    const groupA = await merchants.insertGroup('A', 1);
    const groupB = await merchants.insertGroup('B', 1);
    const merchant = (group: number, name: string, multi: 0 | 1) =>
      merchants.insertMerchant({ group_id: group, name, area: '', region: 'overseas', multi_account: multi, default_lang: 'en', lang_list: '["en"]', created_at: 1 });
    const m1 = await merchant(groupA, 'M1', 1);
    const m2 = await merchant(groupA, 'M2', 0);
    const m3 = await merchant(groupB, 'M3', 1);
    const areas = [await tenants.insertArea(m1, 'North', ''), await tenants.insertArea(m1, 'South', 'r')];
    await tenants.insertArea(m3, 'Elsewhere', '');
    for (const [merchantId, customId, name] of [[m1, 'S1', 'One'], [m1, 'S2', 'Two'], [m1, 'S3', 'Three'], [m3, 'S1', 'One']] as const) {
      const storeId = await tenants.insertStore({
        merchant_id: merchantId, custom_id: customId, name, telephone: '', area_id: null, province_code: '', city_code: '',
        province: '', city: '', address: '', status: 1, business_type: 1, created_at: 1,
      });
      await tenants.insertAccount({
        merchant_id: merchantId, store_id: storeId, username: `${customId.toLowerCase()}_of_${merchantId}`, password_hash: 'x', real_name: 'R',
        last_name: '', account_num: '', phone_cc: '', phone_number: '', email: '', is_manager: 1, status: 1, created_at: 1,
      });
    }
    await tokens.insertApp({ app_id: 'app_m1', app_secret: 'secret-1', level: 'merchant', group_id: groupA, merchant_id: m1, name: '', created_at: 1 });
    await tokens.insertApp({ app_id: 'app_a', app_secret: 'secret-a', level: 'group', group_id: groupA, merchant_id: null, name: '', created_at: 1 });
    return { groupA, groupB, m1, m2, m3, areas };
  });
}

function valid<T>(checked: Checked<T>): T {
  if (!checked.ok) throw new Error(`test body refused: ${checked.failure.field} ${checked.failure.message}`);
  return checked.value;
}

async function codeOf(call: Promise<unknown>): Promise<number> {
  const outcome = await call.then(
    () => null,
    (error: unknown) => error,
  );
  if (!(outcome instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(outcome)}`);
  return outcome.info.code;
}

describe.each(SQL_BACKENDS)('tenant and token repositories on %s', (backend) => {
  let test: TestDatabase;
  let db: SqlDatabase;
  let t: Tenancy;
  const clock = new ManualClock(Date.UTC(2026, 10, 26));
  // One database per backend (creating one costs seconds on PostgreSQL): the reads look at M1,
  // the writes go to M2 and M3 and check only their own rows.
  beforeAll(async () => {
    test = await openTestDatabase(backend);
    db = test.db;
    t = await seedTenancy(db);
  });
  afterAll(async () => {
    await test.close();
  });
  const storesNumbered = async (merchantId: number, customId: string) =>
    (await db.one<{ n: number }>('SELECT COUNT(*) AS n FROM stores WHERE merchant_id = ? AND custom_id = ?', [merchantId, customId]))?.n;

  it('finds a merchant only within its group, flags as numbers', async () => {
    const merchants = new MerchantRepository(db);
    expect(await merchants.findInGroup(t.m2, t.groupA)).toEqual({
      id: t.m2, group_id: t.groupA, name: 'M2', area: '', region: 'overseas', multi_account: 0, default_lang: 'en', lang_list: '["en"]',
    });
    expect(await merchants.findInGroup(t.m3, t.groupA)).toBeUndefined();
    expect((await merchants.listOfGroup(t.groupA)).map((m) => m.name)).toEqual(['M1', 'M2']);
    expect(await merchants.hasAnyGroup()).toBe(true);
  });

  it('scopes stores and accounts to their merchant; account names are platform-wide', async () => {
    const tenants = new TenantRepository(db);
    expect((await tenants.findStore(t.m1, 'S1'))?.merchant_id).toBe(t.m1);
    expect((await tenants.findStore(t.m2, 'S1'))).toBeUndefined();
    expect(await tenants.findAccount(t.m1, `s1_of_${t.m3}`)).toBeUndefined();
    expect(await tenants.accountNameHolder(`s1_of_${t.m3}`)).toMatchObject({ merchant_id: t.m3 });
    expect(await tenants.firstAreaId(t.m1)).toBe(t.areas[0]);
    expect(await tenants.areaId(t.m3, t.areas[0]!)).toBeUndefined();
  });

  it('pages by id with the total; a page past the end is empty and binds no offset', async () => {
    const tenants = new TenantRepository(db);
    const first = await tenants.pageOfStores(t.m1, { page: 1, count: 2 });
    const second = await tenants.pageOfStores(t.m1, { page: 2, count: 2 });
    expect([first.total, second.total]).toEqual([3, 3]);
    expect([...first.rows, ...second.rows].map((s) => s.custom_id)).toEqual(['S1', 'S2', 'S3']);
    expect(await tenants.pageOfStores(t.m1, { page: 999_999_999_999_999, count: 100 })).toEqual({ rows: [], total: 3 });
    const employees = await tenants.pageOfEmployees(t.m1, 'S2', { page: 1, count: 10 });
    expect([employees.total, employees.rows.map((a) => [a.store_custom_id, a.store_status])]).toEqual([1, [['S2', 1]]]);
    expect((await tenants.pageOfEmployees(t.m1, undefined, { page: 1, count: 10 })).total).toBe(3);
    expect((await tenants.pageOfAreas(t.m1, { page: 1, count: 10 })).rows.map((a) => a.name)).toEqual(['North', 'South']);
  });

  it('tokens: the newest token of an app authenticates, the replaced and expired ones are 1001', async () => {
    const tokens = new TokenService(new TokenRepository(db), clock);
    expect(await codeOf(tokens.issue('app_m1', 'wrong'))).toBe(Codes.MERCHANT_INVALID.code);
    expect(await codeOf(tokens.issue('no_such_app', 'secret-1'))).toBe(Codes.MERCHANT_INVALID.code);
    const first = await tokens.issue('app_m1', 'secret-1');
    expect(await tokens.authenticate(first.access_token)).toEqual({ appId: 'app_m1', level: 'merchant', groupId: t.groupA, merchantId: t.m1 });
    const second = await tokens.issue('app_m1', 'secret-1');
    expect(await codeOf(tokens.authenticate(first.access_token))).toBe(Codes.TOKEN_INVALID.code);
    const group = await tokens.issue('app_a', 'secret-a');
    expect(await tokens.authenticate(group.access_token)).toEqual({ appId: 'app_a', level: 'group', groupId: t.groupA, merchantId: null });
    clock.advance(second.expire * 1000);
    expect(await codeOf(tokens.authenticate(second.access_token))).toBe(Codes.TOKEN_INVALID.code);
  });

  it('creates a store with its manager, or neither when the account insert fails', async () => {
    const stores = new StoreService(db, clock);
    const created = await stores.create(t.m3, valid(checkStoreCreate(storeBody('R1'))));
    const manager = await new TenantRepository(db).findAccount(t.m3, 'mgr_r1');
    expect(manager).toMatchObject({ store_id: Number(created.store_id), is_manager: 1, status: 1 });
    expect(created.account_id).toBe(String(manager?.id));
    const drop = await failAccountInsert(db, 'mgr_r2');
    try {
      await expect(stores.create(t.m3, valid(checkStoreCreate(storeBody('R2'))))).rejects.toThrow(/boom/);
    } finally {
      await drop();
    }
    expect(await storesNumbered(t.m3, 'R2')).toBe(0);
  });

  it('one of 12 concurrent identical store creates wins; the others are 11001', async () => {
    const stores = new StoreService(db, clock);
    const body = valid(checkStoreCreate(storeBody('RACE')));
    const outcomes = await Promise.all(Array.from({ length: 12 }, () => stores.create(t.m3, body).then(() => 0, (error: unknown) => (error instanceof ApiError ? error.info.code : -1))));
    expect(outcomes.filter((code) => code === 0)).toHaveLength(1);
    expect(outcomes.filter((code) => code === Codes.STORE_NAME_EXISTS.code)).toHaveLength(11);
    expect(await storesNumbered(t.m3, 'RACE')).toBe(1);
  });

  it('one account per store without the multi-account feature, even for concurrent creates (17002)', async () => {
    const merchant = (await new MerchantRepository(db).findInGroup(t.m2, t.groupA))!;
    const tenants = new TenantRepository(db);
    await tenants.insertStore({
      merchant_id: t.m2, custom_id: 'E1', name: 'Empty', telephone: '', area_id: null, province_code: '', city_code: '',
      province: '', city: '', address: '', status: 1, business_type: 1, created_at: 1,
    });
    const accounts = new AccountService(db, clock);
    const outcomes = await Promise.all(
      ['a', 'b', 'c', 'd'].map((tag) =>
        accounts.createEmployee(merchant, valid(checkEmployeeCreate(employeeBody('E1', `M2${tag}`)))).then(() => 0, (error: unknown) => (error instanceof ApiError ? error.info.code : -1)),
      ),
    );
    expect(outcomes.sort()).toEqual([0, Codes.MULTI_ACCOUNT_DISABLED.code, Codes.MULTI_ACCOUNT_DISABLED.code, Codes.MULTI_ACCOUNT_DISABLED.code].sort());
  });
});

/**
 * Issue 14: one active token per app under 400 concurrent token requests, across connections
 * and processes. Two pools stand for two platform processes on one database.
 */
describe('tokens on PostgreSQL from two processes', () => {
  let test: TestDatabase;
  const pools: PostgresDatabase[] = [];
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.close()));
    await test?.close();
  });

  it('400 concurrent issues for one app leave one token row and one token that authenticates', async () => {
    test = await openTestDatabase('postgres');
    await seedTenancy(test.db);
    const clock = new ManualClock(Date.UTC(2026, 10, 26));
    pools.push(new PostgresDatabase(test.url!), new PostgresDatabase(test.url!));
    const services = pools.map((pool) => new TokenService(new TokenRepository(pool), clock));
    const issued = await Promise.all(Array.from({ length: 400 }, (_, i) => services[i % 2]!.issue('app_m1', 'secret-1')));
    expect(new Set(issued.map((token) => token.access_token)).size).toBe(400);
    expect(await test.db.one('SELECT COUNT(*) AS n FROM tokens WHERE app_id = ?', ['app_m1'])).toEqual({ n: 1 });
    const accepted = await Promise.all(
      issued.map((token, i) => services[(i + 1) % 2]!.authenticate(token.access_token).then(() => true, () => false)),
    );
    expect(accepted.filter(Boolean)).toHaveLength(1);
  }, 60_000);
});
