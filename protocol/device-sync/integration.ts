import { z } from 'zod';
import { httpUrl } from '../open-api/formats.ts';
import { pageQuerySchema } from '../open-api/paging.ts';
import { optionalQueryString } from '../open-api/query.ts';
import { eventIdSchema } from '../report-data/push.ts';

/**
 * The merchant's integration settings and its push deliveries (extension, docs/device-sync-api.md):
 * where the platform pushes events (specification: Events) and calls CRM search (Callback
 * endpoints), which app's secret signs those calls (D-010), and what became of each event.
 */
export const CALLBACK_URL_MAX = 2048;

export const integrationSettingsSchema = z.object({
  /** '' when none: then no events are recorded for the merchant. */
  webhook_url: z.string(),
  /** false after 100 failed attempts in a row (D-023) or when switched off; events wait meanwhile. */
  webhook_enabled: z.boolean(),
  /** Why the platform disabled the webhook; '' otherwise. */
  webhook_disabled_reason: z.string(),
  crm_url: z.string(),
  /** The app whose app_secret signs push and CRM calls; '' when none is set. */
  signing_app_id: z.string(),
});
export type IntegrationSettings = z.infer<typeof integrationSettingsSchema>;

const callbackUrl = z.union([z.literal(''), httpUrl(CALLBACK_URL_MAX)]);

/**
 * Only the fields sent change. decision: saving a webhook_url or setting
 * webhook_enabled true (re-)enables the webhook and clears its failure count. The signing app
 * is the one named in signing_app_id (an app of the merchant or a group-level app of its
 * group); when none was ever set, the calling app becomes it.
 */
export const integrationPatchSchema = z.object({
  webhook_url: callbackUrl.optional(),
  webhook_enabled: z.boolean().optional(),
  crm_url: callbackUrl.optional(),
  signing_app_id: z.string().min(1).max(64).optional(),
});
export type IntegrationPatch = z.infer<typeof integrationPatchSchema>;

/** POST /device_api/integration/webhook_test: one signed call with data_type test, now, not retried. */
export const webhookTestResponseSchema = z.object({
  /** True only for HTTP 200 with the body exactly `success`. */
  delivered: z.boolean(),
  event_id: z.string(),
  /** 0 when no answer came. */
  http_status: z.number().int(),
  /** '' when delivered; else what went wrong (timeout, status, body). */
  error: z.string(),
  duration_ms: z.number().int(),
});
export type WebhookTestResponse = z.infer<typeof webhookTestResponseSchema>;

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'suppressed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const deliveriesQuerySchema = pageQuerySchema.extend({
  status: optionalQueryString().pipe(z.enum(DELIVERY_STATUSES).optional()),
});
export type DeliveriesQuery = z.input<typeof deliveriesQuerySchema>;

export const deliveryItemSchema = z.object({
  event_id: z.string(),
  data_type: z.string(),
  action_type: z.string(),
  /** '' for user events. */
  source_type: z.string(),
  /**
   * pending (waiting or retrying), delivered, failed (retries exhausted; redeliver to try
   * again), suppressed (the user withdrew consent before it went out: never sent).
   */
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  last_http_status: z.number().int(),
  last_error: z.string(),
  /** Unix seconds; 0 when not applicable. */
  created_at: z.number().int(),
  next_attempt_at: z.number().int(),
  delivered_at: z.number().int(),
});
export type DeliveryItem = z.infer<typeof deliveryItemSchema>;

export const deliveriesResponseSchema = z.object({ list: z.array(deliveryItemSchema), total: z.number().int() });

/** Either event_ids (failed or delivered events) or all_failed: true. */
export const redeliverRequestSchema = z
  .object({ event_ids: z.array(eventIdSchema).min(1).max(100).optional(), all_failed: z.literal(true).optional() })
  .refine((body) => (body.event_ids === undefined) !== (body.all_failed === undefined), 'send either event_ids or all_failed: true');
export type RedeliverRequest = z.infer<typeof redeliverRequestSchema>;

export const redeliverResponseSchema = z.object({ redelivered: z.number().int() });
