import { Codes } from '../../../protocol/codes.ts';
import { ApiError, invalidParam } from '../../http/api-error.ts';
import type { AccountRow, StoreRow, TenantRepository } from './tenant-repository.ts';

export type { AccountRow, StoreRow } from './tenant-repository.ts';

/**
 * The lookups every tenant service shares, with the answers the specification gives when they
 * find nothing. The repository takes the merchant id everywhere, so another merchant's store or
 * account looks exactly like one that does not exist (decision M-001).
 */

/** The store a request names by store number, or 400 naming the field (decision M-004). */
export async function requireStore(rows: TenantRepository, merchantId: number, customId: string, field: string): Promise<StoreRow> {
  const store = await rows.findStore(merchantId, customId);
  if (!store) throw invalidParam(`body.${field}: no store with this store number`);
  return store;
}

/** The account a request names, or 11028 "account does not exist" (specification: States). */
export async function requireAccount(rows: TenantRepository, merchantId: number, username: string): Promise<AccountRow> {
  const account = await rows.findAccount(merchantId, username);
  if (!account) throw new ApiError(Codes.ACCOUNT_NOT_FOUND, 'body.username: no account with this name');
  return account;
}

/**
 * Where a login name is taken (account names are unique across the platform, migration 001).
 * 'merchant': an account of the calling merchant; 'elsewhere': any other merchant's.
 */
export async function accountNameOwner(rows: TenantRepository, merchantId: number, username: string): Promise<'merchant' | 'elsewhere' | null> {
  const holder = await rows.accountNameHolder(username);
  if (!holder) return null;
  return holder.merchant_id === merchantId ? 'merchant' : 'elsewhere';
}

/**
 * The region a store is placed in: the given one when it is a region of this merchant (else
 * 400, a foreign region id looks unknown), or the merchant's first region (specification:
 * Create store, area_id "defaults to the first region"; decision M-006).
 */
export async function resolveArea(rows: TenantRepository, merchantId: number, areaId: number | undefined): Promise<number | null> {
  if (areaId === undefined) return (await rows.firstAreaId(merchantId)) ?? null;
  const found = await rows.areaId(merchantId, areaId);
  if (found === undefined) throw invalidParam('body.area_id: not a region of this merchant');
  return found;
}
