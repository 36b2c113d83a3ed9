import type { FastifyInstance } from 'fastify';
import { tokenQuerySchema, type TokenResponse } from '../../protocol/token.ts';
import { parseInput } from '../http/validate.ts';
import type { PlatformServices } from '../services.ts';

/**
 * Both token endpoints (specification: Token endpoints). Decision D-006: they are one token
 * space: a token from either works on open_api and skin_api, and one app has one active token.
 */
export function registerTokenRoutes(app: FastifyInstance, services: PlatformServices): void {
  for (const url of ['/open_api/common/access_token', '/skin_api/common/access_token']) {
    app.get(url, async (request): Promise<TokenResponse> => {
      const query = parseInput(tokenQuerySchema, request.query, 'query');
      return services.tokens.issue(query.app_id, query.app_secret);
    });
  }
}
