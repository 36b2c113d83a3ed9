import type { CodeInfo } from '../codes.ts';
import { Codes, defineCode } from '../codes.ts';

/**
 * meta.code values of analysis tasks. The specification says only that a failed task creation
 * answers `response: {}` with a non-zero meta.code and leaves the codes open (Upload policy
 * codes, last paragraph). decision: one distinct code per failure kind in the 45xxx range, which
 * the specification does not use (it uses 44xxx for upload policies). Like every business code
 * they travel with HTTP 200 (D-002 of codes.ts). 45001-45019 are refusals of the request,
 * 45020-45039 order and lookup failures, 451xx failures of a running task (result.error).
 */
const code = (value: number, msg: string): CodeInfo => defineCode(value, msg);

export const TaskCodes = {
  /** api_code and algorithm_variant do not form a supported pair. */
  UNSUPPORTED_PAIR: code(45001, 'api_code and algorithm_variant do not form a supported pair'),
  /** A required image key is absent (white set of device_v, front_image, or a two-image set). */
  IMAGES_MISSING: code(45002, 'required images are missing'),
  /** An image key the pair does not accept (e.g. left_image for a single-image capability). */
  IMAGE_KEY_NOT_ACCEPTED: code(45003, 'image key not accepted by this capability'),
  /** An optional light source without all three views, or parallel_polar/uv without cross_polar. */
  LIGHT_SET_INCOMPLETE: code(45004, 'incomplete light source set'),
  /**
   * A resource value is not a directly downloadable http(s) URL: not one at all, an address of
   * this platform naming no upload of the merchant, or an upload policy's upload.url (D-136).
   */
  INVALID_RESOURCE_URL: code(45005, 'resource is not a valid http(s) URL, or names no file uploaded by this merchant'),
  /** A standard field and its compatibility field carry different values. */
  COMPAT_CONFLICT: code(45006, 'standard field and compatibility field conflict'),
  /** dimension_codes given to a pair other than device_v. */
  DIMENSION_CODES_NOT_ALLOWED: code(45007, 'dimension_codes are only supported by device_v'),
  /** A dimension code that is not a dimension id. */
  DIMENSION_CODE_UNKNOWN: code(45008, 'unknown dimension code'),
  /** output_options given to a pair other than online_skin + all_race_v2. */
  OUTPUT_OPTIONS_NOT_ALLOWED: code(45009, 'output_options are only supported by online_skin + all_race_v2'),
  /** output_options.mask_format is not annotation_image or annotation_json. */
  MASK_FORMAT_INVALID: code(45010, 'mask_format must be annotation_image or annotation_json'),
  /** detect_face_type does not match the number of views supplied. */
  IMAGE_COUNT_MISMATCH: code(45011, 'detect_face_type does not match the images supplied'),

  /** An Idempotency-Key header already used for a different request (extension, D-026). */
  IDEMPOTENCY_CONFLICT: code(45012, 'idempotency key already used for a different request'),
  /**
   * An uploaded file named in resources is gone or incomplete on the platform (a power loss
   * before the task made it durable, D-031): upload it again through a new policy.
   */
  RESOURCE_LOST: code(45013, 'an uploaded file was lost; upload it again'),
  /**
   * The merchant has as many queued tasks as the platform takes (D-073): retry later, with the
   * same Idempotency-Key. Answered with HTTP 429 so clients and proxies back off.
   */
  QUEUE_FULL: defineCode(45014, 'too many queued tasks for this merchant; retry later', 429),

  /** The merchant has no valid Skin API order (needed by every pair). */
  NO_VALID_ORDER: code(45020, 'no valid Skin API order'),
  /** The order has no analysis units left (device_v and online_skin). */
  QUOTA_EXHAUSTED: code(45021, 'analysis quota exhausted'),
  /** GET /skin_api/analyze/result for a task_id this merchant does not own or that does not exist. */
  TASK_NOT_FOUND: code(45030, 'task does not exist'),

  /** An image URL could not be downloaded. */
  IMAGE_DOWNLOAD_FAILED: code(45101, 'image download failed'),
  /** A downloaded file is not a decodable image. */
  IMAGE_UNREADABLE: code(45102, 'image cannot be decoded'),
  /** No face was found in a required image. */
  NO_FACE: code(45103, 'no face detected'),
  /** Too dark, blurred or off-pose to analyse. */
  IMAGE_QUALITY: code(45104, 'image quality too low for analysis'),
  /** The analysis did not finish within its time limit. */
  ANALYSIS_TIMEOUT: code(45105, 'analysis timed out'),
  /** Any other failure of a running task; details are logged, not returned. */
  ANALYSIS_FAILED: code(45199, 'analysis failed'),
} as const satisfies Record<string, CodeInfo>;

export type TaskCodeName = keyof typeof TaskCodes;

/** Why normalizeTaskRequest refused a request; each kind has exactly one code. */
export const TASK_FAILURE_KINDS = [
  'invalid_parameter',
  'unsupported_pair',
  'images_missing',
  'image_key_not_accepted',
  'light_set_incomplete',
  'invalid_resource_url',
  'compat_conflict',
  'dimension_codes_not_allowed',
  'dimension_code_unknown',
  'output_options_not_allowed',
  'mask_format_invalid',
  'image_count_mismatch',
] as const;
export type TaskFailureKind = (typeof TASK_FAILURE_KINDS)[number];

/** The code of each kind; a malformed field (wrong type, unparsable json) is the generic 400. */
export const TASK_FAILURE_CODES: Readonly<Record<TaskFailureKind, CodeInfo>> = {
  invalid_parameter: Codes.INVALID_PARAM,
  unsupported_pair: TaskCodes.UNSUPPORTED_PAIR,
  images_missing: TaskCodes.IMAGES_MISSING,
  image_key_not_accepted: TaskCodes.IMAGE_KEY_NOT_ACCEPTED,
  light_set_incomplete: TaskCodes.LIGHT_SET_INCOMPLETE,
  invalid_resource_url: TaskCodes.INVALID_RESOURCE_URL,
  compat_conflict: TaskCodes.COMPAT_CONFLICT,
  dimension_codes_not_allowed: TaskCodes.DIMENSION_CODES_NOT_ALLOWED,
  dimension_code_unknown: TaskCodes.DIMENSION_CODE_UNKNOWN,
  output_options_not_allowed: TaskCodes.OUTPUT_OPTIONS_NOT_ALLOWED,
  mask_format_invalid: TaskCodes.MASK_FORMAT_INVALID,
  image_count_mismatch: TaskCodes.IMAGE_COUNT_MISMATCH,
};
