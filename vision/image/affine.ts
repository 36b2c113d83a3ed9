/**
 * 2-D affine maps between an output raster (a model input, a crop) and the source image, both in
 * continuous pixel coordinates: pixel (i, j) covers [i, i+1) x [j, j+1), its centre is
 * (i + 0.5, j + 0.5). Landmarks are reported in the same continuous coordinates.
 */
import type { Point2 } from '../types.ts';

/** x' = a*x + b*y + tx; y' = c*x + d*y + ty */
export interface Affine {
  readonly a: number;
  readonly b: number;
  readonly c: number;
  readonly d: number;
  readonly tx: number;
  readonly ty: number;
}

export const IDENTITY: Affine = { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 };

export function applyAffine(m: Affine, x: number, y: number): Point2 {
  return { x: m.a * x + m.b * y + m.tx, y: m.c * x + m.d * y + m.ty };
}

export function invertAffine(m: Affine): Affine {
  const det = m.a * m.d - m.b * m.c;
  if (det === 0 || !Number.isFinite(det)) throw new RangeError('affine map is not invertible');
  const a = m.d / det;
  const b = -m.b / det;
  const c = -m.c / det;
  const d = m.a / det;
  return { a, b, c, d, tx: -(a * m.tx + b * m.ty), ty: -(c * m.tx + d * m.ty) };
}

/** first, then second: compose(second, first)(p) = second(first(p)). */
export function composeAffine(second: Affine, first: Affine): Affine {
  return {
    a: second.a * first.a + second.b * first.c,
    b: second.a * first.b + second.b * first.d,
    c: second.c * first.a + second.d * first.c,
    d: second.c * first.b + second.d * first.d,
    tx: second.a * first.tx + second.b * first.ty + second.tx,
    ty: second.c * first.tx + second.d * first.ty + second.ty,
  };
}

/**
 * The map from a size x size output raster onto a square of side `side` centred at (cx, cy) in the
 * source, rotated by `angle` radians (image coordinates, y down: positive turns clockwise on
 * screen). Used for upright face crops: the crop's "up" is the face's up.
 */
export function squareCropAffine(cx: number, cy: number, side: number, angle: number, size: number): Affine {
  const s = side / size;
  const cos = Math.cos(angle) * s;
  const sin = Math.sin(angle) * s;
  const h = size / 2;
  // source = centre + R(angle) * s * (output - h)
  return { a: cos, b: -sin, c: sin, d: cos, tx: cx - cos * h + sin * h, ty: cy - sin * h - cos * h };
}

/**
 * Letterbox: the whole width x height image scaled to fit a size x size raster, centred, the rest
 * padded (black). Returns the output-to-source map; keeps the face's aspect ratio, unlike a
 * stretch, which is what the detector was trained on (MediaPipe pads, it does not stretch).
 */
export function letterboxAffine(width: number, height: number, size: number): Affine {
  const s = Math.max(width, height) / size;
  return { a: s, b: 0, c: 0, d: s, tx: (width - size * s) / 2, ty: (height - size * s) / 2 };
}
