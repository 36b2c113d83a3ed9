import { Codes } from '../../protocol/codes.ts';
import type { Region } from '../../protocol/regions.ts';
import { ApiError, invalidParam } from '../http/api-error.ts';
import type { MerchantScope } from './merchant-repository.ts';
import type { MerchantScopes } from './merchant-scopes.ts';
import type { AuthContext } from './token-service.ts';

export type { MerchantRow, MerchantScope } from './merchant-repository.ts';

/**
 * The merchant a call acts on (specification: Authentication 2). A merchant token acts on its
 * own merchant; a group token names one of its group's merchants in the merchant-id header.
 * A foreign or unknown merchant id gets the same answer, so ids of other tenants are not probed.
 */
export async function resolveMerchant(
  merchants: MerchantScopes,
  auth: AuthContext,
  merchantIdHeader: string | string[] | undefined,
): Promise<MerchantScope> {
  const merchantId = merchantIdOf(auth, merchantIdHeader);
  const merchant = await merchants.findInGroup(merchantId, auth.groupId);
  if (!merchant) throw invalidParam('headers.merchant-id: not a merchant of this group');
  return merchant;
}

/**
 * resolveMerchant's answer when the merchant's scope is kept (D-071), with no read and no
 * promise; undefined when resolveMerchant would read the database or refuse (D-084).
 */
export function keptMerchant(merchants: MerchantScopes, auth: AuthContext, merchantIdHeader: string | string[] | undefined): MerchantScope | undefined {
  let merchantId: number;
  try {
    merchantId = merchantIdOf(auth, merchantIdHeader);
  } catch {
    return undefined;
  }
  return merchants.keptInGroup(merchantId, auth.groupId);
}

/** The id of the merchant a call acts on, as its token and merchant-id header name it; a bad header throws. */
function merchantIdOf(auth: AuthContext, merchantIdHeader: string | string[] | undefined): number {
  const header = Array.isArray(merchantIdHeader) ? merchantIdHeader[0] : merchantIdHeader;
  if (auth.level === 'merchant') {
    const merchantId = auth.merchantId as number;
    if (header !== undefined && header !== '' && header !== String(merchantId)) {
      throw invalidParam('headers.merchant-id: does not match the merchant of this token');
    }
    return merchantId;
  }
  if (header === undefined || header === '') throw invalidParam('headers.merchant-id: required with a group-level token');
  if (!/^\d{1,15}$/.test(header)) throw invalidParam('headers.merchant-id: must be a merchant id');
  return Number(header);
}

/** Group operations (listing merchants) need a group-level token. */
export function requireGroupToken(auth: AuthContext): void {
  if (auth.level !== 'group') throw invalidParam('access-token: this operation needs a group-level token');
}

/** One instance serves one region; a merchant of the other region is sent to its own (44099). */
export function requireRegion(merchant: MerchantScope, instanceRegion: Region): void {
  if (merchant.region !== instanceRegion) {
    throw new ApiError(Codes.REGION_MISMATCH, `merchant region is ${merchant.region}; this service is ${instanceRegion}`);
  }
}
