import type { FastifyInstance } from 'fastify';
import { tokenQuerySchema, type TokenResponse } from '../../protocol/token.ts';
import { parseInput } from '../http/validate.ts';
import type { PlatformServices } from '../services.ts';

/**
 * Both token endpoints (specification: Token endpoints). Decision D-006: they are one token
 * space: a token from either works on open_api and skin_api, and one app has one active token.
 * Issuing revokes the previous token, so HEAD (GET without the body) would log the integration
 * out and hand the new token to no one: these are GET only, HEAD is 405 (D-031).
 */
export function registerTokenRoutes(app: FastifyInstance, services: PlatformServices): void {
  for (const url of ['/open_api/common/access_token', '/skin_api/common/access_token']) {
    app.get(url, { exposeHeadRoute: false }, async (request): Promise<TokenResponse> => {
      const query = parseInput(tokenQuerySchema, request.query, 'query');
      return services.tokens.issue(query.app_id, query.app_secret);
    });
  }
}
