import { Codes } from '../../../protocol/codes.ts';
import type { AccountStatusResponse, AccountUpdateResponse, EmployeeCreateResponse } from '../../../protocol/endpoints/merchant.ts';
import { AccountStatus, StoreStatus } from '../../../protocol/enums/index.ts';
import type { AccountStatusBody, AccountUpdateBody, EmployeeCreateBody } from '../../../protocol/open-api/index.ts';
import { MerchantRepository } from '../../auth/merchant-repository.ts';
import type { MerchantScope } from '../../auth/merchant-scope.ts';
import { hashPassword } from '../../auth/passwords.ts';
import type { Clock } from '../../clock.ts';
import { ApiError } from '../../http/api-error.ts';
import type { SqlDatabase } from '../../storage/sql.ts';
import { refuseTakenAccountName } from './account-rules.ts';
import { TenantRepository } from './tenant-repository.ts';
import { requireAccount, requireStore } from './tenant-rows.ts';

/**
 * Employee accounts (specification: Create employee, Update account, Enable or disable
 * account, and the account row of States and transitions). Accounts are found by name within
 * the calling merchant only: another merchant's account is 11028 like a missing one (M-001).
 * Each write checks and writes in one transaction, so two concurrent calls cannot both pass.
 */
export class AccountService {
  constructor(
    private readonly sql: SqlDatabase,
    private readonly clock: Clock,
  ) {}

  /**
   * Check order (decision M-013): the store (400 when unknown, M-004), the multi-account feature
   * (17002, M-005), the store's status (11026, M-009), the account name (10008/11009, M-003).
   */
  async createEmployee(merchant: MerchantScope, body: EmployeeCreateBody): Promise<EmployeeCreateResponse> {
    const passwordHash = hashPassword(body.password);
    const now = this.clock.now();
    return this.sql.transaction(async (tx): Promise<EmployeeCreateResponse> => {
      const rows = new TenantRepository(tx);
      const store = await requireStore(rows, merchant.id, body.custom_id, 'custom_id');
      // The setting as stored now: the request's merchant is its scope only (D-071).
      const multiAccount = (await new MerchantRepository(tx).findById(merchant.id))?.multi_account ?? 0;
      if (!multiAccount && (await rows.accountsOfStore(store.id)) > 0) {
        throw new ApiError(Codes.MULTI_ACCOUNT_DISABLED, 'body.custom_id: this merchant has one account per store; the store has it already');
      }
      if (store.status === StoreStatus.DISABLED) {
        throw new ApiError(Codes.STORE_DISABLED, 'body.custom_id: the store is disabled; no employee can be added to it');
      }
      await refuseTakenAccountName(rows, merchant.id, body.username);
      const accountId = await rows.insertAccount({
        merchant_id: merchant.id, store_id: store.id, username: body.username, password_hash: passwordHash,
        real_name: body.real_name.trim(), last_name: body.last_name?.trim() ?? '', account_num: body.account_num ?? '',
        phone_cc: body.phone_cc === undefined ? '' : String(body.phone_cc), phone_number: body.phone_number ?? '',
        email: body.email ?? '', is_manager: 0, status: AccountStatus.ENABLED, created_at: now,
      });
      return { account_id: String(accountId), store_id: String(store.id), store_custom_id: store.custom_id };
    });
  }

  /**
   * Changes the fields that are present. A new name must not be any other account's: 11009
   * wherever the holder is (the specification names only 11009 here, decision M-011).
   */
  async updateAccount(merchantId: number, body: AccountUpdateBody): Promise<AccountUpdateResponse> {
    const passwordHash = body.password === undefined ? undefined : hashPassword(body.password);
    return this.sql.transaction(async (tx): Promise<AccountUpdateResponse> => {
      const rows = new TenantRepository(tx);
      const account = await requireAccount(rows, merchantId, body.username);
      const username = body.new_username ?? account.username;
      if (username !== account.username && (await rows.accountNameHolder(username))) {
        throw new ApiError(Codes.ACCOUNT_NAME_EXISTS, 'body.new_username: this account name is taken');
      }
      await rows.updateAccount(merchantId, account.id, {
        username,
        password_hash: passwordHash ?? account.password_hash,
        real_name: body.real_name?.trim() ?? account.real_name,
        last_name: body.last_name?.trim() ?? account.last_name,
        account_num: body.account_num ?? account.account_num,
        phone_cc: body.phone_cc === undefined ? account.phone_cc : String(body.phone_cc),
        phone_number: body.phone_number ?? account.phone_number,
        email: body.email ?? account.email,
      });
      return { account_id: String(account.id), username };
    });
  }

  /**
   * Enable (1) or disable (-1), specification: States and transitions. Enabling an account of
   * a disabled store is 11026; disabling is always allowed; setting the status an account
   * already has succeeds and changes nothing (decision M-010).
   */
  setStatus(merchantId: number, status: AccountStatus, body: AccountStatusBody): Promise<AccountStatusResponse> {
    return this.sql.transaction(async (tx): Promise<AccountStatusResponse> => {
      const rows = new TenantRepository(tx);
      const account = await requireAccount(rows, merchantId, body.username);
      if (status === AccountStatus.ENABLED && (await rows.storeStatus(merchantId, account.store_id)) !== StoreStatus.NORMAL) {
        throw new ApiError(Codes.STORE_DISABLED, 'body.username: the account\'s store is disabled; enable the store first');
      }
      await rows.setAccountStatus(merchantId, account.id, status);
      return { account_id: String(account.id), username: account.username, status };
    });
  }
}
