import type { MerchantRepository, MerchantScope } from './merchant-repository.ts';
import { TtlCache } from '../ttl-cache.ts';

/**
 * How long a merchant's scope read from the database is trusted (D-071). The platform never
 * changes a merchant's id, group or region; the bound is for an operator who does so by hand.
 */
export const MERCHANT_SCOPE_CACHE_MS = 1000;
const MERCHANT_SCOPE_CACHE_SIZE = 10_000;

/**
 * The scope of the merchant a request acts on, by merchant and group (D-071): one primary-key
 * read per merchant and second instead of one per request. Only the columns that never change
 * are kept; a route that needs the merchant's settings (languages, multi-account) reads its row.
 */
export class MerchantScopes {
  readonly #kept: TtlCache<string, MerchantScope>;

  constructor(
    private readonly merchants: MerchantRepository,
    options: { readonly cacheMs?: number } = {},
  ) {
    this.#kept = new TtlCache(options.cacheMs ?? MERCHANT_SCOPE_CACHE_MS, MERCHANT_SCOPE_CACHE_SIZE);
  }

  /** The merchant with this id when it belongs to the group; a foreign one is not found. */
  findInGroup(merchantId: number, groupId: number): Promise<MerchantScope | undefined> {
    return this.#kept.getOrLoad(keyOf(merchantId, groupId), () => this.merchants.findScopeInGroup(merchantId, groupId));
  }

  /** findInGroup's answer while it is kept, with no read; undefined when it is not (D-084). */
  keptInGroup(merchantId: number, groupId: number): MerchantScope | undefined {
    return this.#kept.get(keyOf(merchantId, groupId));
  }
}

function keyOf(merchantId: number, groupId: number): string {
  return `${groupId}:${merchantId}`;
}
