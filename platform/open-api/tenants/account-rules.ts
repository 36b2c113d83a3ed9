import { Codes } from '../../../protocol/codes.ts';
import { ApiError } from '../../http/api-error.ts';
import type { TenantRepository } from './tenant-repository.ts';
import { accountNameOwner } from './tenant-rows.ts';

/**
 * The account-name rule of the two creates (store manager, employee), decision M-003:
 * account names are login names, unique across the platform. A name already used by an
 * account of the calling merchant is 10008 "store account already exists" (the merchant's own
 * data: typically a retried create); a name used by another merchant's account is 11009
 * "account name already exists", which says only that the name is taken, not by whom.
 */
export async function refuseTakenAccountName(rows: TenantRepository, merchantId: number, username: string): Promise<void> {
  const owner = await accountNameOwner(rows, merchantId, username);
  if (owner === 'merchant') throw new ApiError(Codes.STORE_ACCOUNT_EXISTS, 'body.username: this merchant already has an account with this name');
  if (owner === 'elsewhere') throw new ApiError(Codes.ACCOUNT_NAME_EXISTS, 'body.username: this account name is taken');
}
