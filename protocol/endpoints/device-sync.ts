import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { crmSearchQuerySchema, crmSearchResponseSchema } from '../device-sync/crm-search.ts';
import {
  deliveriesQuerySchema,
  deliveriesResponseSchema,
  integrationPatchSchema,
  integrationSettingsSchema,
  redeliverRequestSchema,
  redeliverResponseSchema,
  webhookTestResponseSchema,
} from '../device-sync/integration.ts';
import { deletionRequestSchema, deletionResponseSchema } from '../device-sync/deletions.ts';
import { deviceReportRequestSchema, deviceReportResponseSchema } from '../device-sync/reports.ts';
import { standingRequestSchema, standingResponseSchema } from '../device-sync/standing.ts';
import { reportPageSchema, SHARED_REPORT_PATH, sharedLinkQuerySchema } from '../device-sync/shared-links.ts';
import { deviceUserRequestSchema, deviceUserResponseSchema } from '../device-sync/users.ts';

/**
 * The device sync extension (docs/device-sync-api.md). Not in the specification, so it lives
 * under its own prefix and changes no specified endpoint. Token auth like skin_api; with a
 * group-level token the merchant-id header names the merchant.
 */
export const DEVICE_API_PREFIX = '/device_api';

export const deviceSyncEndpoints = {
  syncUser: endpoint({
    method: 'POST', path: `${DEVICE_API_PREFIX}/users`, auth: 'token', merchantScoped: true, enveloped: true,
    body: deviceUserRequestSchema, response: deviceUserResponseSchema,
  }),
  submitReport: endpoint({
    method: 'POST', path: `${DEVICE_API_PREFIX}/reports`, auth: 'token', merchantScoped: true, enveloped: true,
    body: deviceReportRequestSchema, response: deviceReportResponseSchema,
  }),
  deleteData: endpoint({
    method: 'POST', path: `${DEVICE_API_PREFIX}/deletions`, auth: 'token', merchantScoped: true, enveloped: true,
    body: deletionRequestSchema, response: deletionResponseSchema,
  }),
  /** Where a customer's analysis stands among the merchant's customers of their age band (D-066). */
  standing: endpoint({
    method: 'POST', path: `${DEVICE_API_PREFIX}/standing`, auth: 'token', merchantScoped: true, enveloped: true,
    body: standingRequestSchema, response: standingResponseSchema,
  }),
  crmSearch: endpoint({
    method: 'GET', path: `${DEVICE_API_PREFIX}/crm/search`, auth: 'token', merchantScoped: true, enveloped: true,
    query: crmSearchQuerySchema, response: crmSearchResponseSchema,
  }),
  integration: endpoint({
    method: 'GET', path: `${DEVICE_API_PREFIX}/integration`, auth: 'token', merchantScoped: true, enveloped: true,
    response: integrationSettingsSchema,
  }),
  updateIntegration: endpoint({
    method: 'PATCH', path: `${DEVICE_API_PREFIX}/integration`, auth: 'token', merchantScoped: true, enveloped: true,
    body: integrationPatchSchema, response: integrationSettingsSchema,
  }),
  webhookTest: endpoint({
    method: 'POST', path: `${DEVICE_API_PREFIX}/integration/webhook_test`, auth: 'token', merchantScoped: true, enveloped: true,
    body: z.object({}).optional(), response: webhookTestResponseSchema,
  }),
  deliveries: endpoint({
    method: 'GET', path: `${DEVICE_API_PREFIX}/deliveries`, auth: 'token', merchantScoped: true, enveloped: true,
    query: deliveriesQuerySchema, response: deliveriesResponseSchema,
  }),
  redeliver: endpoint({
    method: 'POST', path: `${DEVICE_API_PREFIX}/deliveries/redeliver`, auth: 'token', merchantScoped: true, enveloped: true,
    body: redeliverRequestSchema, response: redeliverResponseSchema,
  }),
} as const;

/** The customer's report page: no token, a signed expiring link. */
export const sharedLinkEndpoints = {
  reportPage: endpoint({
    method: 'GET', path: `${SHARED_REPORT_PATH}/{key}`, auth: 'none', merchantScoped: false, enveloped: true,
    params: z.object({ key: z.string() }), query: sharedLinkQuerySchema, response: reportPageSchema,
  }),
} as const;
