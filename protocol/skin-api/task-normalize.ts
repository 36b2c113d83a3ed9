import type { CodeInfo } from '../codes.ts';
import type { DimensionId } from '../enums/dimensions.ts';
import { isDimensionId } from '../enums/dimensions.ts';
import type { ApiPair, ImageKey, LightSource, MaskFormat } from './api-codes.ts';
import {
  DEFAULT_MASK_FORMAT,
  DEVICE_V_IMAGE_KEYS,
  LIGHTS_NEEDING_CROSS_POLAR,
  MASK_FORMATS,
  OPTIONAL_LIGHT_SOURCES,
  VIEWS,
  VIEW_IMAGE_KEYS,
  deviceVImageKey,
  findPair,
} from './api-codes.ts';
import type { TaskFailureKind } from './task-codes.ts';
import { TASK_FAILURE_CODES } from './task-codes.ts';
import type { NormalizedTask } from './task-request.ts';
import { METADATA_MAX_BYTES } from './task-request.ts';
import { jsonExceeds, secretKeyPath } from './metadata-rules.ts';
import { isMissing } from '../open-api/validation.ts';
import { canonicalJson, isHttpResourceUrl, isPlainObject } from './task-util.ts';

/**
 * normalizeTaskRequest: the compatibility mapping and image rules of POST /skin_api/analyze/task
 * (specification: Image resource rules, Compatibility fields), as one pure function. It returns
 * the task to store, or the first failure with its kind and code (task-codes.ts).
 */
export interface TaskFailure {
  readonly kind: TaskFailureKind;
  readonly code: CodeInfo;
  readonly field: string;
  readonly message: string;
}

export type TaskNormalization = { readonly ok: true; readonly task: NormalizedTask } | { readonly ok: false; readonly failure: TaskFailure };

class Refusal extends Error {
  constructor(readonly failure: TaskFailure) {
    super(failure.message);
  }
}

function refuse(kind: TaskFailureKind, field: string, detail: string): never {
  throw new Refusal({ kind, code: TASK_FAILURE_CODES[kind], field, message: detail });
}

export function normalizeTaskRequest(raw: unknown): TaskNormalization {
  try {
    return { ok: true, task: normalize(raw) };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, failure: error.failure };
    throw error;
  }
}

function missingOrNotText(field: string, value: unknown): string {
  return isMissing(value) ? `${field} is required` : `${field} must be a string`;
}

function normalize(raw: unknown): NormalizedTask {
  if (!isPlainObject(raw)) refuse('invalid_parameter', 'body', 'the body must be a JSON object');
  const apiCode = raw['api_code'];
  const variant = raw['algorithm_variant'];
  // decision D-040: absent, null and blank are missing (400); so is a value of the wrong type.
  // The message says which of the two it is: a caller that sent `api_code: 1` did not forget it.
  if (typeof apiCode !== 'string' || isMissing(apiCode)) refuse('invalid_parameter', 'api_code', missingOrNotText('api_code', apiCode));
  if (typeof variant !== 'string' || isMissing(variant)) refuse('invalid_parameter', 'algorithm_variant', missingOrNotText('algorithm_variant', variant));
  const pair = findPair(apiCode, variant);
  if (!pair) refuse('unsupported_pair', 'algorithm_variant', `${apiCode} + ${variant} is not a supported pair`);

  const resources = mergeResources(raw);
  const viewCount = checkImages(pair, resources);
  checkFaceType(raw['detect_face_type'], viewCount);
  return {
    api_code: pair.api_code,
    algorithm_variant: pair.algorithm_variant,
    pair,
    resources: resources as Partial<Record<ImageKey, string>>,
    view_count: viewCount,
    light_sources: pair.images === 'device_v' ? lightSourcesOf(resources) : [],
    dimension_codes: dimensionCodes(pair, raw['dimension_codes']),
    output_options: outputOptions(pair, raw['output_options'], raw['detect_mask_type']),
    metadata: metadataOf(raw['metadata'], raw['custom']),
  };
}

/** An image-key object with string values; paralle_polar_* keys renamed to parallel_polar_*. */
function imageObject(value: unknown, field: string): Record<string, string> {
  if (!isPlainObject(value)) refuse('invalid_parameter', field, `${field} must be an object of image keys to URLs`);
  // No prototype: a key such as `constructor` or `__proto__` is a key like any other (refused
  // later as not an image key), never an inherited value that looks like a conflict.
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [rawKey, url] of Object.entries(value)) {
    if (typeof url !== 'string') refuse('invalid_parameter', `${field}.${rawKey}`, 'an image URL must be a string');
    const key = rawKey.replace(/^paralle_polar_/, 'parallel_polar_');
    const known = out[key];
    if (known !== undefined && known !== url) refuse('compat_conflict', `${field}.${key}`, `${rawKey} conflicts with ${key}`);
    out[key] = url;
  }
  return out;
}

/** resources, json (object or JSON object string) and pic_url merged into one image object. */
function mergeResources(raw: Record<string, unknown>): Record<string, string> {
  // decision D-040: null is missing, like an absent key; the images it lacks answer 45002.
  const standard = raw['resources'] === undefined || raw['resources'] === null ? undefined : imageObject(raw['resources'], 'resources');
  let compat: Record<string, string> | undefined;
  const json = raw['json'];
  if (json !== undefined) {
    let parsed: unknown = json;
    if (typeof json === 'string') {
      try {
        parsed = JSON.parse(json);
      } catch {
        refuse('invalid_parameter', 'json', 'json is not a JSON object string');
      }
    }
    compat = imageObject(parsed, 'json');
  }
  // json maps to resources as a whole: both present must be the same object.
  if (standard && compat && canonicalJson(standard) !== canonicalJson(compat)) {
    refuse('compat_conflict', 'json', 'json and resources differ');
  }
  const merged = { ...(standard ?? compat ?? {}) };
  const picUrl = raw['pic_url'];
  if (picUrl !== undefined) {
    if (typeof picUrl !== 'string') refuse('invalid_parameter', 'pic_url', 'pic_url must be a string');
    const front = merged['front_image'];
    if (front !== undefined && front !== picUrl) refuse('compat_conflict', 'pic_url', 'pic_url and resources.front_image differ');
    merged['front_image'] = picUrl;
  }
  return merged;
}

/** Image rules 1-3; returns the number of views. */
function checkImages(pair: ApiPair, resources: Record<string, string>): 1 | 3 {
  const accepted: readonly string[] = pair.images === 'device_v' ? DEVICE_V_IMAGE_KEYS : pair.images === 'front' ? ['front_image'] : VIEW_IMAGE_KEYS;
  for (const key of Object.keys(resources)) {
    if (!accepted.includes(key)) refuse('image_key_not_accepted', `resources.${key}`, `${pair.api_code} + ${pair.algorithm_variant} does not accept ${key}`);
  }
  for (const [key, url] of Object.entries(resources)) {
    if (!isHttpResourceUrl(url)) refuse('invalid_resource_url', `resources.${key}`, `${key} is not an http(s) URL`);
  }
  const has = (key: string): boolean => resources[key] !== undefined;
  if (pair.images === 'device_v') {
    for (const view of VIEWS) {
      const key = deviceVImageKey('white', view);
      if (!has(key)) refuse('images_missing', `resources.${key}`, `${key} is required`);
    }
    for (const light of OPTIONAL_LIGHT_SOURCES) {
      const present = VIEWS.filter((view) => has(deviceVImageKey(light, view)));
      if (present.length > 0 && present.length < VIEWS.length) {
        const missing = VIEWS.find((view) => !has(deviceVImageKey(light, view))) ?? 'front';
        refuse('light_set_incomplete', `resources.${deviceVImageKey(light, missing)}`, `${light} needs front, left and right images`);
      }
    }
    const crossPolar = VIEWS.every((view) => has(deviceVImageKey('cross_polar', view)));
    for (const light of LIGHTS_NEEDING_CROSS_POLAR) {
      if (has(deviceVImageKey(light, 'front')) && !crossPolar) {
        refuse('light_set_incomplete', 'resources.cross_polar_front_image', `${light} needs a complete cross_polar set`);
      }
    }
    return 3;
  }
  if (!has('front_image')) refuse('images_missing', 'resources.front_image', 'front_image is required');
  if (pair.images === 'front') return 1;
  const sides = [has('left_image'), has('right_image')];
  if (sides[0] !== sides[1]) {
    refuse('images_missing', `resources.${sides[0] ? 'right_image' : 'left_image'}`, 'give front_image alone or front, left and right');
  }
  return sides[0] ? 3 : 1;
}

/** detect_face_type only validates: 1 means one image, 2 three views. */
function checkFaceType(value: unknown, viewCount: 1 | 3): void {
  if (value === undefined) return;
  const type = value === 1 || value === '1' ? 1 : value === 2 || value === '2' ? 2 : null;
  if (type === null) refuse('invalid_parameter', 'detect_face_type', 'detect_face_type must be 1 or 2');
  if ((type === 1) !== (viewCount === 1)) {
    refuse('image_count_mismatch', 'detect_face_type', `detect_face_type ${type} does not match ${viewCount} view(s)`);
  }
}

function lightSourcesOf(resources: Record<string, string>): LightSource[] {
  const optional = OPTIONAL_LIGHT_SOURCES.filter((light) => resources[deviceVImageKey(light, 'front')] !== undefined);
  return ['white', ...optional];
}

/**
 * Dimension codes are dimension ids. The specification treats `sensitiveness` as `sensitivity`;
 * decision: `sensitivity` is the Skin API's name of the dimension id `sensitive`, so both
 * aliases normalise to `sensitive`. Duplicates (including alias duplicates) are dropped.
 */
export const DIMENSION_CODE_ALIASES: Readonly<Record<string, DimensionId>> = { sensitiveness: 'sensitive', sensitivity: 'sensitive' };

function dimensionCodes(pair: ApiPair, value: unknown): DimensionId[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((c) => typeof c === 'string')) {
    refuse('invalid_parameter', 'dimension_codes', 'dimension_codes must be an array of strings');
  }
  // decision: [] is accepted by every pair, as {} is for output_options: it asks for nothing.
  if (value.length === 0) return [];
  if (!pair.dimensionCodes) refuse('dimension_codes_not_allowed', 'dimension_codes', 'dimension_codes are only supported by device_v');
  const out: DimensionId[] = [];
  value.forEach((code: string, i) => {
    const id = Object.hasOwn(DIMENSION_CODE_ALIASES, code) ? DIMENSION_CODE_ALIASES[code] : isDimensionId(code) ? code : undefined;
    if (!id) refuse('dimension_code_unknown', `dimension_codes.${i}`, `${code} is not a dimension code`);
    if (!out.includes(id)) out.push(id);
  });
  return out;
}

function maskFormatOf(value: unknown, field: string): MaskFormat {
  const found = MASK_FORMATS.find((f) => f === value);
  if (!found) refuse('mask_format_invalid', field, 'mask_format must be annotation_image or annotation_json');
  return found;
}

/** output_options and detect_mask_type (1 annotation_image, 2 annotation_json). */
function outputOptions(pair: ApiPair, value: unknown, detectMaskType: unknown): { mask_format: MaskFormat } | null {
  if (value !== undefined && !isPlainObject(value)) refuse('invalid_parameter', 'output_options', 'output_options must be an object');
  const given = value?.['mask_format'] === undefined ? undefined : maskFormatOf(value['mask_format'], 'output_options.mask_format');
  let compat: MaskFormat | undefined;
  if (detectMaskType !== undefined) {
    if (detectMaskType === 1 || detectMaskType === '1') compat = 'annotation_image';
    else if (detectMaskType === 2 || detectMaskType === '2') compat = 'annotation_json';
    else refuse('invalid_parameter', 'detect_mask_type', 'detect_mask_type must be 1 or 2');
  }
  if (given && compat && given !== compat) refuse('compat_conflict', 'detect_mask_type', 'detect_mask_type and output_options.mask_format differ');
  const format = given ?? compat;
  if (!pair.outputOptions) {
    const empty = format === undefined && (value === undefined || Object.keys(value).length === 0);
    if (!empty) refuse('output_options_not_allowed', detectMaskType !== undefined && given === undefined ? 'detect_mask_type' : 'output_options', 'omit output_options or pass {}');
    return null;
  }
  return { mask_format: format ?? DEFAULT_MASK_FORMAT };
}

function metadataObject(value: unknown, field: string): Record<string, unknown> {
  if (!isPlainObject(value)) refuse('invalid_parameter', field, `${field} must be an object`);
  if (jsonExceeds(value, METADATA_MAX_BYTES)) refuse('invalid_parameter', field, `${field} exceeds ${METADATA_MAX_BYTES} bytes`);
  const secret = secretKeyPath(value, field);
  if (secret) refuse('invalid_parameter', secret, 'metadata must not hold passwords or tokens');
  return value;
}

/** metadata and its compatibility field custom: identical when both are sent. */
function metadataOf(metadata: unknown, custom: unknown): Record<string, unknown> | null {
  const standard = metadata === undefined ? undefined : metadataObject(metadata, 'metadata');
  const compat = custom === undefined ? undefined : metadataObject(custom, 'custom');
  if (standard && compat && canonicalJson(standard) !== canonicalJson(compat)) refuse('compat_conflict', 'custom', 'custom and metadata differ');
  return standard ?? compat ?? null;
}
