import { z } from 'zod';
import { dimensionIdSchema } from '../enums/dimensions.ts';
import { algorithmVariantSchema, apiCodeSchema, lightSourceSchema, maskFormatSchema, viewSchema } from './api-codes.ts';
import { facePoseResultSchema, facialAnalysisResultSchema } from './detection.ts';

/**
 * GET /skin_api/analyze/result?task_id=... Its headers, fields and status values are not shown
 * in the specification; everything below is decision unless it says otherwise. The answer is the
 * common envelope (code 0 whenever the task exists, whatever its status; TASK_NOT_FOUND 45030
 * otherwise) and the header is Access-Token, as for task creation.
 */
export const taskResultQuerySchema = z.object({ task_id: z.string().min(1).max(64) });
export type TaskResultQuery = z.infer<typeof taskResultQuerySchema>;

/**
 * decision: queued (accepted, waiting for a worker) -> running -> succeeded | failed. A task
 * never leaves succeeded or failed; quota is counted on the move to succeeded only.
 */
export const TASK_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const taskStatusSchema = z.enum(TASK_STATUSES);
export const TERMINAL_TASK_STATUSES: readonly TaskStatus[] = ['succeeded', 'failed'];

export function isTerminalStatus(status: TaskStatus): boolean {
  return TERMINAL_TASK_STATUSES.includes(status);
}

/**
 * decision (D-069): one kind of finding in an annotation file. `spot` is drawn as circles, `line`
 * as strokes, `area` as shaded outlines. Sizes are in millimetres on the face, from the analysis'
 * scale (63 mm between the pupils, D-033's px_per_mm), so they are estimates; a size the analysis
 * did not measure is absent, never 0.
 */
export const ANNOTATION_MARK_KINDS = ['spot', 'line', 'area'] as const;
export type AnnotationMarkKind = (typeof ANNOTATION_MARK_KINDS)[number];
export const annotationMarksSchema = z.object({
  kind: z.enum(ANNOTATION_MARK_KINDS),
  count: z.number().int().min(0),
  /** Summed area of the spots or areas, mm². */
  area_mm2: z.number().min(0).optional(),
  /** Summed length of the lines, mm. */
  length_mm: z.number().min(0).optional(),
});
export type AnnotationMarks = z.infer<typeof annotationMarksSchema>;

/**
 * One annotation file: an image (annotation_image) or a JSON document (annotation_json) that
 * marks where a dimension was found, for one view (and light source, on device_v).
 */
export const annotationSchema = z.object({
  view: viewSchema,
  light: lightSourceSchema.optional(),
  format: maskFormatSchema,
  url: z.string(),
  /**
   * decision (D-069): what the file marks, per kind of finding, so a client can give the marks a
   * legend with counts and sizes without reading the file. Absent in results stored before it and
   * for dimensions that locate nothing countable (their marks are a shaded region).
   */
  marks: z.array(annotationMarksSchema).optional(),
});
export type Annotation = z.infer<typeof annotationSchema>;

/**
 * decision (D-033): why a dimension was not measured, or what limited a measured one.
 * - resolution: the face has fewer pixels per millimetre than the dimension's features need (too
 *   far from the camera, or too few pixels in the photo);
 * - sharpness: the face has the pixels, but the photo's edges are too soft to hold the detail the
 *   dimension needs (out of focus, moving, an enlarged photo; D-126);
 * - analysis_resolution: finer than the resolution the analysis works at (its working frame
 *   shrinks a large face), whatever the capture (D-126);
 * - light: the light source the dimension is read from was not captured;
 * - hidden: too little of the skin the dimension looks at is visible (hair, glasses, beard, out of frame);
 * - pose: the head is turned too far for this view to see the regions squarely, or turned or
 *   tilted so far that the analysis holds too few pixels of the face for the dimension (D-126);
 * - makeup: make-up covers what the dimension measures (foundation, eyeliner, lipstick);
 * - exposure: the skin is overexposed (its colour clipped), so colour cannot be read there;
 * - colour_cast: the light's colour is far from neutral, so colour measures are shifted;
 * - expression: a smile or an open mouth deepens the folds and creases measured (D-068).
 */
export const MEASUREMENT_LIMITS = ['resolution', 'sharpness', 'analysis_resolution', 'light', 'hidden', 'pose', 'makeup', 'exposure', 'colour_cast', 'expression'] as const;
export type MeasurementLimit = (typeof MEASUREMENT_LIMITS)[number];
export const measurementLimitSchema = z.enum(MEASUREMENT_LIMITS);

/**
 * decision (D-033): a dimension the analysis could not measure is not given a level (a guess
 * shown as a fact); it is listed here with the reason, and left out of `dimensions` and of
 * `overall_score`. A client that knows nothing of this list sees fewer dimensions, as when
 * dimension_codes asked for fewer.
 */
export const notMeasuredSchema = z.object({
  dimension: dimensionIdSchema,
  reason: measurementLimitSchema,
  /** One English sentence with the figures (e.g. "2.1 px/mm, needs 6"), for logs and tools; clients name the reason in their own language. */
  detail: z.string(),
});
export type NotMeasured = z.infer<typeof notMeasuredSchema>;

/**
 * decision (D-033): conditions of the capture that change what can be measured, found in the
 * images themselves (the kiosk's own "skin at capture" answer is kept by the kiosk).
 */
export const captureConditionsSchema = z.object({
  /** Pixels per millimetre on the face in the front view's reference image (63 mm between the pupils). */
  px_per_mm: z.number().min(0),
  /** Pixels per millimetre of real detail: lower than px_per_mm when the photo was upscaled, zoomed or soft. */
  effective_px_per_mm: z.number().min(0),
  /** Make-up found: eyeliner or eye shadow, lipstick, foundation (an even, matte cover); absent when not assessed. */
  makeup: z.object({ eyes: z.boolean(), lips: z.boolean(), foundation: z.boolean() }).optional(),
  /** The light's colour away from neutral (ΔE of the eye whites from neutral) and its direction; absent when not assessed. */
  colour_cast: z.object({ strength: z.number().min(0), hue: z.enum(['none', 'warm', 'cool', 'green', 'magenta']) }).optional(),
});
export type CaptureConditions = z.infer<typeof captureConditionsSchema>;

/** The finding of one dimension. */
export const dimensionResultSchema = z.object({
  dimension: dimensionIdSchema,
  /** A level id of the dimension's table (enums/dimensions.ts). */
  level: z.number().int(),
  /** 0 (worst) to 100 (best), so scores of different dimensions compare. */
  score: z.number().min(0).max(100),
  /** 0 to 1: how sure the analyser is of the level. */
  confidence: z.number().min(0).max(1),
  /** Annotation files grouped under their dimension; [] when the dimension has none. */
  annotations: z.array(annotationSchema),
  /**
   * decision (D-033): what made this measurement less sure than it could be (its confidence is
   * lowered accordingly), e.g. `light` when a white-only capture measured what the device reads
   * under cross-polarised light. Absent or [] when nothing did.
   */
  caveats: z.array(measurementLimitSchema).optional(),
});
export type DimensionResult = z.infer<typeof dimensionResultSchema>;

/** device_v and online_skin. */
export const skinResultSchema = z.object({
  type: z.literal('skin'),
  dimensions: z.array(dimensionResultSchema),
  /** Mean score over the dimensions, 0 to 100. */
  overall_score: z.number().min(0).max(100),
  /** Estimated skin age in years, when the capability gives one. */
  skin_age: z.number().int().min(0).max(150).optional(),
  /** The annotation format of this result (annotation_image unless the task asked otherwise). */
  mask_format: maskFormatSchema,
  /** Requested dimensions that could not be measured, with the reason (D-033); results stored before it parse as []. */
  not_measured: z.array(notMeasuredSchema).default([]),
  /** What the analysis noticed about the capture itself (D-033); absent in results stored before it. */
  capture: captureConditionsSchema.optional(),
});
export type SkinResult = z.infer<typeof skinResultSchema>;

/** face_pose_correction: one pose per view supplied. */
export const facePoseTaskResultSchema = z.object({
  type: z.literal('face_pose'),
  views: z.array(z.object({ view: viewSchema, pose: facePoseResultSchema })),
});
export type FacePoseTaskResult = z.infer<typeof facePoseTaskResultSchema>;

/** facial_analysis: the front image's face attributes, landmarks and rectangle. */
export const facialAnalysisTaskResultSchema = z.object({
  type: z.literal('facial_analysis'),
  face: facialAnalysisResultSchema,
});
export type FacialAnalysisTaskResult = z.infer<typeof facialAnalysisTaskResultSchema>;

export const taskResultRecordSchema = z.discriminatedUnion('type', [skinResultSchema, facePoseTaskResultSchema, facialAnalysisTaskResultSchema]);
export type TaskResultRecord = z.infer<typeof taskResultRecordSchema>;

/** Why a task failed: a runtime code of task-codes.ts (451xx) and its message. */
export const taskErrorSchema = z.object({ code: z.number().int(), msg: z.string() });
export type TaskError = z.infer<typeof taskErrorSchema>;

const taskBase = {
  task_id: z.string(),
  api_code: apiCodeSchema,
  algorithm_variant: algorithmVariantSchema,
  /** Unix seconds. */
  created_at: z.number().int(),
  /** Unix seconds of the last status change. */
  updated_at: z.number().int(),
};

/** response of GET /skin_api/analyze/result, by status. metadata is never returned (specification). */
export const taskResultResponseSchema = z.discriminatedUnion('status', [
  z.object({ ...taskBase, status: z.literal('queued') }),
  z.object({ ...taskBase, status: z.literal('running') }),
  z.object({ ...taskBase, status: z.literal('succeeded'), finished_at: z.number().int(), result: taskResultRecordSchema }),
  z.object({ ...taskBase, status: z.literal('failed'), finished_at: z.number().int(), error: taskErrorSchema }),
]);
export type TaskResultResponse = z.infer<typeof taskResultResponseSchema>;

/**
 * decision: how a client polls. First poll after 2 s, then the interval doubles up to 15 s;
 * a task not finished after 10 minutes is failed by the platform with ANALYSIS_TIMEOUT.
 */
export const TASK_POLL = { firstDelayMs: 2000, maxDelayMs: 15_000, taskTimeoutSeconds: 600 } as const;
