import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantEndpoints as ep } from '../../../protocol/endpoints/merchant.ts';
import { verifyPassword } from '../../../platform/auth/passwords.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { PlatformError } from '../../../main/platform-client/errors.ts';
import { codeOf, failAccountInsert, failureOf, storeBody } from '../../helpers/open-api.ts';

interface StoreDbRow { id: number; merchant_id: number; custom_id: string; name: string; telephone: string; area_id: number | null; province_code: string; city_code: string; province: string; city: string; address: string; status: number; business_type: number }
interface AccountDbRow { id: number; store_id: number; merchant_id: number; username: string; password_hash: string; real_name: string; last_name: string; account_num: string; phone_cc: string; phone_number: string; email: string; is_manager: number; status: number }

/** Specification: Create store, Update store, with the store codes of Errors. */
describe('stores', () => {
  let tp: TestPlatform;
  beforeAll(async () => {
    tp = await startTestPlatform();
  });
  afterAll(async () => {
    await tp.stop();
  });

  const client = () => tp.client(tp.app('primary'));
  const merchantId = () => Number(tp.app('primary').merchant_id);
  const db = () => tp.platform.services.sql;
  const storeRow = (customId: string) => db().one<StoreDbRow>('SELECT * FROM stores WHERE merchant_id = ? AND custom_id = ?', [merchantId(), customId]);
  const accountRow = (username: string) => db().one<AccountDbRow>('SELECT * FROM accounts WHERE username = ?', [username]);
  const areaIds = async () => (await db().all<{ id: number }>('SELECT id FROM areas WHERE merchant_id = ? ORDER BY id', [merchantId()])).map((a) => a.id);
  const storeCount = async () => (await db().one<{ n: number }>('SELECT COUNT(*) AS n FROM stores'))?.n;
  const accountCount = async () => (await db().one<{ n: number }>('SELECT COUNT(*) AS n FROM accounts'))?.n;
  const foreignAreaId = async () => (await db().one<{ id: number }>('SELECT id FROM areas WHERE merchant_id = ?', [Number(tp.app('second').merchant_id)]))!.id;

  /** A refused create writes nothing. */
  async function expectCreateRefused(body: Record<string, unknown>, code: number): Promise<void> {
    const before = [(await storeCount()), (await accountCount())];
    const error = await failureOf(client().call(ep.createStore, { body: body as ReturnType<typeof storeBody> }));
    expect(error.code, error.message).toBe(code);
    expect([(await storeCount()), (await accountCount())]).toEqual(before);
  }

  describe('POST /open_api/merchant/stores', () => {
    it('creates the store and its manager account, both visible in the lists', async () => {
      const body = storeBody('NEW1');
      const res = await client().call(ep.createStore, { body });
      expect(res).toMatchObject({ store_custom_id: 'NEW1' });
      const store = await storeRow('NEW1');
      expect(store).toMatchObject({
        id: Number(res.store_id), name: 'Store NEW1', telephone: '+65 6123 4567', province_code: 'SG01', city_code: 'SG0101',
        province: 'SG01', city: 'SG0101', address: 'NEW1 Marina Boulevard', status: 1, business_type: 1,
      });
      const account = await accountRow('mgr_new1');
      expect(account).toMatchObject({
        id: Number(res.account_id), store_id: store?.id, merchant_id: merchantId(), real_name: 'Ana', last_name: 'Lim', account_num: 'E001',
        phone_cc: '65', phone_number: '91234567', email: 'ana@example.com', is_manager: 1, status: 1,
      });
      expect(verifyPassword('Passw0rd!', account?.password_hash ?? '')).toBe(true);
      const stores = await client().call(ep.listStores, { query: { count: 100 } });
      expect(stores.list.find((s) => s.store_custom_id === 'NEW1')).toMatchObject({ id: res.store_id, name: 'Store NEW1', status: 1, store_business_type: 1 });
      const employees = await client().call(ep.listEmployees, { query: { store_custom_id: 'NEW1' } });
      expect(employees.list).toEqual([expect.objectContaining({ id: res.account_id, store_id: res.store_id, real_name: 'Ana', status: 1, status_status: 1, phone_cc: '65' })]);
    });

    it('accepts the required fields only; area_id defaults to the merchant\'s first region', async () => {
      const { city_code: _c, last_name: _l, account_num: _a, phone_cc: _p, phone_number: _n, email: _e, ...min } = storeBody('MIN1');
      await client().call(ep.createStore, { body: min });
      expect(await storeRow('MIN1')).toMatchObject({ area_id: (await areaIds())[0], city_code: '', city: '' });
      expect(await accountRow('mgr_min1')).toMatchObject({ last_name: '', account_num: '', phone_cc: '', phone_number: '', email: '' });
    });

    it('places the store in the region given by area_id', async () => {
      await client().call(ep.createStore, { body: { ...storeBody('AREA1'), area_id: (await areaIds())[1] } });
      expect((await storeRow('AREA1'))?.area_id).toBe((await areaIds())[1]);
    });

    it('refuses an area_id that is not a region of the merchant with 400', async () => {
      await expectCreateRefused({ ...storeBody(), area_id: await foreignAreaId() }, 400);
      await expectCreateRefused({ ...storeBody(), area_id: 999_999 }, 400);
    });

    it('is created through a group token with merchant-id in the named merchant', async () => {
      const group = tp.client(tp.app('group'), { merchantId: tp.app('primary').merchant_id ?? undefined });
      await group.call(ep.createStore, { body: storeBody('GRP1') });
      expect((await storeRow('GRP1'))?.merchant_id).toBe(merchantId());
    });

    it('name: 100 characters pass, 101 are 11000', async () => {
      await client().call(ep.createStore, { body: { ...storeBody('LONG1'), name: '店'.repeat(100) } });
      await expectCreateRefused({ ...storeBody(), name: '店'.repeat(101) }, 11000);
    });

    it('name: a name of another store of the merchant is 11001 (also with blanks around it)', async () => {
      await expectCreateRefused({ ...storeBody(), name: 'Orchard Flagship' }, 11001);
      await expectCreateRefused({ ...storeBody(), name: '  Orchard Flagship ' }, 11001);
    });

    it('name: stores created at once under one name give one store and 11001 for the others, never 500 (D-104)', async () => {
      // Each has its own number and account name, so only the name collides. On PostgreSQL the
      // losers' inserts met the unique index (23505) after their check had found no such name.
      const tags = Array.from({ length: 12 }, (_, i) => `RACE${i}`);
      const caller = client();
      await caller.accessToken();
      const codes = await Promise.all(tags.map((tag) => caller.call(ep.createStore, { body: { ...storeBody(tag), name: 'Race Store' } }).then(
        () => 0,
        (error: unknown) => (error instanceof PlatformError ? error.code : -1),
      )));
      expect(codes.filter((code) => code === 0)).toHaveLength(1);
      expect(codes.filter((code) => code !== 0)).toEqual(Array(11).fill(11001));
      expect(await db().all('SELECT custom_id FROM stores WHERE name = ?', ['Race Store'])).toHaveLength(1);
    });

    it('name: missing or blank is 400', async () => {
      const { name: _n, ...body } = storeBody();
      await expectCreateRefused(body, 400);
      await expectCreateRefused({ ...storeBody(), name: '   ' }, 400);
    });

    it('custom_id: 20 alphanumerics pass; a dash, a non-ASCII letter or 21 characters are 11029; empty is missing (400)', async () => {
      await client().call(ep.createStore, { body: { ...storeBody(), custom_id: 'A1'.repeat(10) } });
      for (const customId of ['SG-100', '店100', 'A'.repeat(21)]) await expectCreateRefused({ ...storeBody(), custom_id: customId }, 11029);
      // decision D-040: an empty required field is missing, not malformed.
      await expectCreateRefused({ ...storeBody(), custom_id: '' }, 400);
    });

    it('custom_id: a store number the merchant already has is 11028', async () => {
      await expectCreateRefused({ ...storeBody(), custom_id: 'SG001' }, 11028);
    });

    it('address: 100 characters pass, 101 or missing are 400', async () => {
      await client().call(ep.createStore, { body: { ...storeBody('ADDR1'), address: 'a'.repeat(100) } });
      await expectCreateRefused({ ...storeBody(), address: 'a'.repeat(101) }, 400);
      const { address: _a, ...body } = storeBody();
      await expectCreateRefused(body, 400);
    });

    it('username: outside 3 to 50 of letters, digits, @, _, - is 11008', async () => {
      await client().call(ep.createStore, { body: { ...storeBody(), username: 'a@b_c-1' } });
      for (const username of ['ab', 'x'.repeat(51), 'bad name', 'name!', '名字abc']) await expectCreateRefused({ ...storeBody(), username }, 11008);
    });

    it('username: a name of an account of this merchant is 10008 (decision M-003)', async () => {
      await expectCreateRefused({ ...storeBody(), username: 'orchard_staff' }, 10008);
    });

    it('username: a name of another merchant\'s account is 11009 (decision M-003)', async () => {
      await expectCreateRefused({ ...storeBody(), username: 'central_manager' }, 11009);
    });

    it('password: 8 to 20 with letters, digits and special characters, else 11010', async () => {
      await client().call(ep.createStore, { body: { ...storeBody(), password: 'Abcdef1!' } });
      await client().call(ep.createStore, { body: { ...storeBody(), password: 'Abcdefghijklmnopq1_#' } });
      for (const password of ['Pass1!', 'Password1', 'Password!', '12345678!', 'Passw0rd!Passw0rd!123', 'Pass w0rd!']) {
        await expectCreateRefused({ ...storeBody(), password }, 11010);
      }
    });

    it('real_name: 18 characters pass; 19, blank or missing are 400', async () => {
      await client().call(ep.createStore, { body: { ...storeBody(), real_name: 'r'.repeat(18), last_name: 'l'.repeat(18) } });
      await expectCreateRefused({ ...storeBody(), real_name: 'r'.repeat(19) }, 400);
      await expectCreateRefused({ ...storeBody(), real_name: ' ' }, 400);
      const { real_name: _r, ...body } = storeBody();
      await expectCreateRefused(body, 400);
    });

    it('last_name over 18 and account_num over 20 are 400; account_num of 20 passes', async () => {
      await client().call(ep.createStore, { body: { ...storeBody(), account_num: 'n'.repeat(20) } });
      await expectCreateRefused({ ...storeBody(), last_name: 'l'.repeat(19) }, 400);
      await expectCreateRefused({ ...storeBody(), account_num: 'n'.repeat(21) }, 400);
    });

    it('phone_number, phone_cc and telephone that are not phone numbers are 10010', async () => {
      for (const [field, value] of [['phone_number', 12], ['phone_number', '1380013800a'], ['phone_cc', 0], ['phone_cc', 1000], ['telephone', 'call me']] as const) {
        const error = await failureOf(client().call(ep.createStore, { body: { ...storeBody(), [field]: value } }));
        expect(error.code, `${field}=${value}`).toBe(10010);
        expect(error.detail).toContain(field);
      }
    });

    it('province_code missing and an e-mail that is not one are 400', async () => {
      const { province_code: _p, ...body } = storeBody();
      await expectCreateRefused(body, 400);
      await expectCreateRefused({ ...storeBody(), email: 'not-an-email' }, 400);
    });

    it('creates store and manager in one transaction: a failing account insert leaves no store', async () => {
      // A trigger makes the second insert fail.
      const dropTrigger = await failAccountInsert(db(), 'mgr_boom');
      try {
        const error = await failureOf(client().call(ep.createStore, { body: storeBody('BOOM') }));
        expect(error.code).toBe(500);
        expect(error.detail).not.toContain('boom');
        expect(await storeRow('BOOM')).toBeUndefined();
      } finally {
        await dropTrigger();
      }
      await client().call(ep.createStore, { body: storeBody('BOOM') });
      expect(await storeRow('BOOM')).toBeDefined();
    });
  });

  describe('PATCH /open_api/merchant/stores', () => {
    it('changes the fields given and keeps the others', async () => {
      await client().call(ep.createStore, { body: storeBody('UPD1') });
      const before = await storeRow('UPD1');
      const res = await client().call(ep.updateStore, {
        body: { custom_id: 'UPD1', name: 'Renamed UPD1', telephone: '6000 1111', province_code: 'MY14', city_code: 'MY1401', address: 'New street 1', area_id: (await areaIds())[1] },
      });
      expect(res).toEqual({ store_id: String(before?.id), store_custom_id: 'UPD1' });
      expect(await storeRow('UPD1')).toMatchObject({
        name: 'Renamed UPD1', telephone: '6000 1111', province_code: 'MY14', city_code: 'MY1401', province: 'MY14', city: 'MY1401',
        address: 'New street 1', area_id: (await areaIds())[1], status: 1, business_type: 1,
      });
      await client().call(ep.updateStore, { body: { custom_id: 'UPD1', address: 'Only the address' } });
      expect(await storeRow('UPD1')).toMatchObject({ name: 'Renamed UPD1', telephone: '6000 1111', address: 'Only the address', area_id: (await areaIds())[1] });
    });

    it('renames the store number with new_custom_id; the employees follow it', async () => {
      await client().call(ep.createStore, { body: storeBody('REN1') });
      const res = await client().call(ep.updateStore, { body: { custom_id: 'REN1', new_custom_id: 'REN2' } });
      expect(res.store_custom_id).toBe('REN2');
      expect(await storeRow('REN1')).toBeUndefined();
      const employees = await client().call(ep.listEmployees, { query: { store_custom_id: 'REN2' } });
      expect(employees.list.map((e) => e.real_name)).toEqual(['Ana']);
    });

    it('keeps a seeded store\'s province and city names when their codes are not sent', async () => {
      await client().call(ep.updateStore, { body: { custom_id: 'MY001', telephone: '+60 3 2141 0000' } });
      expect(await storeRow('MY001')).toMatchObject({ province: 'Kuala Lumpur', city: 'Kuala Lumpur', telephone: '+60 3 2141 0000' });
    });

    it('accepts its own current name and store number (no change is no conflict)', async () => {
      await client().call(ep.updateStore, { body: { custom_id: 'SG002', name: 'Tampines Counter', new_custom_id: 'SG002' } });
      expect((await storeRow('SG002'))?.name).toBe('Tampines Counter');
    });

    it('a store number the merchant does not have is 400 naming custom_id (decision M-004)', async () => {
      const error = await failureOf(client().call(ep.updateStore, { body: { custom_id: 'NOPE1', name: 'x' } }));
      expect(error.code).toBe(400);
      expect(error.detail).toMatch(/^body\.custom_id/);
    });

    it('a name of another store is 11001; over 100 characters is 11000', async () => {
      expect(await codeOf(client().call(ep.updateStore, { body: { custom_id: 'SG002', name: 'Orchard Flagship' } }))).toBe(11001);
      expect(await codeOf(client().call(ep.updateStore, { body: { custom_id: 'SG002', name: 'n'.repeat(101) } }))).toBe(11000);
      expect((await storeRow('SG002'))?.name).toBe('Tampines Counter');
    });

    it('a new_custom_id of another store is 11028; a malformed one or custom_id is 11029', async () => {
      expect(await codeOf(client().call(ep.updateStore, { body: { custom_id: 'SG002', new_custom_id: 'SG001' } }))).toBe(11028);
      expect(await codeOf(client().call(ep.updateStore, { body: { custom_id: 'SG002', new_custom_id: 'SG-2' } }))).toBe(11029);
      expect(await codeOf(client().call(ep.updateStore, { body: { custom_id: 'SG_002' } }))).toBe(11029);
      expect(await storeRow('SG002')).toBeDefined();
    });

    it('an address over 100, a bad telephone and a foreign area_id are refused (400, 10010, 400)', async () => {
      expect(await codeOf(client().call(ep.updateStore, { body: { custom_id: 'SG002', address: 'a'.repeat(101) } }))).toBe(400);
      expect(await codeOf(client().call(ep.updateStore, { body: { custom_id: 'SG002', telephone: 'none' } }))).toBe(10010);
      expect(await codeOf(client().call(ep.updateStore, { body: { custom_id: 'SG002', area_id: await foreignAreaId() } }))).toBe(400);
      expect((await storeRow('SG002'))?.area_id).toBe((await areaIds())[0]);
    });
  });
});
