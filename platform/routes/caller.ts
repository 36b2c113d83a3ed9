import type { FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import type { Region } from '../../protocol/regions.ts';
import { ACCESS_TOKEN_HEADER, MERCHANT_ID_HEADER } from '../../protocol/token.ts';
import { keptMerchant, requireRegion, resolveMerchant, type MerchantScope } from '../auth/merchant-scope.ts';
import type { MerchantScopes } from '../auth/merchant-scopes.ts';
import type { AuthContext, TokenService } from '../auth/token-service.ts';

/** The caller of an endpoint with `auth: 'token'`: proven by its access token. */
export interface TokenCaller {
  readonly auth: AuthContext;
}

/**
 * The caller of a merchant-scoped endpoint: the token, and the merchant the call acts on (its
 * scope only, kept for a second: D-071; a route needing its settings reads its row).
 */
export interface MerchantCaller extends TokenCaller {
  readonly merchant: MerchantScope;
}

/** What authentication needs: the token store, the merchants and this instance's region. */
export interface CallerLookup {
  readonly tokens: TokenService;
  readonly merchants: MerchantScopes;
  readonly region: Region;
}

/** The token of a request: `access-token` (open_api) and `Access-Token` (skin_api) are one header. */
export async function tokenCaller(lookup: CallerLookup, request: FastifyRequest): Promise<TokenCaller> {
  const header = request.headers[ACCESS_TOKEN_HEADER];
  return { auth: await lookup.tokens.authenticate(Array.isArray(header) ? header[0] : header) };
}

/**
 * Authenticates and resolves the merchant the call acts on, which must belong to this instance's
 * region: "a request sent to the wrong region is rejected" (specification, Regions and
 * addresses), with 44099 as on the upload policy (D-008).
 */
export async function merchantCaller(lookup: CallerLookup, request: FastifyRequest): Promise<MerchantCaller> {
  const { auth } = await tokenCaller(lookup, request);
  const merchant = await resolveMerchant(lookup.merchants, auth, request.headers[MERCHANT_ID_HEADER]);
  requireRegion(merchant, lookup.region);
  return { auth, merchant };
}

/**
 * merchantCaller's answer when everything it reads is kept (token holder and merchant scope,
 * D-071) and it would not refuse: no database read, no promise. Undefined otherwise, and then
 * the request takes the whole way, which reads what is missing or answers the refusal (D-084).
 */
export function keptMerchantCaller(lookup: CallerLookup, headers: IncomingHttpHeaders): MerchantCaller | undefined {
  const header = headers[ACCESS_TOKEN_HEADER];
  const auth = lookup.tokens.authenticateKept(Array.isArray(header) ? header[0] : header);
  if (auth === undefined) return undefined;
  const merchant = keptMerchant(lookup.merchants, auth, headers[MERCHANT_ID_HEADER]);
  if (merchant === undefined || merchant.region !== lookup.region) return undefined;
  return { auth, merchant };
}
