import type { AccountStatus, StoreBusinessType, StoreStatus } from '../../../protocol/enums/index.ts';
import { Codes } from '../../../protocol/codes.ts';
import { ApiError, invalidParam } from '../../http/api-error.ts';
import type { Db } from '../../storage/database.ts';

/**
 * Rows of the tenancy tables (migration 001) and the lookups every tenant service shares.
 * Every lookup takes the merchant id: a store or account of another merchant is never found,
 * so it looks exactly like one that does not exist (decision M-001).
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
  is_manager: number;
  status: AccountStatus;
  created_at: number;
}

export function findStore(db: Db, merchantId: number, customId: string): StoreRow | undefined {
  return db.prepare('SELECT * FROM stores WHERE merchant_id = ? AND custom_id = ?').get(merchantId, customId) as StoreRow | undefined;
}

/** The store a request names by store number, or 400 naming the field (decision M-004). */
export function requireStore(db: Db, merchantId: number, customId: string, field: string): StoreRow {
  const store = findStore(db, merchantId, customId);
  if (!store) throw invalidParam(`body.${field}: no store with this store number`);
  return store;
}

export function findAccount(db: Db, merchantId: number, username: string): AccountRow | undefined {
  return db.prepare('SELECT * FROM accounts WHERE merchant_id = ? AND username = ?').get(merchantId, username) as AccountRow | undefined;
}

/** The account a request names, or 11028 "account does not exist" (specification: States). */
export function requireAccount(db: Db, merchantId: number, username: string): AccountRow {
  const account = findAccount(db, merchantId, username);
  if (!account) throw new ApiError(Codes.ACCOUNT_NOT_FOUND, 'body.username: no account with this name');
  return account;
}

/**
 * Where a login name is taken (account names are unique across the platform, migration 001).
 * 'merchant': an account of the calling merchant; 'elsewhere': any other merchant's.
 */
export function accountNameOwner(db: Db, merchantId: number, username: string): 'merchant' | 'elsewhere' | null {
  const row = db.prepare('SELECT merchant_id FROM accounts WHERE username = ?').get(username) as { merchant_id: number } | undefined;
  if (!row) return null;
  return row.merchant_id === merchantId ? 'merchant' : 'elsewhere';
}

/**
 * The region a store is placed in: the given one when it is a region of this merchant (else
 * 400, a foreign region id looks unknown), or the merchant's first region (specification:
 * Create store, area_id "defaults to the first region"; decision M-006).
 */
export function resolveArea(db: Db, merchantId: number, areaId: number | undefined): number | null {
  if (areaId === undefined) {
    const first = db.prepare('SELECT id FROM areas WHERE merchant_id = ? ORDER BY id LIMIT 1').get(merchantId) as { id: number } | undefined;
    return first?.id ?? null;
  }
  const found = db.prepare('SELECT id FROM areas WHERE merchant_id = ? AND id = ?').get(merchantId, areaId) as { id: number } | undefined;
  if (!found) throw invalidParam('body.area_id: not a region of this merchant');
  return found.id;
}
