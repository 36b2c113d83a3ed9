/**
 * Thresholds of the live guidance and the auto-capture timing (docs/kiosk-core.md, "Guidance").
 * Units are the vision pipeline's: degrees for pose, 0..1 for blur, brightness, eye openness and
 * glasses probabilities, and the face box width over the frame width for faceRatio.
 */
import { z } from 'zod';
import { lightSourceSchema } from '../../protocol/skin-api/api-codes.ts';

const degrees = z.number().min(-90).max(90);
const unit = z.number().min(0).max(1);

/** What one view expects of the head pose. */
export const viewPoseSchema = z.object({
  /**
   * Expected yaw in degrees, in the vision pipeline's sign: positive = the customer has turned to
   * their own left (nose towards the image right of the unmirrored camera image).
   */
  yaw: degrees,
  /** Accepted distance from `yaw`, degrees. */
  yawTolerance: z.number().min(1).max(45),
});
export type ViewPose = z.infer<typeof viewPoseSchema>;

export const guidanceConfigSchema = z.object({
  /** Per view. Left turns the customer to their left (yaw +), right to their right (yaw −). */
  views: z
    .object({
      front: viewPoseSchema.prefault({ yaw: 0, yawTolerance: 8 }),
      left: viewPoseSchema.prefault({ yaw: 30, yawTolerance: 10 }),
      right: viewPoseSchema.prefault({ yaw: -30, yawTolerance: 10 }),
    })
    .prefault({}),
  /**
   * Camera mounting, set by the technician: the pitch (degrees, chin up positive) the face check
   * reads for a customer looking straight at the screen, because the camera sits above (negative)
   * or below (positive) their eyes. Pitch guidance is measured from it. Unset: the camera's own
   * default (0; the simulated device's is SIMULATED_PITCH_OFFSET, see docs/kiosk-core.md).
   */
  pitchOffset: z.number().min(-30).max(30).optional(),
  /** |pitch - pitchOffset| above this asks to tilt; positive pitch = chin up. */
  maxPitch: z.number().min(1).max(45).default(10),
  /** |roll| above this asks to straighten the head. */
  maxRoll: z.number().min(1).max(45).default(8),
  /** Face box width / frame width: below min asks to move closer, above max to move back. */
  minFaceRatio: unit.default(0.25),
  maxFaceRatio: unit.default(0.6),
  /**
   * Least pixels per millimetre the still must have on the face (63 mm between the pupils), else
   * the customer is asked to move closer (D-033). Default 2: spots, acne and every colour and shape
   * dimension can be measured; 4 adds pores, texture and fine lines (vision/skin/needs.ts).
   */
  minStillPxPerMm: z.number().min(0).max(50).default(2),
  /** Face box centre offset from the frame centre, as a share of the frame's width / height. */
  maxCentreOffset: unit.default(0.15),
  /** Either eye's openness below this asks to open the eyes. */
  minEyeOpen: unit.default(0.5),
  /** Probability of glasses (normal + sunglasses) at or above this asks to remove them. */
  maxGlasses: unit.default(0.5),
  /** Whether glasses block the capture at all (some merchants let customers keep them on). */
  requireNoGlasses: z.boolean().default(true),
  /** Face brightness 0..1: below min is too dark, above max too bright. */
  minBrightness: unit.default(0.25),
  maxBrightness: unit.default(0.85),
  /** Blur 0 sharp .. 1 blurred: above this asks to hold still / reports blurry. */
  maxBlur: unit.default(0.5),
  /** Pose change between two checked frames (degrees, any axis) above which the customer is moving. */
  maxPoseDelta: z.number().min(0.5).max(30).default(4),
  /** Face centre shift between two checked frames (share of frame width) above which the customer is moving. */
  maxCentreShift: unit.default(0.03),
});
export type GuidanceConfig = z.infer<typeof guidanceConfigSchema>;

export const autoCaptureConfigSchema = z.object({
  /** Good frames in a row before the countdown starts. */
  minStableFrames: z.number().int().min(1).max(100).default(4),
  /** And for at least this long (ms), so a fast check rate does not shorten the hold. */
  holdMs: z.number().int().min(0).max(10_000).default(600),
  /** Countdown shown before the shot (ms); a bad frame during it returns to live guidance. */
  countdownMs: z.number().int().min(0).max(10_000).default(1500),
  /** Pause between two preview checks (ms); the check itself runs in a worker. */
  previewIntervalMs: z.number().int().min(0).max(2000).default(66),
  /**
   * The light on during live guidance: inside an enclosed device the face is too dark to check
   * without one. null keeps every light off (a device with its own preview lamp).
   */
  previewLight: lightSourceSchema.nullable().default('white'),
  /**
   * Live guidance without progress for this long (ms) names the rule that is not met and offers
   * staff help (D-060); tests shorten it.
   */
  helpAfterMs: z.number().int().min(1000).max(600_000).default(20_000),
});
export type AutoCaptureConfig = z.infer<typeof autoCaptureConfigSchema>;
