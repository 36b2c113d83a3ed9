import type { AccountStatus, StoreBusinessType, StoreStatus } from '../../../protocol/enums/index.ts';
import { idOf } from '../../auth/merchant-repository.ts';
import type { SqlExecutor, SqlValue } from '../../storage/sql.ts';

/**
 * Rows of the tenancy tables (migration 001). Every query takes the merchant id: a store or
 * account of another merchant is never found, so it looks exactly like one that does not exist
 * (decision M-001). Account names are the one thing unique across merchants (login names).
 */
export interface StoreRow {
  id: number;
  merchant_id: number;
  custom_id: string;
  name: string;
  telephone: string;
  area_id: number | null;
  province_code: string;
  city_code: string;
  province: string;
  city: string;
  address: string;
  status: StoreStatus;
  business_type: StoreBusinessType;
  created_at: number;
}

export interface AccountRow {
  id: number;
  merchant_id: number;
  store_id: number;
  username: string;
  password_hash: string;
  real_name: string;
  last_name: string;
  account_num: string;
  phone_cc: string;
  phone_number: string;
  email: string;
  sso_account: string;
  /** 0/1 flag. */
  is_manager: number;
  status: AccountStatus;
  created_at: number;
}

export type NewStore = Omit<StoreRow, 'id'>;
export type StoreChanges = Pick<StoreRow, 'custom_id' | 'name' | 'telephone' | 'area_id' | 'province_code' | 'city_code' | 'province' | 'city' | 'address'>;
export type NewAccount = Omit<AccountRow, 'id' | 'sso_account'>;
export type AccountChanges = Pick<AccountRow, 'username' | 'password_hash' | 'real_name' | 'last_name' | 'account_num' | 'phone_cc' | 'phone_number' | 'email'>;

export interface StoreListRow {
  id: number;
  name: string;
  province: string;
  city: string;
  address: string;
  status: StoreStatus;
  business_type: StoreBusinessType;
  custom_id: string;
}

export interface EmployeeListRow {
  id: number;
  store_id: number;
  store_custom_id: string;
  store_status: StoreStatus;
  account_num: string;
  last_name: string;
  real_name: string;
  phone_cc: string;
  phone_number: string;
  email: string;
  sso_account: string;
  status: AccountStatus;
}

export interface AreaRow {
  id: number;
  name: string;
  remark: string;
}

/** One page of a list and the list's total. */
export interface Page<T> {
  rows: T[];
  total: number;
}

/** Which page: 1-based page number and page size, as the list queries take them. */
export interface PageRequest {
  readonly page: number;
  readonly count: number;
}

const STORE_COLUMNS =
  'id, merchant_id, custom_id, name, telephone, area_id, province_code, city_code, province, city, address, status, business_type, created_at';
const ACCOUNT_COLUMNS =
  'id, merchant_id, store_id, username, password_hash, real_name, last_name, account_num, phone_cc, phone_number, email, sso_account, is_manager, status, created_at';
const EMPLOYEES_FROM = 'FROM accounts a JOIN stores s ON s.id = a.store_id AND s.merchant_id = a.merchant_id WHERE a.merchant_id = ?';

/** Stores, their accounts and the merchant's regions (areas): the merchant data of issue 5. */
export class TenantRepository {
  constructor(private readonly db: SqlExecutor) {}

  findStore(merchantId: number, customId: string): Promise<StoreRow | undefined> {
    return this.db.one<StoreRow>(`SELECT ${STORE_COLUMNS} FROM stores WHERE merchant_id = ? AND custom_id = ?`, [merchantId, customId]);
  }

  async storeIdByName(merchantId: number, name: string): Promise<number | undefined> {
    return (await this.db.one<{ id: number }>('SELECT id FROM stores WHERE merchant_id = ? AND name = ?', [merchantId, name]))?.id;
  }

  async storeStatus(merchantId: number, storeId: number): Promise<StoreStatus | undefined> {
    return (await this.db.one<{ status: StoreStatus }>('SELECT status FROM stores WHERE id = ? AND merchant_id = ?', [storeId, merchantId]))?.status;
  }

  async insertStore(store: NewStore): Promise<number> {
    const row = await this.db.one<{ id: number }>(
      `INSERT INTO stores (merchant_id, custom_id, name, telephone, area_id, province_code, city_code, province, city,
                           address, status, business_type, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      [
        store.merchant_id, store.custom_id, store.name, store.telephone, store.area_id, store.province_code, store.city_code,
        store.province, store.city, store.address, store.status, store.business_type, store.created_at,
      ],
    );
    return idOf(row);
  }

  async updateStore(merchantId: number, storeId: number, changes: StoreChanges): Promise<void> {
    await this.db.run(
      `UPDATE stores SET custom_id = ?, name = ?, telephone = ?, area_id = ?, province_code = ?, city_code = ?,
                         province = ?, city = ?, address = ?
       WHERE id = ? AND merchant_id = ?`,
      [
        changes.custom_id, changes.name, changes.telephone, changes.area_id, changes.province_code, changes.city_code,
        changes.province, changes.city, changes.address, storeId, merchantId,
      ],
    );
  }

  findAccount(merchantId: number, username: string): Promise<AccountRow | undefined> {
    return this.db.one<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE merchant_id = ? AND username = ?`, [merchantId, username]);
  }

  /** The merchant holding a login name, whichever merchant it is (names are platform-wide). */
  accountNameHolder(username: string): Promise<{ id: number; merchant_id: number } | undefined> {
    return this.db.one<{ id: number; merchant_id: number }>('SELECT id, merchant_id FROM accounts WHERE username = ?', [username]);
  }

  async accountsOfStore(storeId: number): Promise<number> {
    return (await this.db.one<{ n: number }>('SELECT COUNT(*) AS n FROM accounts WHERE store_id = ?', [storeId]))?.n ?? 0;
  }

  async insertAccount(account: NewAccount): Promise<number> {
    const row = await this.db.one<{ id: number }>(
      `INSERT INTO accounts (merchant_id, store_id, username, password_hash, real_name, last_name, account_num,
                             phone_cc, phone_number, email, is_manager, status, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      [
        account.merchant_id, account.store_id, account.username, account.password_hash, account.real_name, account.last_name,
        account.account_num, account.phone_cc, account.phone_number, account.email, account.is_manager, account.status, account.created_at,
      ],
    );
    return idOf(row);
  }

  async updateAccount(merchantId: number, accountId: number, changes: AccountChanges): Promise<void> {
    await this.db.run(
      `UPDATE accounts SET username = ?, password_hash = ?, real_name = ?, last_name = ?, account_num = ?,
                           phone_cc = ?, phone_number = ?, email = ?
       WHERE id = ? AND merchant_id = ?`,
      [
        changes.username, changes.password_hash, changes.real_name, changes.last_name, changes.account_num, changes.phone_cc,
        changes.phone_number, changes.email, accountId, merchantId,
      ],
    );
  }

  async setAccountStatus(merchantId: number, accountId: number, status: AccountStatus): Promise<void> {
    await this.db.run('UPDATE accounts SET status = ? WHERE id = ? AND merchant_id = ?', [status, accountId, merchantId]);
  }

  async firstAreaId(merchantId: number): Promise<number | undefined> {
    return (await this.db.one<{ id: number }>('SELECT id FROM areas WHERE merchant_id = ? ORDER BY id LIMIT 1', [merchantId]))?.id;
  }

  async areaId(merchantId: number, areaId: number): Promise<number | undefined> {
    return (await this.db.one<{ id: number }>('SELECT id FROM areas WHERE merchant_id = ? AND id = ?', [merchantId, areaId]))?.id;
  }

  async insertArea(merchantId: number, name: string, remark: string): Promise<number> {
    return idOf(await this.db.one<{ id: number }>('INSERT INTO areas (merchant_id, name, remark) VALUES (?, ?, ?) RETURNING id', [merchantId, name, remark]));
  }

  /** Pages are ordered by id, so they stay stable while rows are added (decision M-014). */
  pageOfStores(merchantId: number, page: PageRequest): Promise<Page<StoreListRow>> {
    return this.page('FROM stores WHERE merchant_id = ?', 'SELECT id, name, province, city, address, status, business_type, custom_id', 'id', [merchantId], page);
  }

  /** Accounts of the merchant, optionally of the store with this store number. */
  pageOfEmployees(merchantId: number, storeCustomId: string | undefined, page: PageRequest): Promise<Page<EmployeeListRow>> {
    const from = storeCustomId === undefined ? EMPLOYEES_FROM : `${EMPLOYEES_FROM} AND s.custom_id = ?`;
    const params = storeCustomId === undefined ? [merchantId] : [merchantId, storeCustomId];
    return this.page(
      from,
      `SELECT a.id, a.store_id, s.custom_id AS store_custom_id, s.status AS store_status, a.account_num, a.last_name,
              a.real_name, a.phone_cc, a.phone_number, a.email, a.sso_account, a.status`,
      'a.id',
      params,
      page,
    );
  }

  pageOfAreas(merchantId: number, page: PageRequest): Promise<Page<AreaRow>> {
    return this.page('FROM areas WHERE merchant_id = ?', 'SELECT id, name, remark', 'id', [merchantId], page);
  }

  /**
   * The total, then the page. Run on a transaction so the two agree. A page past the end is an
   * empty list with the total; its offset is then never bound (page may be up to 15 digits, an
   * offset past what an integer parameter holds).
   */
  private async page<T>(from: string, select: string, orderBy: string, params: SqlValue[], page: PageRequest): Promise<Page<T>> {
    const total = (await this.db.one<{ n: number }>(`SELECT COUNT(*) AS n ${from}`, params))?.n ?? 0;
    const offset = (page.page - 1) * page.count;
    if (offset >= total) return { rows: [], total };
    const rows = await this.db.all<T>(`${select} ${from} ORDER BY ${orderBy} LIMIT ? OFFSET ?`, [...params, page.count, offset]);
    return { rows, total };
  }
}
