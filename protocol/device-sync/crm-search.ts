import type { z } from 'zod';
import { crmAnswerSchema, crmQuerySchema } from '../report-data/crm.ts';

/**
 * GET /device_api/crm/search (extension): the kiosk's customer search. The platform signs the
 * query (D-010), calls the merchant's CRM (specification: Callback endpoints, CRM search) within
 * its 5-second deadline, checks the answer and relays it unchanged. Refusals: 46301 not
 * configured, 40057 over the deadline, 46302 an answer of the wrong shape, 46303 unreachable or
 * not HTTP 200 (protocol/report-data/codes.ts).
 */
export const crmSearchQuerySchema = crmQuerySchema.omit({ sig: true, sig_time: true });
export type CrmSearchQuery = z.input<typeof crmSearchQuerySchema>;

export const crmSearchResponseSchema = crmAnswerSchema;
export type CrmSearchResponse = z.infer<typeof crmSearchResponseSchema>;
