import { endpoint } from '../endpoint.ts';
import { pullQuerySchema } from '../report-data/pull-query.ts';
import { pullResponseSchema } from '../report-data/pull-response.ts';

/**
 * Specification: Report data pull. No token: app_id, sig_time and sig in the query. The items
 * depend on data_type and source_type; callers narrow them with pullUserResponseSchema or
 * pullReportResponseSchema(sourceType).
 */
export const reportDataEndpoints = {
  pull: endpoint({
    method: 'GET', path: '/data/lists.json', auth: 'none', merchantScoped: false, enveloped: true,
    query: pullQuerySchema, response: pullResponseSchema,
  }),
} as const;
