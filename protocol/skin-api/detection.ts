import { z } from 'zod';
import { isHttpResourceUrl } from './task-util.ts';

/**
 * The direct detection endpoints (specification: Direct detection endpoints, Direct detection
 * results). They answer their payload directly, without the {meta, response} envelope.
 */
export const DETECTION_PATHS = {
  skin: '/skin_api/detect/skin_all_race',
  facePose: '/skin_api/detect/face_pose_correct_all_race',
  facialAnalysis: '/skin_api/detect/facial_analysis_all_race',
} as const;

/**
 * Body of the three endpoints: pic_url and, for skin_all_race, custom. decision: custom is
 * accepted (and ignored) by all three so one client type serves them.
 */
export const detectionRequestSchema = z.object({
  pic_url: z.string().refine(isHttpResourceUrl, { message: 'an http(s) image URL' }),
  custom: z.record(z.string(), z.unknown()).optional(),
});
export type DetectionRequest = z.infer<typeof detectionRequestSchema>;

/** Normalised rectangle (0..1 of the image size). */
export const rectangleSchema = z.object({
  height: z.number(),
  left: z.number(),
  top: z.number(),
  width: z.number(),
});
export type Rectangle = z.infer<typeof rectangleSchema>;

/** A value: a number, an array of numbers, or an array of arrays of numbers (path points). */
export const skinAttributeValueSchema = z.union([z.number(), z.array(z.number()), z.array(z.array(z.number()))]);

export const skinAttributeSchema = z.object({
  confidence: z.number(),
  value: skinAttributeValueSchema,
  /** SkinHighlight and SkinSpot only. */
  rectangle: z.array(rectangleSchema).optional(),
});
export type SkinAttribute = z.infer<typeof skinAttributeSchema>;

/**
 * skin_all_race. Attribute names are those of SKIN_ATTRIBUTE_NAMES; others may appear (the
 * specification does not show them all), so the map is open, and so is the top level.
 */
export const skinAllRaceResultSchema = z
  .object({
    face_attributes: z.record(z.string(), skinAttributeSchema),
  })
  .loose();
export type SkinAllRaceResult = z.infer<typeof skinAllRaceResultSchema>;

/** A string holding a number, as the pose result carries its values. */
export const numericStringSchema = z.string().regex(/^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/, 'a string holding a number');

const num = numericStringSchema;

/** face_pose_correct_all_race: every value is a string holding a number unless stated. */
export const facePoseResultSchema = z.object({
  /** Four comma-separated numbers: left, top, width, height in image pixels (D-024). */
  faceBound: z.string().regex(/^\s*-?[\d.eE+-]+(\s*,\s*-?[\d.eE+-]+){3}\s*$/, 'four comma-separated numbers'),
  faceEyeState: z.object({ left: num, right: num }),
  faceGlasses: z.object({ none: num, normal: num, sunglasses: num }),
  faceOutDetect: z.object({ outBound: num }),
  facePoseEuler: z.object({ pitch: num, roll: num, yaw: num }),
  faceQuality: z.object({ blur: num, bright: num, compression: num }),
  /** decision: a number or a string holding one; our platform sends a string like the others. */
  faceRatio: z.union([num, z.number()]),
  faceVisibility: z.object({
    jaw: num,
    leftcheek: num,
    lefteye: num,
    lefteyebrow: num,
    // "mouse" is the specification's spelling of mouth.
    mouse: num,
    nose: num,
    rightcheek: num,
    righteye: num,
    righteyebrow: num,
  }),
});
export type FacePoseResult = z.infer<typeof facePoseResultSchema>;

const valueOf = z.object({ value: z.number() });

/** facial_analysis_all_race */
export const facialAnalysisResultSchema = z.object({
  face_attributes: z.object({
    gender: valueOf,
    translate_x: valueOf,
    translate_y: valueOf,
    translate_z: valueOf,
  }),
  /** [x, y] pairs, normalised. */
  face_landmark: z.array(z.tuple([z.number(), z.number()])),
  face_rectangle: rectangleSchema,
});
export type FacialAnalysisResult = z.infer<typeof facialAnalysisResultSchema>;
