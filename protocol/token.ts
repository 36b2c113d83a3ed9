import { z } from 'zod';

/** Access tokens live 7200 seconds (specification: Authentication, Limits). */
export const TOKEN_TTL_SECONDS = 7200;

/** Query of GET /open_api/common/access_token and GET /skin_api/common/access_token. */
export const tokenQuerySchema = z.object({
  app_id: z.string().min(1).max(64),
  app_secret: z.string().min(1).max(128),
});
export type TokenQuery = z.infer<typeof tokenQuerySchema>;

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  expire: z.number().int(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** Header names: open_api reads `access-token`, skin_api `Access-Token`; HTTP headers are case-insensitive. */
export const ACCESS_TOKEN_HEADER = 'access-token';
export const MERCHANT_ID_HEADER = 'merchant-id';
