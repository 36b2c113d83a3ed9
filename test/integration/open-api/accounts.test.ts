import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantEndpoints as ep } from '../../../protocol/endpoints/merchant.ts';
import { verifyPassword } from '../../../platform/auth/passwords.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { codeOf, employeeBody, failureOf, storeBody } from '../../helpers/open-api.ts';

interface AccountDbRow { id: number; store_id: number; merchant_id: number; username: string; password_hash: string; real_name: string; last_name: string; account_num: string; phone_cc: string; phone_number: string; email: string; is_manager: number; status: number }

/** Specification: Create employee, Update account, Enable or disable account, States and transitions. */
describe('employees and accounts', () => {
  let tp: TestPlatform;
  beforeAll(async () => {
    tp = await startTestPlatform();
  });
  afterAll(async () => {
    await tp.stop();
  });

  const client = () => tp.client(tp.app('primary'));
  const db = () => tp.platform.services.sql;
  const account = (username: string) => db().one<AccountDbRow>('SELECT * FROM accounts WHERE username = ?', [username]);
  const accountCount = async () => (await db().one<{ n: number }>('SELECT COUNT(*) AS n FROM accounts'))?.n;

  async function expectEmployeeRefused(body: Record<string, unknown>, code: number, via = client()): Promise<void> {
    const before = await accountCount();
    const error = await failureOf(via.call(ep.createEmployee, { body: body as ReturnType<typeof employeeBody> }));
    expect(error.code, error.message).toBe(code);
    expect(await accountCount()).toBe(before);
  }

  describe('POST /open_api/merchant/employees', () => {
    it('creates an enabled employee account in the store, listed under it', async () => {
      const body = employeeBody('SG002', 'A1');
      const res = await client().call(ep.createEmployee, { body });
      const row = await account('emp_a1');
      expect(res).toEqual({ account_id: String(row?.id), store_id: String(row?.store_id), store_custom_id: 'SG002' });
      expect(row).toMatchObject({
        real_name: 'Ravi', last_name: 'Kumar', account_num: 'S-17', phone_cc: '65', phone_number: '81234567', email: 'ravi@example.com',
        is_manager: 0, status: 1, merchant_id: Number(tp.app('primary').merchant_id),
      });
      expect(verifyPassword('Str0ng#pass', row?.password_hash ?? '')).toBe(true);
      const listed = await client().call(ep.listEmployees, { query: { store_custom_id: 'SG002' } });
      expect(listed.list.map((e) => e.id)).toContain(res.account_id);
    });

    it('accepts the required fields only', async () => {
      await client().call(ep.createEmployee, { body: { custom_id: 'SG002', username: 'emp_min', password: 'Str0ng#pass', real_name: 'Min' } });
      expect(await account('emp_min')).toMatchObject({ last_name: '', account_num: '', phone_cc: '', phone_number: '', email: '', status: 1 });
    });

    it('a name of an account of this merchant is 10008 (decision M-003)', async () => {
      await expectEmployeeRefused({ ...employeeBody('SG002'), username: 'orchard_staff' }, 10008);
    });

    it("a name of another merchant's account is 11009 (decision M-003)", async () => {
      await expectEmployeeRefused({ ...employeeBody('SG002'), username: 'central_manager' }, 11009);
      await expectEmployeeRefused({ ...employeeBody('SG002'), username: 'jingan_manager' }, 11009);
    });

    it('a merchant without the multi-account feature gets 17002 for a store that has its account', async () => {
      const second = tp.client(tp.app('second'));
      await expectEmployeeRefused(employeeBody('HK001'), 17002, second);
    });

    it('a merchant without the multi-account feature may give a store without accounts its first one (decision M-005)', async () => {
      const merchantId = Number(tp.app('second').merchant_id);
      await db().run("INSERT INTO stores (merchant_id, custom_id, name, created_at) VALUES (?, 'HK900', 'Empty store', 0)", [merchantId]);
      const second = tp.client(tp.app('second'));
      await second.call(ep.createEmployee, { body: employeeBody('HK900', 'FIRST') });
      expect((await account('emp_first'))?.merchant_id).toBe(merchantId);
      await expectEmployeeRefused(employeeBody('HK900'), 17002, second);
    });

    it('a disabled store is 11026 (decision M-009)', async () => {
      await expectEmployeeRefused(employeeBody('SG009'), 11026);
    });

    it('a store number the merchant does not have is 400; a malformed one is 11029', async () => {
      await expectEmployeeRefused(employeeBody('ZZ404'), 400);
      await expectEmployeeRefused(employeeBody('SG 002'), 11029);
    });

    it('username format 11008, password format 11010, phone 10010', async () => {
      await expectEmployeeRefused({ ...employeeBody('SG002'), username: 'no' }, 11008);
      await expectEmployeeRefused({ ...employeeBody('SG002'), password: 'password' }, 11010);
      await expectEmployeeRefused({ ...employeeBody('SG002'), phone_number: '12ab' }, 10010);
      await expectEmployeeRefused({ ...employeeBody('SG002'), phone_cc: -1 }, 10010);
    });

    it('real_name missing or over 18, last_name over 18, account_num over 20 are 400', async () => {
      const { real_name: _r, ...noName } = employeeBody('SG002');
      await expectEmployeeRefused(noName, 400);
      await expectEmployeeRefused({ ...employeeBody('SG002'), real_name: 'r'.repeat(19) }, 400);
      await expectEmployeeRefused({ ...employeeBody('SG002'), last_name: 'l'.repeat(19) }, 400);
      await expectEmployeeRefused({ ...employeeBody('SG002'), account_num: 'n'.repeat(21) }, 400);
      await client().call(ep.createEmployee, { body: { ...employeeBody('SG002'), real_name: 'r'.repeat(18), account_num: 'n'.repeat(20) } });
    });
  });

  describe('PATCH /open_api/merchant/account', () => {
    it('changes the fields given, including the password, and keeps the others', async () => {
      await client().call(ep.createEmployee, { body: employeeBody('SG001', 'U1') });
      const res = await client().call(ep.updateAccount, {
        body: { username: 'emp_u1', password: 'N3w#password', real_name: 'Ravi S', last_name: '', account_num: 'S-18', phone_cc: '60', phone_number: 60123456, email: 'r@example.org' },
      });
      expect(res).toEqual({ account_id: String((await account('emp_u1'))?.id), username: 'emp_u1' });
      const row = await account('emp_u1');
      expect(row).toMatchObject({ real_name: 'Ravi S', last_name: '', account_num: 'S-18', phone_cc: '60', phone_number: '60123456', email: 'r@example.org', status: 1 });
      expect(verifyPassword('N3w#password', row?.password_hash ?? '')).toBe(true);
      await client().call(ep.updateAccount, { body: { username: 'emp_u1', email: 'only@example.org' } });
      expect(await account('emp_u1')).toMatchObject({ real_name: 'Ravi S', account_num: 'S-18', email: 'only@example.org' });
      expect(verifyPassword('N3w#password', (await account('emp_u1'))?.password_hash ?? '')).toBe(true);
    });

    it('renames with new_username; the old name then does not exist (11028)', async () => {
      await client().call(ep.createEmployee, { body: employeeBody('SG001', 'R1') });
      const id = (await account('emp_r1'))?.id;
      expect((await client().call(ep.updateAccount, { body: { username: 'emp_r1', new_username: 'emp_r1_new' } })).username).toBe('emp_r1_new');
      expect((await account('emp_r1_new'))?.id).toBe(id);
      expect(await codeOf(client().call(ep.updateAccount, { body: { username: 'emp_r1', real_name: 'x' } }))).toBe(11028);
    });

    it('a new_username held by any other account is 11009; its own name is accepted', async () => {
      expect(await codeOf(client().call(ep.updateAccount, { body: { username: 'orchard_staff', new_username: 'tampines_manager' } }))).toBe(11009);
      expect(await codeOf(client().call(ep.updateAccount, { body: { username: 'orchard_staff', new_username: 'central_manager' } }))).toBe(11009);
      await client().call(ep.updateAccount, { body: { username: 'orchard_staff', new_username: 'orchard_staff' } });
      expect((await account('orchard_staff'))?.real_name).toBe('Arun');
    });

    it('an account that does not exist is 11028', async () => {
      expect(await codeOf(client().call(ep.updateAccount, { body: { username: 'nobody_here', real_name: 'x' } }))).toBe(11028);
    });

    it('new_username format 11008, password format 11010, phone 10010, real_name over 18 is 400', async () => {
      const cases: [Record<string, unknown>, number][] = [
        [{ new_username: 'a b' }, 11008],
        [{ password: 'abc' }, 11010],
        [{ phone_number: 'x' }, 10010],
        [{ real_name: 'r'.repeat(19) }, 400],
        [{ account_num: 'n'.repeat(21) }, 400],
      ];
      for (const [change, code] of cases) {
        const body = { username: 'orchard_staff', ...change } as { username: string };
        expect(await codeOf(client().call(ep.updateAccount, { body })), JSON.stringify(change)).toBe(code);
      }
      expect(await account('orchard_staff')).toMatchObject({ real_name: 'Arun', account_num: '', phone_number: '' });
    });

    it('a missing username is 400', async () => {
      expect(await codeOf(client().call(ep.updateAccount, { body: { real_name: 'x' } as unknown as { username: string } }))).toBe(400);
    });
  });

  describe('PATCH /open_api/merchant/account_status/{status}', () => {
    it('-1 disables and 1 enables; the employee list shows the status', async () => {
      await client().call(ep.createEmployee, { body: employeeBody('SG001', 'S1') });
      const off = await client().call(ep.setAccountStatus, { params: { status: -1 }, body: { username: 'emp_s1' } });
      expect(off).toEqual({ account_id: String((await account('emp_s1'))?.id), username: 'emp_s1', status: -1 });
      expect((await account('emp_s1'))?.status).toBe(-1);
      const listed = await client().call(ep.listEmployees, { query: { store_custom_id: 'SG001', count: 100 } });
      expect(listed.list.find((e) => e.id === off.account_id)?.status).toBe(-1);
      expect((await client().call(ep.setAccountStatus, { params: { status: 1 }, body: { username: 'emp_s1' } })).status).toBe(1);
      expect((await account('emp_s1'))?.status).toBe(1);
    });

    it('setting the status an account already has succeeds and changes nothing (decision M-010)', async () => {
      await client().call(ep.setAccountStatus, { params: { status: 1 }, body: { username: 'orchard_staff' } });
      await client().call(ep.setAccountStatus, { params: { status: -1 }, body: { username: 'orchard_former' } });
      expect([(await account('orchard_staff'))?.status, (await account('orchard_former'))?.status]).toEqual([1, -1]);
    });

    it('enabling an account of a disabled store is 11026; disabling it is allowed', async () => {
      await db().run("UPDATE accounts SET status = -1 WHERE username = 'jurong_manager'");
      expect(await codeOf(client().call(ep.setAccountStatus, { params: { status: 1 }, body: { username: 'jurong_manager' } }))).toBe(11026);
      expect((await account('jurong_manager'))?.status).toBe(-1);
      await db().run("UPDATE accounts SET status = 1 WHERE username = 'jurong_manager'");
      await client().call(ep.setAccountStatus, { params: { status: -1 }, body: { username: 'jurong_manager' } });
      expect((await account('jurong_manager'))?.status).toBe(-1);
    });

    it('an account that does not exist is 11028 for both statuses', async () => {
      for (const status of [1, -1]) {
        expect(await codeOf(client().call(ep.setAccountStatus, { params: { status }, body: { username: 'nobody_here' } }))).toBe(11028);
      }
    });

    it('a status other than 1 or -1 in the path is 400 naming params.status', async () => {
      for (const status of [0, 2, 'on', '01']) {
        const error = await failureOf(client().call(ep.setAccountStatus, { params: { status }, body: { username: 'orchard_staff' } }));
        expect(error.code, String(status)).toBe(400);
        expect(error.detail).toMatch(/^params\.status/);
      }
      expect((await account('orchard_staff'))?.status).toBe(1);
    });

    it('a missing or non-string username is 400', async () => {
      expect(await codeOf(client().call(ep.setAccountStatus, { params: { status: -1 }, body: {} as { username: string } }))).toBe(400);
      expect(await codeOf(client().call(ep.setAccountStatus, { params: { status: -1 }, body: { username: 42 } as unknown as { username: string } }))).toBe(400);
    });
  });

  it('a store created through the API gets an enabled manager that can be disabled and enabled', async () => {
    await client().call(ep.createStore, { body: storeBody('ACC1') });
    await client().call(ep.setAccountStatus, { params: { status: -1 }, body: { username: 'mgr_acc1' } });
    await client().call(ep.setAccountStatus, { params: { status: 1 }, body: { username: 'mgr_acc1' } });
    expect(await account('mgr_acc1')).toMatchObject({ is_manager: 1, status: 1 });
  });
});
