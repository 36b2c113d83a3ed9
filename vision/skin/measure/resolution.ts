import type { SkinContext } from '../context.ts';
import { gaussianBlur } from '../image/filters.ts';
import type { Plane, Rect } from '../image/plane.ts';
import { quantile } from '../image/stats.ts';
import { landmark } from '../regions/geometry.ts';
import { polygonRect } from '../image/raster.ts';

/**
 * How much detail the working image really holds, in pixels per millimetre (D-033, D-062).
 *
 * The nominal figure (source pixels per millimetre from the interpupillary distance, capped by
 * the working frame) says nothing about an upscaled photo, a digital zoom or a soft focus: their
 * pixels are many but their edges are wide. The sharpest edges of a face (lid margins, lashes,
 * iris rim, brows) are steps; blurred by a Gaussian of `s` pixels, a step's steepest gradient
 * falls as 1/s, so blurred again by `a` and by `b` pixels its strongest gradients keep the ratio
 * r = sqrt((s^2 + a^2) / (s^2 + b^2)), which gives the edge spread s without knowing the contrast.
 * A camera image resampled down to the working frame has s of 0.6 to 1 pixel; a 3x upscale, 2 to 4.
 * The effective resolution is the nominal one divided by the spread beyond SHARP_SPREAD_PX (never
 * above the nominal one).
 *
 * Why two blurs and not the image against one blur (D-062): the ratio of the raw image's
 * gradients to a 1-pixel blur's moves by only (1 / (s^2 + 1)) of a change in s, a tenth at s = 3,
 * so a 1 % wobble of the ratio (JPEG block noise, a resampling filter's overshoot, a landmark a
 * pixel off) moved the estimate by 10 %, and a dimension whose need sat within that band flipped
 * between measured and not measured from one capture to the next. A narrow pre-blur removes
 * the pixel-level noise, and a second blur near the spreads that matter makes the ratio about three
 * times as sensitive to s: on 11 real faces under crops, rescales, exposure and JPEG changes the
 * estimate's coefficient of variation fell from 3.0 % to 1.2 % (bench/vision-real, D-062).
 */
export interface Resolution {
  /** Working pixels per millimetre at level 0, from the interpupillary distance. */
  readonly nominal: number;
  /** Edge spread (Gaussian sigma, working pixels) of the eye area's strongest edges. */
  readonly edgeSpreadPx: number;
  /** Pixels per millimetre of real detail: nominal / max(1, edgeSpreadPx / SHARP_SPREAD_PX). */
  readonly effective: number;
}

/** decision: edges this wide or narrower count as fully resolved (a sharp camera image, resampled down). */
export const SHARP_SPREAD_PX = 1;

/** The share of the eye area's pixels taken as its strongest edges. */
const TOP_SHARE = 0.02;
/**
 * decision: the wider of the two blurs whose gradient ratio gives the spread (see above): 0.57 mm,
 * kept between 1.2 and 2.5 working pixels. In millimetres because a wider blur starts to merge
 * the eye's neighbouring edges (lid margin, lash line, iris rim are 1 to 3 mm apart) and reads
 * that as softness; in pixels it must still exceed the spreads it tells apart. The narrower blur
 * is 0.28 of it (0.7 px at the working frame's 4.4 px/mm).
 */
const BLUR_B_MM = 0.57;
const BLUR_B_PX = [1.2, 2.5] as const;
const BLUR_A_SHARE = 0.28;

export function measureResolution(ctx: SkinContext): Resolution {
  return ctx.memo('resolution', () => {
    const nominal = ctx.pxPerMm(0);
    if (ctx.knownPxPerMm !== undefined) return { nominal, edgeSpreadPx: SHARP_SPREAD_PX, effective: Math.min(nominal, ctx.knownPxPerMm) };
    const L = ctx.channel(ctx.reference, 'L', 0);
    const rect = eyeArea(ctx);
    if (!rect) return { nominal, edgeSpreadPx: SHARP_SPREAD_PX, effective: nominal };
    const b = Math.min(BLUR_B_PX[1], Math.max(BLUR_B_PX[0], BLUR_B_MM * nominal));
    const a = BLUR_A_SHARE * b;
    const ga = strongGradient(gaussianBlur(L, a, grow(rect, Math.ceil(3 * a) + 2, L)), rect);
    const gb = strongGradient(gaussianBlur(L, b, grow(rect, Math.ceil(3 * b) + 2, L)), rect);
    const r2 = ga > 0 ? Math.min(0.995, Math.max(0, gb / ga) ** 2) : 0.995;
    // r^2 = (s^2 + a^2) / (s^2 + b^2), solved for s; a ratio below the sharpest possible (s = 0) reads as s = 0.
    const spread = Math.sqrt(Math.max(0, (b * b * r2 - a * a) / (1 - r2)));
    return { nominal, edgeSpreadPx: spread, effective: nominal / Math.max(1, spread / SHARP_SPREAD_PX) };
  });
}

/** Brows to lower lids across both eyes, in working pixels: where a face has its sharpest edges. */
function eyeArea(ctx: SkinContext): Rect | null {
  const face = ctx.input.face;
  // Outer brow ends (70, 300), outer and inner eye corners and the lower lids (145, 374).
  const points = [70, 300, 33, 263, 145, 374, 105, 334].map((i) => ctx.toWork(0, landmark(face, i)));
  const { width, height } = ctx.size(0);
  const r = polygonRect(points, width, height);
  return r.x1 - r.x0 >= 8 && r.y1 - r.y0 >= 4 ? r : null;
}

function grow(r: Rect, by: number, p: Plane): Rect {
  return { x0: Math.max(0, r.x0 - by), y0: Math.max(0, r.y0 - by), x1: Math.min(p.width, r.x1 + by), y1: Math.min(p.height, r.y1 + by) };
}

/** The (1 - TOP_SHARE) quantile of the central-difference gradient magnitude inside `r`. */
function strongGradient(p: Plane, r: Rect): number {
  const { width: W, data } = p;
  const values = new Float32Array(Math.max(0, (r.x1 - r.x0 - 2) * (r.y1 - r.y0 - 2)));
  let n = 0;
  for (let y = r.y0 + 1; y < r.y1 - 1; y++) {
    for (let x = r.x0 + 1, i = y * W + x; x < r.x1 - 1; x++, i++) {
      const gx = ((data[i + 1] as number) - (data[i - 1] as number)) / 2;
      const gy = ((data[i + W] as number) - (data[i - W] as number)) / 2;
      values[n++] = Math.hypot(gx, gy);
    }
  }
  return n > 0 ? quantile(values.subarray(0, n), 1 - TOP_SHARE) : 0;
}
