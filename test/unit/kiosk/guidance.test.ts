import { describe, expect, it } from 'vitest';
import { evaluateGuidance, stillPxPerMm } from '../../../main/capture/guidance.ts';
import type { GuidanceCode } from '../../../main/capture/guidance.ts';
import type { FaceCheckResult } from '../../../main/capture/live-check.ts';
import { guidanceConfigSchema } from '../../../main/config/guidance-config.ts';
import type { View } from '../../../protocol/skin-api/api-codes.ts';
import { FRAME, goodFace, withPose } from './helpers/faces.ts';

const config = guidanceConfigSchema.parse({});
const issues = (check: FaceCheckResult, view: View = 'front', previous: FaceCheckResult | null = null) => evaluateGuidance(check, previous, FRAME, view, config).issues;

describe('live guidance', () => {
  it('accepts a well-placed, sharp, open-eyed face in the front view', () => {
    expect(evaluateGuidance(goodFace(), null, FRAME, 'front', config)).toMatchObject({ ok: true, issues: [], faceRatio: 200 / 640 });
  });

  it('asks the customer to come closer when the still would show the face with too little detail (D-033)', () => {
    // FRAME is 640 px wide; a 4000-px still scales it 6.25 times. Default minimum: 2 px/mm.
    const still = { width: 4000, height: 3000 };
    const at = (ipdPx: number) => evaluateGuidance({ ...goodFace(), ipdPx }, null, FRAME, 'front', config, still).issues;
    expect(config.minStillPxPerMm).toBe(2);
    expect(stillPxPerMm(21, FRAME, still)).toBeCloseTo(2.08, 2);
    expect(at(21)).toEqual([]);
    expect(at(19)).toEqual(['move_closer']);
    // A technician who wants pores measured asks for 4 px/mm.
    const pores = guidanceConfigSchema.parse({ minStillPxPerMm: 4 });
    expect(evaluateGuidance({ ...goodFace(), ipdPx: 30 }, null, FRAME, 'front', pores, still).issues).toEqual(['move_closer']);
    // Without the still's size (or the eye distance) only the face ratio is checked.
    expect(evaluateGuidance({ ...goodFace(), ipdPx: 5 }, null, FRAME, 'front', config).issues).toEqual([]);
  });

  it('asks for a face when none is found', () => {
    expect(issues({ facePresent: false })).toEqual(['no_face']);
  });

  it('uses the documented default thresholds', () => {
    expect(config.views).toEqual({ front: { yaw: 0, yawTolerance: 8 }, left: { yaw: 30, yawTolerance: 10 }, right: { yaw: -30, yawTolerance: 10 } });
    expect([config.maxPitch, config.maxRoll, config.minFaceRatio, config.maxFaceRatio, config.maxCentreOffset]).toEqual([10, 8, 0.25, 0.6, 0.15]);
    expect([config.minEyeOpen, config.maxGlasses, config.minBrightness, config.maxBrightness, config.maxBlur]).toEqual([0.5, 0.5, 0.25, 0.85, 0.5]);
  });

  // Yaw positive = the customer turned to their own left (vision/face HeadPose).
  const yawCases: [View, number, GuidanceCode[]][] = [
    ['front', 8, []],
    ['front', 8.5, ['turn_right']],
    ['front', -8.5, ['turn_left']],
    ['left', 30, []],
    ['left', 20, []],
    ['left', 19, ['turn_left']],
    ['left', 41, ['turn_right']],
    ['left', -30, ['turn_left']],
    ['right', -30, []],
    ['right', -40, []],
    ['right', -41, ['turn_left']],
    ['right', -19, ['turn_right']],
    ['right', 30, ['turn_right']],
  ];
  it.each(yawCases)('%s view, yaw %d -> %j', (view, yaw, expected) => {
    expect(issues(withPose({ yaw }), view)).toEqual(expected);
  });

  it('asks to tilt down when the chin is up, up when it is down, and to straighten a rolled head', () => {
    expect(issues(withPose({ pitch: 10 }))).toEqual([]);
    expect(issues(withPose({ pitch: 10.5 }))).toEqual(['tilt_down']);
    expect(issues(withPose({ pitch: -10.5 }))).toEqual(['tilt_up']);
    expect(issues(withPose({ roll: 8.5 }))).toEqual(['straighten_head']);
    expect(issues(withPose({ roll: -8.5 }))).toEqual(['straighten_head']);
  });

  it('measures pitch from the camera mounting: a camera above the eyes (pitchOffset -12) accepts the chin-down look of a customer facing the screen', () => {
    const mounted = guidanceConfigSchema.parse({ pitchOffset: -12 });
    const pitched = (pitch: number) => evaluateGuidance(withPose({ pitch }), null, FRAME, 'front', mounted).issues;
    expect(config.pitchOffset).toBeUndefined();
    expect(issues(withPose({ pitch: -12 }))).toEqual(['tilt_up']);
    expect(pitched(-12)).toEqual([]);
    expect(pitched(-22)).toEqual([]);
    expect(pitched(-22.5)).toEqual(['tilt_up']);
    expect(pitched(-1.5)).toEqual(['tilt_down']);
    expect(() => guidanceConfigSchema.parse({ pitchOffset: 31 })).toThrow();
  });

  it('asks to move closer or back by face ratio, and to centre an off-centre face', () => {
    expect(issues(goodFace({ faceRatio: 0.24 }))).toEqual(['move_closer']);
    expect(issues(goodFace({ faceRatio: 0.61 }))).toEqual(['move_back']);
    // Box centre at x = 0.5 + 0.16 of the frame width.
    expect(issues(goodFace({ faceBox: { left: 220 + 0.16 * 640, top: 130, width: 200, height: 220 } }))).toEqual(['centre_face']);
    expect(issues(goodFace({ faceBox: { left: 220 + 0.14 * 640, top: 130, width: 200, height: 220 } }))).toEqual([]);
  });

  it('reports closed eyes, glasses, light and blur', () => {
    expect(issues(goodFace({ eyesOpen: { left: 0.9, right: 0.4 } }))).toEqual(['open_eyes']);
    expect(issues(goodFace({ glasses: { normal: 0.45, sunglasses: 0.1 } }))).toEqual(['remove_glasses']);
    expect(issues(goodFace({ quality: { blur: 0.1, brightness: 0.2 } }))).toEqual(['too_dark']);
    expect(issues(goodFace({ quality: { blur: 0.1, brightness: 0.9 } }))).toEqual(['too_bright']);
    expect(issues(goodFace({ quality: { blur: 0.6, brightness: 0.5 } }))).toEqual(['blurry']);
  });

  it('lets glasses pass when the merchant does not require their removal', () => {
    const lenient = guidanceConfigSchema.parse({ requireNoGlasses: false });
    expect(evaluateGuidance(goodFace({ glasses: { normal: 0.9, sunglasses: 0 } }), null, FRAME, 'front', lenient).ok).toBe(true);
  });

  it('asks to hold still when the pose or position jumps between two frames', () => {
    expect(issues(withPose({ yaw: 3 }), 'front', withPose({ yaw: -1.5 }))).toEqual(['hold_still']);
    expect(issues(withPose({ yaw: 3 }), 'front', withPose({ yaw: 0 }))).toEqual([]);
    const moved = goodFace({ faceBox: { left: 240, top: 130, width: 200, height: 220 } });
    expect(issues(moved, 'front', goodFace())).toEqual(['hold_still']);
    expect(issues(goodFace(), 'front', { facePresent: false })).toEqual([]);
  });

  it('lists every problem, geometry before quality', () => {
    const bad = goodFace({ faceRatio: 0.1, pose: { pitch: 20, roll: 0, yaw: -20 }, quality: { blur: 0.9, brightness: 0.1 } });
    expect(issues(bad)).toEqual(['move_closer', 'turn_left', 'tilt_down', 'too_dark', 'blurry']);
  });

  it('takes the expected yaw per view from the configuration', () => {
    const flipped = guidanceConfigSchema.parse({ views: { left: { yaw: -45, yawTolerance: 5 }, right: { yaw: 45, yawTolerance: 5 } } });
    expect(evaluateGuidance(withPose({ yaw: -45 }), null, FRAME, 'left', flipped).ok).toBe(true);
    expect(evaluateGuidance(withPose({ yaw: 30 }), null, FRAME, 'left', flipped).issues).toEqual(['turn_right']);
    expect(flipped.views.front).toEqual({ yaw: 0, yawTolerance: 8 });
  });
});
