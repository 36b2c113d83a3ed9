/**
 * One geometry for the oval the capture screen draws and the size and centre rules (D-060, issue
 * 16 item 4): on every camera shape a face that fills the oval passes, a face clearly smaller is
 * asked closer, one clearly bigger is asked back, and mirroring the picture changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { FACE_BOX_ASPECT, FILL_HIGH, FILL_LOW, IPD_SHARE_LOW, OVAL_ASPECT, faceBoxFillingOval, faceTarget } from '../../../common/capture/face-target.ts';
import { evaluateGuidance, type GuidanceCode } from '../../../main/capture/guidance.ts';
import type { FaceFound } from '../../../main/capture/live-check.ts';
import { guidanceConfigSchema, type GuidanceConfig } from '../../../main/config/guidance-config.ts';
import { goodFace } from './helpers/faces.ts';

const config = guidanceConfigSchema.parse({});

/** Preview frames of the cameras a kiosk meets: 4:3, 16:9 (two sizes), 3:2, 1:1, 21:9 and portrait-mounted 3:4 and 9:16. */
const FRAMES = [
  { width: 640, height: 480 },
  { width: 640, height: 360 },
  { width: 1280, height: 720 },
  { width: 600, height: 400 },
  { width: 480, height: 480 },
  { width: 640, height: 274 },
  { width: 480, height: 640 },
  { width: 360, height: 640 },
] as const;
/** Still widths: none known, a webcam's, HD, full HD, a 12-MP sensor's. */
const STILLS = [undefined, 640, 1280, 1920, 4000] as const;
const SIZE_RULES: readonly GuidanceCode[] = ['move_closer', 'move_back', 'centre_face'];

/** A face whose landmark box is `box`, with an eye distance at the measured share of its width. */
function faceWithBox(box: { left: number; top: number; width: number; height: number }, frameWidth: number, ipdShare = 0.44): FaceFound {
  return goodFace({ faceBox: box, faceRatio: box.width / frameWidth, ipdPx: box.width * ipdShare });
}

function sizeIssues(face: FaceFound, frame: { width: number; height: number }, stillWidth: number | undefined, rules: GuidanceConfig = config): GuidanceCode[] {
  const still = stillWidth ? { still: { width: stillWidth, height: Math.round((stillWidth * frame.height) / frame.width) } } : {};
  const { issues } = evaluateGuidance(face, null, frame, 'front', rules, 'still' in still ? still.still : undefined);
  return issues.filter((issue) => SIZE_RULES.includes(issue));
}

describe('face target geometry (D-060)', () => {
  for (const frame of FRAMES) {
    describe(`${frame.width}×${frame.height} frame`, () => {
      it('draws an oval with a head’s proportions in pixels that stays inside the frame', () => {
        for (const stillWidth of STILLS) {
          const { oval } = faceTarget(frame, config, stillWidth);
          expect((oval.rx * frame.width) / (oval.ry * frame.height)).toBeCloseTo(OVAL_ASPECT, 6);
          expect(oval.cx - oval.rx).toBeGreaterThan(0);
          expect(oval.cy - oval.ry).toBeGreaterThan(0);
          expect(oval.cy + oval.ry).toBeLessThan(1);
        }
      });

      it('accepts every face that fills the oval, from the head with its hair to the bare face, on every still size', () => {
        for (const stillWidth of STILLS) {
          const target = faceTarget(frame, config, stillWidth);
          // The band's ends themselves, less a rounding error, and eight steps between.
          for (const share of Array.from({ length: 9 }, (_, i) => FILL_LOW + 1e-9 + (i / 8) * (FILL_HIGH - FILL_LOW - 2e-9))) {
            const face = faceWithBox(faceBoxFillingOval(target, frame, share), frame.width);
            expect(sizeIssues(face, frame, stillWidth), `share ${share.toFixed(2)}, still ${stillWidth}`).toEqual([]);
          }
        }
      });

      it('asks a face well inside the oval to come closer and a face overflowing it to move back', () => {
        for (const stillWidth of STILLS) {
          const target = faceTarget(frame, config, stillWidth);
          const small = faceWithBox(faceBoxFillingOval(target, frame, FILL_LOW * 0.85), frame.width);
          expect(sizeIssues(small, frame, stillWidth)).toContain('move_closer');
          const large = faceWithBox(faceBoxFillingOval(target, frame, Math.max(FILL_HIGH, config.maxFaceRatio / (2 * target.oval.rx)) * 1.1), frame.width);
          expect(sizeIssues(large, frame, stillWidth)).toContain('move_back');
        }
      });

      it('judges a mirrored picture as the unmirrored one (the oval is its own mirror image)', () => {
        const target = faceTarget(frame, config, 1920);
        for (const [share, dx] of [
          [0.9, 0.05],
          [0.9, 0.2],
          [0.6, -0.1],
        ] as const) {
          const box = faceBoxFillingOval(target, frame, share);
          const shifted = { ...box, left: box.left + dx * frame.width };
          const mirrored = { ...shifted, left: frame.width - shifted.left - shifted.width };
          expect(sizeIssues(faceWithBox(mirrored, frame.width), frame, 1920)).toEqual(sizeIssues(faceWithBox(shifted, frame.width), frame, 1920));
        }
      });
    });
  }

  it('sizes the oval from the configured least share while the still has detail to spare', () => {
    const target = faceTarget({ width: 640, height: 480 }, config, 4000);
    expect(target.limitedBy).toBe('rule');
    expect(target.minFaceRatio).toBeCloseTo(config.minFaceRatio, 9);
    expect(2 * target.oval.rx).toBeCloseTo(config.minFaceRatio / FILL_LOW, 9);
  });

  it('grows the oval when the still needs a bigger face for the analysis’s detail (D-033)', () => {
    // A 1920-px still at 2 px/mm needs 126 px between the eyes: 0.066 of the width, a face of 0.164 at the low eye share.
    const frame = { width: 640, height: 480 };
    const target = faceTarget(frame, { ...config, minFaceRatio: 0.1 }, 1920);
    expect(target.limitedBy).toBe('detail');
    expect(target.minFaceRatio).toBeCloseTo((2 * 63) / 1920 / IPD_SHARE_LOW, 9);
    expect(target.detailReachable).toBe(true);
  });

  it('caps the oval at what the frame can show, and then lets a face filling it pass the detail rule too', () => {
    // A 640-px still on a 16:9 camera at 2 px/mm would need a face of 0.49 of the width: taller than the frame.
    const frame = { width: 640, height: 360 };
    const target = faceTarget(frame, config, 640);
    expect(target.limitedBy).toBe('frame');
    expect(target.detailReachable).toBe(false);
    expect(target.oval.cy + target.oval.ry).toBeLessThan(1);
    const face = faceWithBox(faceBoxFillingOval(target, frame, 0.8), frame.width);
    expect(sizeIssues(face, frame, 640)).toEqual([]);
  });

  it('agrees with the issue’s USB camera: a head filling the oval on 16:9 is no longer asked to come closer', () => {
    // Before D-060 the oval was 0.4 × 0.68 of the frame: flat on 16:9, and a head filling it
    // showed a face box of about 0.23 of the width against the rule's 0.25.
    const frame = { width: 1280, height: 720 };
    const target = faceTarget(frame, config, 1280);
    const headFilling = faceWithBox(faceBoxFillingOval(target, frame, 0.72), frame.width);
    expect(sizeIssues(headFilling, frame, 1280)).toEqual([]);
    // The oval on 16:9 is as tall as the frame allows; the least width follows it, just under 0.25.
    expect(target.limitedBy).toBe('frame');
    expect(target.minFaceRatio).toBeGreaterThan(0.23);
    expect(FACE_BOX_ASPECT).toBeGreaterThan(OVAL_ASPECT);
  });
});
