/**
 * What the capture session needs from the face pipeline for each preview frame. vision/face (in
 * progress) will provide the real check; until then anything of this shape plugs in. Units and
 * signs are the vision pipeline's (vision/face/types.ts HeadPose):
 * - pitch: degrees, positive = chin up;
 * - roll: degrees, positive = head leaning to the customer's left shoulder (clockwise on screen);
 * - yaw: degrees, positive = the customer turned to their own left (nose towards the image right
 *   of the unmirrored camera image).
 */
import { z } from 'zod';
import type { Box, RgbImage } from '../../vision/types.ts';

export interface HeadPose {
  readonly pitch: number;
  readonly roll: number;
  readonly yaw: number;
}

export interface FaceFound {
  readonly facePresent: true;
  readonly pose: HeadPose;
  /** Openness 0 (closed) .. 1 (open), image-left eye first as vision reports it. */
  readonly eyesOpen: { readonly left: number; readonly right: number };
  /** blur 0 sharp .. 1 blurred; brightness: mean face luma 0..1. */
  readonly quality: { readonly blur: number; readonly brightness: number };
  /** The face in frame pixels. */
  readonly faceBox: Box;
  /** Face box width / frame width. */
  readonly faceRatio: number;
  /** Distance between the eye centres in frame pixels (63 mm on an adult): the still's resolution on the face follows from it. */
  readonly ipdPx?: number;
  /** Probabilities 0..1; absent when the check does not estimate glasses. */
  readonly glasses?: { readonly normal: number; readonly sunglasses: number };
  /**
   * The face's silhouette (forehead, cheeks, jaw) as a polygon in frame pixels, when the check
   * has landmarks; recorded with a view's first still so a later visit can match the pose.
   */
  readonly outline?: readonly (readonly [number, number])[];
}

export type FaceCheckResult = FaceFound | { readonly facePresent: false };

const finite = z.number().finite();
const unit = z.number().min(0).max(1);

/**
 * Runtime check of a result crossing the worker boundary: a NaN pose or a brightness in the wrong
 * unit would otherwise turn into silent, wrong guidance.
 */
export const faceCheckResultSchema = z.union([
  z.object({ facePresent: z.literal(false) }),
  z.object({
    facePresent: z.literal(true),
    pose: z.object({ pitch: finite, roll: finite, yaw: finite }),
    eyesOpen: z.object({ left: unit, right: unit }),
    quality: z.object({ blur: unit, brightness: unit }),
    faceBox: z.object({ left: finite, top: finite, width: z.number().positive(), height: z.number().positive() }),
    faceRatio: z.number().min(0),
    ipdPx: z.number().positive().optional(),
    glasses: z.object({ normal: unit, sunglasses: unit }).optional(),
    outline: z.array(z.tuple([finite, finite])).min(3).max(256).optional(),
  }),
]);

/** Checks one preview frame. Production runs it off the main thread (worker-live-check.ts). */
export type LiveCheck = (frame: RgbImage) => Promise<FaceCheckResult>;

/**
 * What a check module run by the worker adapter exports: a factory, so models load once per
 * worker. The options are whatever the module documents; they must be structured-cloneable.
 */
export type LiveCheckFactory = (options: unknown) => LiveCheck | Promise<LiveCheck>;
