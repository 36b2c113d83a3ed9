import { z } from 'zod';
import type { SignableValue } from '../signature.ts';
import { canonicalJson } from '../skin-api/task-util.ts';
import type { SourceType } from './pull-query.ts';
import {
  deviceM3DSchema,
  deviceMImageSchema,
  deviceVImagesSchema,
  reportItemDeviceMSchema,
  reportItemDeviceVSchema,
  reportItemMobileSchema,
  reportItemSdkSchema,
} from './report-items.ts';
import { userItemSchema } from './user-item.ts';

/**
 * Push events: the service POSTs JSON to the merchant's webhook (specification: Events). The
 * body has data_type, sig, sig_time and data; the receiver answers HTTP 200 with the plain-text
 * body `success`. action_type values and payload fields are not shown: decisions below.
 */
export const PUSH_SUCCESS_BODY = 'success';

/**
 * decision: action_type names what happened, `<data_type>.<event>`:
 * - user.created, user.updated: a consenting user was registered or changed (PushData_User);
 * - report.images: a capture's images are stored, before analysis (PushData_*_Image);
 * - report.3d: device M uploaded its 3D model (PushData_DeviceM_3D);
 * - report.created: the analysis result is stored (PushData_*_Report, images included, so a
 *   receiver may ignore report.images);
 * - test: the test call of the webhook settings (data {id}).
 * Report events also carry source_type, which picks the payload schema with action_type.
 */
export const ACTION_TYPES = ['user.created', 'user.updated', 'report.images', 'report.3d', 'report.created', 'test'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export const PUSH_DATA_TYPES = ['user', 'report', 'test'] as const;
export type PushDataType = (typeof PUSH_DATA_TYPES)[number];

/** Identity of the report an image or 3D event belongs to (same ids as the report item). */
const reportRef = {
  report_id: z.number().int(),
  merchant_id: z.number().int(),
  store_id: z.number().int(),
  store_custom_id: z.string(),
  user_id: z.number().int(),
  created_at: z.number().int(),
};

export const pushDataUserSchema = userItemSchema;
export const pushDataDeviceMReportSchema = reportItemDeviceMSchema;
export const pushDataDeviceMImageSchema = z.object({ ...reportRef, device_sn: z.string(), images: z.array(deviceMImageSchema) });
export const pushDataDeviceM3DSchema = z.object({ ...reportRef, device_sn: z.string(), model_3d: deviceM3DSchema });
export const pushDataDeviceVReportSchema = reportItemDeviceVSchema;
export const pushDataDeviceVImageSchema = z.object({ ...reportRef, device_sn: z.string(), images: deviceVImagesSchema });
export const pushDataSdkReportSchema = reportItemSdkSchema;
export const pushDataMobileReportSchema = reportItemMobileSchema;
export const pushDataTestSchema = z.object({ id: z.union([z.string(), z.number().int()]) });

export type PushData_User = z.infer<typeof pushDataUserSchema>;
export type PushData_DeviceM_Report = z.infer<typeof pushDataDeviceMReportSchema>;
export type PushData_DeviceM_Image = z.infer<typeof pushDataDeviceMImageSchema>;
export type PushData_DeviceM_3D = z.infer<typeof pushDataDeviceM3DSchema>;
export type PushData_DeviceV_Report = z.infer<typeof pushDataDeviceVReportSchema>;
export type PushData_DeviceV_Image = z.infer<typeof pushDataDeviceVImageSchema>;
export type PushData_SDK_Report = z.infer<typeof pushDataSdkReportSchema>;
export type PushData_Mobile_Report = z.infer<typeof pushDataMobileReportSchema>;
export type PushData_Test = z.infer<typeof pushDataTestSchema>;

/**
 * decision: every body also carries event_id, unique per event and the same on every
 * retry, so a receiver can drop the duplicates at-least-once delivery may bring. Optional in
 * the schema so a receiver still reads a service that does not send it.
 */
export const eventIdSchema = z.string().min(1).max(64);

const signed = { event_id: eventIdSchema.optional(), sig: z.string(), sig_time: z.number().int() };

function reportEvent<A extends ActionType, S extends readonly [SourceType, ...SourceType[]], D extends z.ZodType>(action: A, sources: S, data: D) {
  return z.object({ data_type: z.literal('report'), action_type: z.literal(action), source_type: z.enum(sources), ...signed, data });
}

/** Every push body, one variant per event kind of the specification's payload table. */
export const pushBodyVariants = {
  user: z.object({ data_type: z.literal('user'), action_type: z.enum(['user.created', 'user.updated']), ...signed, data: pushDataUserSchema }),
  deviceMReport: reportEvent('report.created', ['device'], pushDataDeviceMReportSchema),
  deviceMImage: reportEvent('report.images', ['device'], pushDataDeviceMImageSchema),
  deviceM3D: reportEvent('report.3d', ['device'], pushDataDeviceM3DSchema),
  deviceVReport: reportEvent('report.created', ['device20'], pushDataDeviceVReportSchema),
  deviceVImage: reportEvent('report.images', ['device20'], pushDataDeviceVImageSchema),
  sdkReport: reportEvent('report.created', ['sdk', 'pad'], pushDataSdkReportSchema),
  mobileReport: reportEvent('report.created', ['mobile', 'online'], pushDataMobileReportSchema),
  test: z.object({ data_type: z.literal('test'), action_type: z.literal('test').optional(), ...signed, data: pushDataTestSchema }),
} as const;

export const pushBodySchema = z.union([
  pushBodyVariants.user,
  pushBodyVariants.deviceMReport,
  pushBodyVariants.deviceMImage,
  pushBodyVariants.deviceM3D,
  pushBodyVariants.deviceVReport,
  pushBodyVariants.deviceVImage,
  pushBodyVariants.sdkReport,
  pushBodyVariants.mobileReport,
  pushBodyVariants.test,
]);
export type PushBody = z.infer<typeof pushBodySchema>;
export type PushKind = keyof typeof pushBodyVariants;

/** The variant of a (data_type, action_type, source_type) triple, or undefined when none exists. */
export function pushKindOf(dataType: string, actionType: string | undefined, sourceType?: string): PushKind | undefined {
  if (dataType === 'test') return 'test';
  if (dataType === 'user') return actionType === 'user.created' || actionType === 'user.updated' ? 'user' : undefined;
  if (dataType !== 'report') return undefined;
  const device = sourceType === 'device';
  const deviceV = sourceType === 'device20';
  switch (actionType) {
    case 'report.created':
      if (device) return 'deviceMReport';
      if (deviceV) return 'deviceVReport';
      if (sourceType === 'sdk' || sourceType === 'pad') return 'sdkReport';
      if (sourceType === 'mobile' || sourceType === 'online') return 'mobileReport';
      return undefined;
    case 'report.images':
      return device ? 'deviceMImage' : deviceV ? 'deviceVImage' : undefined;
    case 'report.3d':
      return device ? 'deviceM3D' : undefined;
    default:
      return undefined;
  }
}

/**
 * The parameters a push signature covers, for sign()/verifySignature() of signature.ts.
 * decision (with D-010): every top-level body field but sig; `data` enters as its canonical JSON
 * (keys sorted at every depth), so a receiver recomputes it from the parsed body.
 */
export function pushSignParams(body: {
  readonly event_id?: string | undefined;
  readonly data_type: string;
  readonly action_type?: string | undefined;
  readonly source_type?: string | undefined;
  readonly sig_time: number;
  readonly data: unknown;
}): Record<string, SignableValue | undefined> {
  return {
    event_id: body.event_id,
    data_type: body.data_type,
    action_type: body.action_type,
    source_type: body.source_type,
    sig_time: body.sig_time,
    data: canonicalJson(body.data),
  };
}

/**
 * decision: delivery. A 10 s timeout, no redirects followed, anything but HTTP 200 with body
 * exactly `success` is a failure, retried after these delays (each with +-20 % jitter, about
 * 22 hours in all) and then marked failed for an operator to redeliver. Ordering: per
 * merchant, events go out one at a time in the order they were created; an event is sent only
 * after every earlier event of its merchant was delivered or given up. A subscription failing
 * 100 attempts in a row is disabled until its settings are saved again.
 */
export const PUSH_DELIVERY = {
  timeoutMs: 10_000,
  retryDelaysSeconds: [60, 300, 900, 3600, 3 * 3600, 6 * 3600, 12 * 3600],
  disableAfterConsecutiveFailures: 100,
} as const;
