import type { FastifyRequest } from 'fastify';
import { ACCESS_TOKEN_HEADER, MERCHANT_ID_HEADER } from '../protocol/token.ts';
import type { AuthContext } from './auth/token-service.ts';
import { TokenService } from './auth/token-service.ts';
import { resolveMerchant, type MerchantRow } from './auth/merchant-scope.ts';
import type { Clock } from './clock.ts';
import type { PlatformConfig } from './config.ts';
import type { Db } from './storage/database.ts';

/** What route modules are given: configuration, time, storage and the services over them. */
export interface PlatformServices {
  readonly config: PlatformConfig;
  readonly clock: Clock;
  readonly db: Db;
  readonly tokens: TokenService;
}

export function createServices(config: PlatformConfig, clock: Clock, db: Db): PlatformServices {
  return { config, clock, db, tokens: new TokenService(db, clock) };
}

/** The token of a request: `access-token` (open_api) and `Access-Token` (skin_api) are one header. */
export function authenticate(services: PlatformServices, request: FastifyRequest): AuthContext {
  const header = request.headers[ACCESS_TOKEN_HEADER];
  return services.tokens.authenticate(Array.isArray(header) ? header[0] : header);
}

/** Authenticates and resolves the merchant the call acts on. */
export function authenticateMerchant(services: PlatformServices, request: FastifyRequest): { auth: AuthContext; merchant: MerchantRow } {
  const auth = authenticate(services, request);
  return { auth, merchant: resolveMerchant(services.db, auth, request.headers[MERCHANT_ID_HEADER]) };
}
