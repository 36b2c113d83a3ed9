import { z } from 'zod';
import { missingCase } from '../../common/missing-case.ts';

/**
 * The capability table of POST /skin_api/analyze/task (specification: Supported pairs, Image
 * resource rules). One task selects exactly one api_code plus algorithm_variant pair; the pair
 * decides which image keys are accepted, whether dimension_codes and output_options apply, and
 * how quota is counted.
 */
export const API_CODES = ['device_v', 'online_skin', 'face_pose_correction', 'facial_analysis'] as const;
export type ApiCode = (typeof API_CODES)[number];
export const apiCodeSchema = z.enum(API_CODES);

export const ALGORITHM_VARIANTS = ['standard', 'partition', 'all_race', 'all_race_v2'] as const;
export type AlgorithmVariant = (typeof ALGORITHM_VARIANTS)[number];
export const algorithmVariantSchema = z.enum(ALGORITHM_VARIANTS);

/** The three views of a capture. */
export const VIEWS = ['front', 'left', 'right'] as const;
export type View = (typeof VIEWS)[number];
export const viewSchema = z.enum(VIEWS);

/** Light sources of the multi-light device, white first (the required one). */
export const LIGHT_SOURCES = ['white', 'white_glow', 'cross_polar', 'parallel_polar', 'uv'] as const;
export type LightSource = (typeof LIGHT_SOURCES)[number];
export const lightSourceSchema = z.enum(LIGHT_SOURCES);

/** Optional device_v light sources: all three views or none (rule 2). */
export const OPTIONAL_LIGHT_SOURCES = ['white_glow', 'cross_polar', 'parallel_polar', 'uv'] as const satisfies readonly LightSource[];
/** These need a complete cross_polar set too (rule 2). */
export const LIGHTS_NEEDING_CROSS_POLAR = ['parallel_polar', 'uv'] as const satisfies readonly LightSource[];

/** A device_v image key: `${light}_${view}_image`, e.g. white_front_image, uv_left_image. */
export type DeviceVImageKey = `${LightSource}_${View}_image`;
export function deviceVImageKey(light: LightSource, view: View): DeviceVImageKey {
  return `${light}_${view}_image`;
}
export const DEVICE_V_IMAGE_KEYS: readonly DeviceVImageKey[] = LIGHT_SOURCES.flatMap((light) => VIEWS.map((view) => deviceVImageKey(light, view)));

/** Image keys of single-image and three-view capabilities. */
export type ViewImageKey = `${View}_image`;
export const VIEW_IMAGE_KEYS: readonly ViewImageKey[] = ['front_image', 'left_image', 'right_image'];
export type ImageKey = DeviceVImageKey | ViewImageKey;

/** output_options.mask_format; annotation_image is the default (specification: output_options). */
export const MASK_FORMATS = ['annotation_image', 'annotation_json'] as const;
export type MaskFormat = (typeof MASK_FORMATS)[number];
export const maskFormatSchema = z.enum(MASK_FORMATS);
export const DEFAULT_MASK_FORMAT: MaskFormat = 'annotation_image';

/**
 * Which images a pair takes: `device_v` (light x view keys, white set required), `front` (only
 * front_image) or `front_or_three_views` (front_image alone, or front/left/right complete).
 */
export type ImageLayout = 'device_v' | 'front' | 'front_or_three_views';

/** Quota: one unit consumed on success only, or none (a valid Skin API order is still needed). */
export type QuotaRule = 'unit_on_success' | 'order_only';

export interface ApiPair {
  readonly api_code: ApiCode;
  readonly algorithm_variant: AlgorithmVariant;
  readonly images: ImageLayout;
  readonly dimensionCodes: boolean;
  readonly outputOptions: boolean;
  readonly quota: QuotaRule;
}

function pair(
  api_code: ApiCode,
  algorithm_variant: AlgorithmVariant,
  images: ImageLayout,
  quota: QuotaRule,
  extras: { dimensionCodes?: boolean; outputOptions?: boolean } = {},
): ApiPair {
  return { api_code, algorithm_variant, images, quota, dimensionCodes: extras.dimensionCodes ?? false, outputOptions: extras.outputOptions ?? false };
}

/** The ten supported pairs, as the specification's table lists them. */
export const API_PAIRS: readonly ApiPair[] = [
  pair('device_v', 'standard', 'device_v', 'unit_on_success', { dimensionCodes: true }),
  pair('device_v', 'partition', 'device_v', 'unit_on_success', { dimensionCodes: true }),
  pair('online_skin', 'standard', 'front', 'unit_on_success'),
  pair('online_skin', 'all_race', 'front', 'unit_on_success'),
  pair('online_skin', 'all_race_v2', 'front_or_three_views', 'unit_on_success', { outputOptions: true }),
  pair('face_pose_correction', 'standard', 'front', 'order_only'),
  pair('face_pose_correction', 'all_race', 'front', 'order_only'),
  pair('face_pose_correction', 'all_race_v2', 'front_or_three_views', 'order_only'),
  pair('facial_analysis', 'standard', 'front', 'order_only'),
  pair('facial_analysis', 'all_race', 'front', 'order_only'),
];

export function findPair(apiCode: string, algorithmVariant: string): ApiPair | undefined {
  return API_PAIRS.find((p) => p.api_code === apiCode && p.algorithm_variant === algorithmVariant);
}

/** What the result of a pair holds (task-result.ts): skin dimensions, a pose or face attributes. */
export type ResultKind = 'skin' | 'face_pose' | 'facial_analysis';
export function resultKindOf(apiCode: ApiCode): ResultKind {
  switch (apiCode) {
    case 'device_v':
    case 'online_skin':
      return 'skin';
    case 'face_pose_correction':
      return 'face_pose';
    case 'facial_analysis':
      return 'facial_analysis';
    default:
      return missingCase(apiCode, 'api code');
  }
}
