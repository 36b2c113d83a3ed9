import { endpoint } from '../endpoint.ts';
import { tokenQuerySchema, tokenResponseSchema } from '../token.ts';

/** Specification: Token endpoints. */
export const tokenEndpoints = {
  openApiAccessToken: endpoint({
    method: 'GET', path: '/open_api/common/access_token', auth: 'none', merchantScoped: false, enveloped: true,
    query: tokenQuerySchema, response: tokenResponseSchema,
  }),
  skinApiAccessToken: endpoint({
    method: 'GET', path: '/skin_api/common/access_token', auth: 'none', merchantScoped: false, enveloped: true,
    query: tokenQuerySchema, response: tokenResponseSchema,
  }),
} as const;
