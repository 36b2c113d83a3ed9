import { z } from 'zod';
import type { DimensionId } from '../enums/dimensions.ts';
import type { AlgorithmVariant, ApiCode, ApiPair, ImageKey, LightSource, MaskFormat } from './api-codes.ts';
import { algorithmVariantSchema, apiCodeSchema, maskFormatSchema } from './api-codes.ts';

/**
 * Body of POST /skin_api/analyze/task as a client writes it, standard and compatibility fields
 * (specification: POST /skin_api/analyze/task, Compatibility fields). The platform does not
 * parse the body with this schema: it calls normalizeTaskRequest (task-normalize.ts), which
 * applies the compatibility mapping and answers a specific code per failure kind.
 */
export const taskRequestSchema = z.object({
  api_code: apiCodeSchema,
  algorithm_variant: algorithmVariantSchema,
  /** Image key -> directly downloadable http(s) URL (the upload policy's resource_url). */
  resources: z.record(z.string(), z.string()).optional(),
  /** device_v only; omit or [] for all dimensions of the current order. */
  dimension_codes: z.array(z.string()).optional(),
  /** online_skin + all_race_v2 only. */
  output_options: z.object({ mask_format: maskFormatSchema.optional() }).optional(),
  /** Caller notes: not analysed, not returned; no passwords, tokens or personal data. */
  metadata: z.record(z.string(), z.unknown()).optional(),
  /** Compatibility: resources.front_image. */
  pic_url: z.string().optional(),
  /** Compatibility: resources, as an object or a JSON object string. */
  json: z.union([z.record(z.string(), z.string()), z.string()]).optional(),
  /** Compatibility: metadata. */
  custom: z.record(z.string(), z.unknown()).optional(),
  /** Compatibility: 1 annotation_image, 2 annotation_json. */
  detect_mask_type: z.literal([1, 2]).optional(),
  /** Compatibility: 1 one image, 2 three views; only checked against the images given. */
  detect_face_type: z.literal([1, 2]).optional(),
});
export type TaskRequest = z.input<typeof taskRequestSchema>;

/** response of a created task. */
export const taskCreateResponseSchema = z.object({ task_id: z.string().min(1) });
export type TaskCreateResponse = z.infer<typeof taskCreateResponseSchema>;

/** decision: metadata is at most 4 KiB of JSON, and holds no key that names a secret. */
export const METADATA_MAX_BYTES = 4096;

/** A request after the compatibility mapping and every image rule: what the platform stores and runs. */
export interface NormalizedTask {
  readonly api_code: ApiCode;
  readonly algorithm_variant: AlgorithmVariant;
  readonly pair: ApiPair;
  /** Only accepted keys, paralle_polar_* already renamed, every value an http(s) URL. */
  readonly resources: Readonly<Partial<Record<ImageKey, string>>>;
  /** 1 (front only) or 3 (front, left, right; always 3 for device_v). */
  readonly view_count: 1 | 3;
  /** device_v: white first, then each complete optional source in table order; [] otherwise. */
  readonly light_sources: readonly LightSource[];
  /** device_v: the requested dimensions, unique; [] means every dimension of the order. */
  readonly dimension_codes: readonly DimensionId[];
  /** online_skin + all_race_v2: the mask format (default annotation_image); null otherwise. */
  readonly output_options: { readonly mask_format: MaskFormat } | null;
  /** The caller's notes, or null. */
  readonly metadata: Readonly<Record<string, unknown>> | null;
}
