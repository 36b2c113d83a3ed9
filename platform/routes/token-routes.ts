import type { RateLimitOptions } from '@fastify/rate-limit';
import { tokenEndpoints } from '../../protocol/endpoints/token.ts';
import type { TokenService } from '../auth/token-service.ts';
import type { RouteKit } from './route-kit.ts';

export interface TokenRouteOptions {
  /** The limit of token issuance (D-052); false: none. */
  readonly rateLimit: RateLimitOptions | false;
  /** Called once per token issued (the metrics counter, D-053). */
  readonly onIssued?: () => void;
}

/**
 * Both token endpoints (specification: Token endpoints). Decision D-006: they are one token
 * space: a token from either works on open_api and skin_api, and one app has one active token.
 * Issuing revokes the previous token, so HEAD (GET without the body) would log the integration
 * out and hand the new token to no one: these are GET only, HEAD is 405 (D-031).
 */
export function registerTokenRoutes(kit: RouteKit, tokens: TokenService, options: TokenRouteOptions): void {
  for (const ep of [tokenEndpoints.openApiAccessToken, tokenEndpoints.skinApiAccessToken]) {
    kit.route(ep, { public: 'issues the token: app_id and app_secret are the credential', exposeHeadRoute: false, rateLimit: options.rateLimit }, async ({ query }) => {
      const issued = await tokens.issue(query.app_id, query.app_secret);
      options.onIssued?.();
      return issued;
    });
  }
}
