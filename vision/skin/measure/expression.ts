import type { SkinContext } from '../context.ts';
import { faceAxes, landmark } from '../regions/geometry.ts';
import * as M from '../regions/mesh-indices.ts';

/**
 * The face's expression as far as it confounds the skin's folds and creases (D-068): a smile
 * deepens the nasolabial folds, lifts the cheeks into the under-eye creases and folds the skin at
 * the eye corners; an open mouth stretches the marionette area. VISIA and Observ captures ask for
 * a neutral face; a photo that has none still gets read, with the caveat.
 */
export interface Expression {
  /** Mouth corner to corner over the interpupillary distance (about 0.7 to 0.86 at rest). */
  readonly mouthWidth: number;
  /** The inner lips apart, over the interpupillary distance (under 0.03 closed). */
  readonly mouthOpen: number;
  /** 0 at rest to 1 for a broad smile or an open mouth. */
  readonly strength: number;
}

/**
 * decision: a smile from a mouth width of 0.85 IPD (none) to 1.0 (full), an open mouth from
 * 0.06 IPD (none) to 0.15 (full). Set on 21 photos looked at by eye (11 of the real-face set, 10
 * unit fixtures): every face at rest read under 0.86 and 0.06; every broad smile at or over
 * 0.92 wide, and lips showing teeth 0.1 apart or more.
 */
const SMILE = [0.85, 1.0] as const;
const OPEN = [0.06, 0.15] as const;

const ramp = (v: number, [lo, hi]: readonly [number, number]): number => Math.min(1, Math.max(0, (v - lo) / (hi - lo)));

export function faceExpression(ctx: SkinContext): Expression {
  return ctx.memo('expression', () => {
    const face = ctx.input.face;
    const ipd = Math.max(1e-6, faceAxes(face).ipd);
    const dist = (a: number, b: number): number => {
      const p = landmark(face, a);
      const q = landmark(face, b);
      return Math.hypot(p.x - q.x, p.y - q.y);
    };
    const mouthWidth = dist(M.POINT.mouthCornerRight, M.POINT.mouthCornerLeft) / ipd;
    const mouthOpen = dist(M.POINT.innerLipUpper, M.POINT.innerLipLower) / ipd;
    return { mouthWidth, mouthOpen, strength: Math.max(ramp(mouthWidth, SMILE), ramp(mouthOpen, OPEN)) };
  });
}
