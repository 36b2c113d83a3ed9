/**
 * Live guidance: what the customer must change before a view can be captured, from one checked
 * preview frame (and the one before it, for motion). Pure; thresholds in GuidanceConfig and
 * docs/kiosk-core.md, "Guidance". Directions are the customer's own (turn_left = turn your head
 * to your left), never the screen's, since the preview may be mirrored.
 */
import type { View } from '../../protocol/skin-api/api-codes.ts';
import type { GuidanceConfig } from '../config/guidance-config.ts';
import { IPD_MM } from '../../vision/skin/regions/geometry.ts';
import { faceTarget, type FaceTarget } from '../../common/capture/face-target.ts';
import type { FaceCheckResult, FaceFound } from './live-check.ts';

/** In priority order: geometry first (quality measures are only meaningful on a well-placed face). */
export const GUIDANCE_CODES = [
  'no_face',
  'move_closer',
  'move_back',
  'centre_face',
  'turn_left',
  'turn_right',
  'tilt_up',
  'tilt_down',
  'straighten_head',
  'remove_glasses',
  'open_eyes',
  'too_dark',
  'too_bright',
  'blurry',
  'hold_still',
] as const;
export type GuidanceCode = (typeof GUIDANCE_CODES)[number];

export interface Guidance {
  /** True when nothing needs changing: the frame counts towards the auto-capture hold. */
  readonly ok: boolean;
  /** Every problem found, highest priority first; the UI shows the first. */
  readonly issues: readonly GuidanceCode[];
  /** The oval and the limits the frame was judged by (D-060): the screen draws this very oval. */
  readonly target: FaceTarget;
  /** The face box width over the frame width, when a face was seen: the help names it against the limits. */
  readonly faceRatio: number | null;
}

export interface FrameSize {
  readonly width: number;
  readonly height: number;
}

export function evaluateGuidance(
  check: FaceCheckResult,
  previous: FaceCheckResult | null,
  frame: FrameSize,
  view: View,
  config: GuidanceConfig,
  still?: FrameSize,
): Guidance {
  // One geometry for the oval drawn and the size and centre rules (D-060).
  const target = faceTarget(frame, config, still?.width);
  if (!check.facePresent) return { ok: false, issues: ['no_face'], target, faceRatio: null };
  const found = new Set<GuidanceCode>();

  if (check.faceRatio < target.minFaceRatio) found.add('move_closer');
  // D-033: the still must show the face with the detail the analysis needs (vision/skin/needs.ts).
  // The oval is sized for it, so this only fires on a face smaller than the oval.
  if (target.detailReachable && still && check.ipdPx && stillPxPerMm(check.ipdPx, frame, still) < config.minStillPxPerMm) found.add('move_closer');
  if (check.faceRatio > target.maxFaceRatio) found.add('move_back');
  const centre = boxCentre(check, frame);
  if (Math.abs(centre.x - target.oval.cx) > target.maxOffsetX || Math.abs(centre.y - target.oval.cy) > target.maxOffsetY) found.add('centre_face');

  const expected = config.views[view];
  // Yaw positive = turned to their own left: too little yaw means "turn further left".
  if (check.pose.yaw < expected.yaw - expected.yawTolerance) found.add('turn_left');
  if (check.pose.yaw > expected.yaw + expected.yawTolerance) found.add('turn_right');
  // Pitch positive = chin up: too high asks to tilt the head down. Measured from the pitch a
  // customer looking at the screen shows with this camera mounting.
  const pitch = check.pose.pitch - (config.pitchOffset ?? 0);
  if (pitch > config.maxPitch) found.add('tilt_down');
  if (pitch < -config.maxPitch) found.add('tilt_up');
  if (Math.abs(check.pose.roll) > config.maxRoll) found.add('straighten_head');

  if (config.requireNoGlasses && check.glasses && check.glasses.normal + check.glasses.sunglasses >= config.maxGlasses) found.add('remove_glasses');
  if (Math.min(check.eyesOpen.left, check.eyesOpen.right) < config.minEyeOpen) found.add('open_eyes');
  if (check.quality.brightness < config.minBrightness) found.add('too_dark');
  if (check.quality.brightness > config.maxBrightness) found.add('too_bright');
  if (check.quality.blur > config.maxBlur) found.add('blurry');
  if (previous?.facePresent && isMoving(check, previous, frame, config)) found.add('hold_still');

  const issues = GUIDANCE_CODES.filter((code) => found.has(code));
  return { ok: issues.length === 0, issues, target, faceRatio: check.faceRatio };
}

/** Pixels per millimetre the still will have on the face: the preview's eye distance scaled to the still, over 63 mm. */
export function stillPxPerMm(ipdPx: number, frame: FrameSize, still: FrameSize): number {
  return (ipdPx * (still.width / frame.width)) / IPD_MM;
}

function boxCentre(face: FaceFound, frame: FrameSize): { x: number; y: number } {
  return { x: (face.faceBox.left + face.faceBox.width / 2) / frame.width, y: (face.faceBox.top + face.faceBox.height / 2) / frame.height };
}

function isMoving(now: FaceFound, before: FaceFound, frame: FrameSize, config: GuidanceConfig): boolean {
  const poseDelta = Math.max(Math.abs(now.pose.yaw - before.pose.yaw), Math.abs(now.pose.pitch - before.pose.pitch), Math.abs(now.pose.roll - before.pose.roll));
  const a = boxCentre(now, frame);
  const b = boxCentre(before, frame);
  const shift = Math.hypot(a.x - b.x, (a.y - b.y) * (frame.height / frame.width));
  return poseDelta > config.maxPoseDelta || shift > config.maxCentreShift;
}
