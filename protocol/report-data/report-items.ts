import { z } from 'zod';
import type { DeviceVImageKey } from '../skin-api/api-codes.ts';
import { DEVICE_V_IMAGE_KEYS, lightSourceSchema, maskFormatSchema, viewSchema } from '../skin-api/api-codes.ts';
import { dimensionResultSchema, notMeasuredSchema } from '../skin-api/task-result.ts';
import type { SourceType } from './pull-query.ts';
import { missingCase } from '../../common/missing-case.ts';

/**
 * Report items of the pull endpoint (data_type=report), one schema per source_type family
 * (specification: Report items): device -> ReportItem_DeviceM, device20 -> ReportItem_DeviceV,
 * sdk/pad -> ReportItem_SDK, mobile/online -> ReportItem_Mobile. Their fields are not shown;
 * decision: every item shares the identity fields below (named and typed like the user item),
 * the dimensions of the analysis result, and its images; file URLs are valid 24 hours
 * (specification: Data rules), so consumers copy the files. Since D-033 an item also lists the
 * dimensions the analysis could not measure (`not_measured`), and a dimension may carry `caveats`,
 * exactly as in the task result; every earlier field is unchanged.
 */

/** A dimension of a report: the task result's finding plus its level name in English. */
export const reportDimensionSchema = dimensionResultSchema.extend({ level_name: z.string() });
export type ReportDimension = z.infer<typeof reportDimensionSchema>;

const reportBase = {
  /** Unique under one merchant id and one source type (specification: Data rules). */
  id: z.number().int(),
  merchant_id: z.number().int(),
  store_id: z.number().int(),
  store_custom_id: z.string(),
  /** The user item's id (same merchant). */
  user_id: z.number().int(),
  user_custom_id: z.string(),
  /** Employee account that ran the capture; 0 when none. */
  account_id: z.number().int(),
  /** Unix seconds of the capture. */
  created_at: z.number().int(),
  dimensions: z.array(reportDimensionSchema),
  /** 0 to 100, the mean of the dimension scores. */
  overall_score: z.number().min(0).max(100),
  skin_age: z.number().int().min(0).max(150).optional(),
  /**
   * decision (D-033): the requested dimensions the analysis could not measure, with the reason
   * code and an English detail, as in the task result; they have no entry in `dimensions` and
   * are not in `overall_score`. Reports stored before D-033 give [] (and a consumer reading an
   * item without the field does too).
   */
  not_measured: z.array(notMeasuredSchema).default([]),
  /**
   * Extension: an expiring read-only page of the report for the customer's phone; '' when
   * none was made.
   */
  report_url: z.string(),
};

export const deviceVImageKeySchema = z.enum(DEVICE_V_IMAGE_KEYS as [DeviceVImageKey, ...DeviceVImageKey[]]);

/** device_v images: image key (light x view) -> URL; the white set is always there. */
export const deviceVImagesSchema = z.partialRecord(deviceVImageKeySchema, z.string());

/** ReportItem_DeviceV (source_type device20): the multi-light device of this repository. */
export const reportItemDeviceVSchema = z.object({
  ...reportBase,
  source_type: z.literal('device20'),
  task_id: z.string(),
  api_code: z.literal('device_v'),
  algorithm_variant: z.enum(['standard', 'partition']),
  /** Light sources captured, white first. */
  light_sources: z.array(lightSourceSchema),
  images: deviceVImagesSchema,
  mask_format: maskFormatSchema,
  /** Serial number of the device that captured. */
  device_sn: z.string(),
});
export type ReportItemDeviceV = z.infer<typeof reportItemDeviceVSchema>;

/**
 * An image of the older device M: `spectrum` names its light/processing channel (e.g. rgb,
 * cross_polar, uv, brown, red), free text because the device defines it.
 */
export const deviceMImageSchema = z.object({ view: viewSchema, spectrum: z.string(), url: z.string() });
export type DeviceMImage = z.infer<typeof deviceMImageSchema>;

/** The 3D face model of device M. */
export const deviceM3DSchema = z.object({
  format: z.enum(['obj', 'glb', 'ply']),
  url: z.string(),
  texture_url: z.string(),
});
export type DeviceM3D = z.infer<typeof deviceM3DSchema>;

/** ReportItem_DeviceM (source_type device). */
export const reportItemDeviceMSchema = z.object({
  ...reportBase,
  source_type: z.literal('device'),
  device_sn: z.string(),
  images: z.array(deviceMImageSchema),
  /** null until the device has uploaded its model. */
  model_3d: deviceM3DSchema.nullable(),
});
export type ReportItemDeviceM = z.infer<typeof reportItemDeviceMSchema>;

/** front_image and, for three-view captures, left_image and right_image. */
export const viewImagesSchema = z.object({
  front_image: z.string(),
  left_image: z.string().optional(),
  right_image: z.string().optional(),
});
export type ViewImages = z.infer<typeof viewImagesSchema>;

const singleCameraShape = {
  ...reportBase,
  task_id: z.string(),
  api_code: z.literal('online_skin'),
  algorithm_variant: z.enum(['standard', 'all_race', 'all_race_v2']),
  images: viewImagesSchema,
  mask_format: maskFormatSchema,
};

/**
 * ReportItem_SDK (source_type sdk or pad): an integrator's app, or a tablet-style unit with one
 * camera, which is what a single-camera kiosk is (R-020: the kiosk's single-camera sessions are
 * pad reports; device20 is kept for the multi-light device).
 */
export const reportItemSdkSchema = z.object({
  ...singleCameraShape,
  source_type: z.enum(['sdk', 'pad']),
  /** The app that ran the analysis (the integrating app, or the kiosk's app credentials). */
  app_id: z.string(),
  /** Serial number of the capturing unit (pad); '' when the source has none (an sdk app). */
  device_sn: z.string(),
});
export type ReportItemSdk = z.infer<typeof reportItemSdkSchema>;

/** ReportItem_Mobile (source_type mobile or online): a customer's phone or a web page. */
export const reportItemMobileSchema = z.object({
  ...singleCameraShape,
  source_type: z.enum(['mobile', 'online']),
  /** Where the capture came from, e.g. a mini-program or web campaign name; '' when unknown. */
  channel: z.string(),
});
export type ReportItemMobile = z.infer<typeof reportItemMobileSchema>;

export type ReportItem = ReportItemDeviceV | ReportItemDeviceM | ReportItemSdk | ReportItemMobile;

/** The specification's schema names. */
export type ReportItem_DeviceV = ReportItemDeviceV;
export type ReportItem_DeviceM = ReportItemDeviceM;
export type ReportItem_SDK = ReportItemSdk;
export type ReportItem_Mobile = ReportItemMobile;

/** The item schema of a source type (specification: Report items). */
export function reportItemSchemaFor(sourceType: SourceType) {
  switch (sourceType) {
    case 'device':
      return reportItemDeviceMSchema;
    case 'device20':
      return reportItemDeviceVSchema;
    case 'sdk':
    case 'pad':
      return reportItemSdkSchema;
    case 'mobile':
    case 'online':
      return reportItemMobileSchema;
    default:
      return missingCase(sourceType, 'source_type');
  }
}
