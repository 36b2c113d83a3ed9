import { Codes } from '../../../protocol/codes.ts';
import type { AccountStatusResponse, AccountUpdateResponse, EmployeeCreateResponse } from '../../../protocol/endpoints/merchant.ts';
import { AccountStatus, StoreStatus } from '../../../protocol/enums/index.ts';
import type { AccountStatusBody, AccountUpdateBody, EmployeeCreateBody } from '../../../protocol/open-api/index.ts';
import type { MerchantRow } from '../../auth/merchant-scope.ts';
import { hashPassword } from '../../auth/passwords.ts';
import type { Clock } from '../../clock.ts';
import { ApiError } from '../../http/api-error.ts';
import type { Db } from '../../storage/database.ts';
import { refuseTakenAccountName } from './account-rules.ts';
import { requireAccount, requireStore, type AccountRow } from './tenant-rows.ts';

/**
 * Employee accounts (specification: Create employee, Update account, Enable or disable
 * account, and the account row of States and transitions). Accounts are found by name within
 * the calling merchant only: another merchant's account is 11028 like a missing one (M-001).
 */
export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * Check order (decision M-013): the store (400 when unknown, M-004), the multi-account feature
   * (17002, M-005), the store's status (11026, M-009), the account name (10008/11009, M-003).
   */
  createEmployee(merchant: MerchantRow, body: EmployeeCreateBody): EmployeeCreateResponse {
    const passwordHash = hashPassword(body.password);
    const now = this.clock.now();
    return this.db.transaction((): EmployeeCreateResponse => {
      const store = requireStore(this.db, merchant.id, body.custom_id, 'custom_id');
      if (!merchant.multi_account && this.accountsOf(store.id) > 0) {
        throw new ApiError(Codes.MULTI_ACCOUNT_DISABLED, 'body.custom_id: this merchant has one account per store; the store has it already');
      }
      if (store.status === StoreStatus.DISABLED) {
        throw new ApiError(Codes.STORE_DISABLED, 'body.custom_id: the store is disabled; no employee can be added to it');
      }
      refuseTakenAccountName(this.db, merchant.id, body.username);
      const accountId = Number(
        this.db
          .prepare(
            `INSERT INTO accounts (merchant_id, store_id, username, password_hash, real_name, last_name, account_num,
                                   phone_cc, phone_number, email, is_manager, status, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`,
          )
          .run(
            merchant.id, store.id, body.username, passwordHash, body.real_name.trim(), body.last_name?.trim() ?? '',
            body.account_num ?? '', body.phone_cc === undefined ? '' : String(body.phone_cc), body.phone_number ?? '',
            body.email ?? '', AccountStatus.ENABLED, now,
          ).lastInsertRowid,
      );
      return { account_id: String(accountId), store_id: String(store.id), store_custom_id: store.custom_id };
    }).immediate();
  }

  /**
   * Changes the fields that are present. A new name must not be any other account's: 11009
   * wherever the holder is (the specification names only 11009 here, decision M-011).
   */
  updateAccount(merchantId: number, body: AccountUpdateBody): AccountUpdateResponse {
    const passwordHash = body.password === undefined ? undefined : hashPassword(body.password);
    return this.db.transaction((): AccountUpdateResponse => {
      const account = requireAccount(this.db, merchantId, body.username);
      const username = body.new_username ?? account.username;
      if (username !== account.username) {
        const holder = this.db.prepare('SELECT id FROM accounts WHERE username = ?').get(username) as { id: number } | undefined;
        if (holder) throw new ApiError(Codes.ACCOUNT_NAME_EXISTS, 'body.new_username: this account name is taken');
      }
      const next: AccountRow = {
        ...account,
        username,
        password_hash: passwordHash ?? account.password_hash,
        real_name: body.real_name?.trim() ?? account.real_name,
        last_name: body.last_name?.trim() ?? account.last_name,
        account_num: body.account_num ?? account.account_num,
        phone_cc: body.phone_cc === undefined ? account.phone_cc : String(body.phone_cc),
        phone_number: body.phone_number ?? account.phone_number,
        email: body.email ?? account.email,
      };
      this.db
        .prepare(
          `UPDATE accounts SET username = ?, password_hash = ?, real_name = ?, last_name = ?, account_num = ?,
                               phone_cc = ?, phone_number = ?, email = ?
           WHERE id = ? AND merchant_id = ?`,
        )
        .run(
          next.username, next.password_hash, next.real_name, next.last_name, next.account_num, next.phone_cc,
          next.phone_number, next.email, account.id, merchantId,
        );
      return { account_id: String(account.id), username };
    }).immediate();
  }

  /**
   * Enable (1) or disable (-1), specification: States and transitions. Enabling an account of
   * a disabled store is 11026; disabling is always allowed; setting the status an account
   * already has succeeds and changes nothing (decision M-010).
   */
  setStatus(merchantId: number, status: AccountStatus, body: AccountStatusBody): AccountStatusResponse {
    return this.db.transaction((): AccountStatusResponse => {
      const account = requireAccount(this.db, merchantId, body.username);
      if (status === AccountStatus.ENABLED) {
        const store = this.db.prepare('SELECT status FROM stores WHERE id = ? AND merchant_id = ?').get(account.store_id, merchantId) as { status: StoreStatus } | undefined;
        if (store?.status !== StoreStatus.NORMAL) {
          throw new ApiError(Codes.STORE_DISABLED, 'body.username: the account\'s store is disabled; enable the store first');
        }
      }
      this.db.prepare('UPDATE accounts SET status = ? WHERE id = ? AND merchant_id = ?').run(status, account.id, merchantId);
      return { account_id: String(account.id), username: account.username, status };
    }).immediate();
  }

  private accountsOf(storeId: number): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM accounts WHERE store_id = ?').get(storeId) as { n: number }).n;
  }
}
