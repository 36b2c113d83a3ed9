// Where a small spot is hardest to see: on shading. D-095 found every painted spot the analysis
// missed on a cheek or jaw shading gradient, and D-097 levelled "dark all round" for it; a 6 mm
// spot on a random point rarely meets a steep slope, so the bench also paints a small spot on the
// steepest valid points of each face. The slope at a point is the least-squares plane of the
// capture's L* over a disc several millimetres wide: shading, not texture (pores, fine lines and
// small spots average out over the disc).
import type { Point2, RgbImage } from '../../vision/types.ts';
import { rgbToLab } from './colour.ts';

/**
 * decision: the plane is fitted over a disc of 4 mm radius, 8 mm across. The "dark all round" ring
 * of a 3 mm spot lies about 2.4 mm out (1.6 half-depth radii), so the disc spans the ring and its
 * rise across the ring is what the detector meets; the placement keeps this disc on skin.
 */
export const SHADING_DISC_MM = 4;

/** decision: the steepest fifth of a face's valid points (see steepest). */
export const STEEP_FRACTION = 0.2;

/** A valid place to paint, with the shading slope of the capture there (L* per mm). */
export interface ShadedPoint {
  readonly at: Point2;
  readonly slope: number;
}

/**
 * The magnitude of the gradient of the least-squares plane of L* through the pixels within
 * `radiusPx` of `at` (pixel centres; clipped at the image's border): L* per pixel.
 */
export function shadingSlope(image: RgbImage, at: Point2, radiusPx: number): number {
  const x0 = Math.max(0, Math.floor(at.x - radiusPx));
  const x1 = Math.min(image.width - 1, Math.ceil(at.x + radiusPx));
  const y0 = Math.max(0, Math.floor(at.y - radiusPx));
  const y1 = Math.min(image.height - 1, Math.ceil(at.y + radiusPx));
  // Sums over (dx, dy, L) about `at`, then centred: the plane's slope does not depend on its level.
  let n = 0;
  let sx = 0;
  let sy = 0;
  let sl = 0;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  let sxl = 0;
  let syl = 0;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const dx = x + 0.5 - at.x;
      const dy = y + 0.5 - at.y;
      if (dx * dx + dy * dy > radiusPx * radiusPx) continue;
      const i = (y * image.width + x) * 3;
      const L = rgbToLab(image.data[i] ?? 0, image.data[i + 1] ?? 0, image.data[i + 2] ?? 0)[0];
      n++;
      sx += dx;
      sy += dy;
      sl += L;
      sxx += dx * dx;
      syy += dy * dy;
      sxy += dx * dy;
      sxl += dx * L;
      syl += dy * L;
    }
  }
  if (n < 3) return Number.NaN;
  const cxx = sxx - (sx * sx) / n;
  const cyy = syy - (sy * sy) / n;
  const cxy = sxy - (sx * sy) / n;
  const cxl = sxl - (sx * sl) / n;
  const cyl = syl - (sy * sl) / n;
  const det = cxx * cyy - cxy * cxy;
  if (!(det > 0)) return Number.NaN;
  const gx = (cxl * cyy - cyl * cxy) / det;
  const gy = (cyl * cxx - cxl * cxy) / det;
  return Math.hypot(gx, gy);
}

/**
 * The points whose slope is in the top `fraction` of `points` (at least one point when any has a
 * slope), steepest first. Points without a slope (NaN) are left out.
 */
export function steepest(points: readonly ShadedPoint[], fraction: number): ShadedPoint[] {
  const ranked = points.filter((p) => Number.isFinite(p.slope)).sort((a, b) => b.slope - a.slope);
  return ranked.slice(0, Math.max(1, Math.round(fraction * ranked.length)));
}

/**
 * `count` points drawn from the steep ones in a seeded order: without repeats while they last (then
 * round again). The order does not depend on `count`, so the first two of eight trials are the
 * default run's two, as for the 6 mm spot.
 */
export function chooseSteep(steep: readonly ShadedPoint[], count: number, rand: () => number): ShadedPoint[] {
  const order = [...steep];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j] as ShadedPoint, order[i] as ShadedPoint];
  }
  return order.length ? Array.from({ length: count }, (_, k) => order[k % order.length] as ShadedPoint) : [];
}
