import { z } from 'zod';
import { storeNumberSchema } from '../open-api/formats.ts';
import { deviceVImageKeySchema } from '../report-data/report-items.ts';
import { deviceVImageKey, VIEWS } from '../skin-api/api-codes.ts';
import { isMissing } from '../open-api/validation.ts';
import { isHttpResourceUrl } from '../skin-api/task-util.ts';
import { clientIdSchema } from './users.ts';

/**
 * POST /device_api/reports (extension, docs/device-sync-api.md): the kiosk submits the report
 * of a capture session once its analysis task succeeded. The result is taken from the platform's
 * own task record, never from the kiosk, so a report cannot carry scores the analysis
 * did not produce. Reports never change: a retry with the same client_report_id and the same
 * content answers as before, other content is refused (46201).
 *
 * Two sources: device20, the multi-light device (a device_v task, ReportItem_DeviceV),
 * and pad, the single-camera kiosk (an online_skin task, ReportItem_SDK).
 */
export const DEVICE_REPORT_SOURCE_TYPES = ['device20', 'pad'] as const;
export type DeviceReportSourceType = (typeof DEVICE_REPORT_SOURCE_TYPES)[number];

/** The analysis each source type's report is made from. */
export const REPORT_API_CODE = { device20: 'device_v', pad: 'online_skin' } as const satisfies Record<DeviceReportSourceType, string>;

const WHITE_KEYS = VIEWS.map((view) => deviceVImageKey('white', view));
const resourceUrl = z.string().refine(isHttpResourceUrl, 'an http(s) resource_url');

const reportRequestBase = {
  client_report_id: clientIdSchema,
  /** The customer, by the kiosk's id of POST /device_api/users. */
  client_user_id: clientIdSchema,
  store_custom_id: storeNumberSchema,
  account_id: z.number().int().min(0).default(0),
  device_sn: z.string().regex(/^[\x21-\x7e]{1,64}$/, '1 to 64 visible ASCII characters'),
  /** The session's analysis task (device_v for device20, online_skin for pad); it must have succeeded. */
  task_id: z.string().max(64).refine((id) => !isMissing(id), 'required'),
  /** Unix seconds of the capture. */
  created_at: z.number().int().min(0),
};

export const deviceReportRequestSchema = z.discriminatedUnion('source_type', [
  z.object({
    ...reportRequestBase,
    /** The multi-light device (ReportItem_DeviceV). */
    source_type: z.literal('device20'),
    /** Image key -> resource_url of an upload of this merchant; the white set is required. */
    images: z
      .partialRecord(deviceVImageKeySchema, resourceUrl)
      .refine((images) => WHITE_KEYS.every((key) => images[key] !== undefined), `${WHITE_KEYS.join(', ')} are required`),
  }),
  z.object({
    ...reportRequestBase,
    /** The single-camera kiosk (ReportItem_SDK): a store tablet-style unit with one camera. */
    source_type: z.literal('pad'),
    /** front_image, and left_image with right_image for three-view captures. */
    images: z
      .object({ front_image: resourceUrl, left_image: resourceUrl.optional(), right_image: resourceUrl.optional() })
      .strict()
      .refine((images) => (images.left_image === undefined) === (images.right_image === undefined), 'left_image and right_image come together'),
  }),
]);
export type DeviceReportRequest = z.input<typeof deviceReportRequestSchema>;
export type DeviceReport = z.output<typeof deviceReportRequestSchema>;

export const deviceReportResponseSchema = z.object({
  client_report_id: z.string(),
  /** The report item's id: unique under the merchant and source_type. */
  report_id: z.number().int(),
  source_type: z.enum(DEVICE_REPORT_SOURCE_TYPES),
  /** The user item's id. */
  user_id: z.number().int(),
  created_at: z.number().int(),
  /** The customer's read-only page (signed, expiring; see shared-links.ts). */
  report_url: z.string(),
  /** Unix seconds after which report_url no longer opens. */
  report_url_expires_at: z.number().int(),
});
export type DeviceReportResponse = z.infer<typeof deviceReportResponseSchema>;
