/**
 * Aligns the face of one visit's photo onto another's (issue 16 item 7, D-061): a similarity
 * transform (scale, rotation, shift) fitted by least squares to the two visits' face outlines,
 * which the kiosk records per session and view (main/store/face-outlines.ts), normalised 0..1 to
 * the frame. Runtime-free: the renderer draws with it, tests check it without a browser.
 */

export type Point = readonly [number, number];

export interface FaceShape {
  readonly points: readonly Point[];
  /** Landmark silhouettes correspond point by point; boxes are four corners. */
  readonly source: 'landmarks' | 'box';
}

/**
 * q = s·R(θ)·p + t in aspect-corrected coordinates (x scaled by the frame's width/height, y as is),
 * so the rotation is a true rotation on a frame that is not square.
 */
export interface Alignment {
  readonly scale: number;
  /** Radians, clockwise on screen (y grows downwards). */
  readonly rotation: number;
  /** Shift in units of the frame's height, both axes. */
  readonly tx: number;
  readonly ty: number;
  /** RMS distance left between the fitted outlines, as a share of the target face's size. */
  readonly residual: number;
  /** How it was fitted: point by point, or centre and size only (outlines of unlike kinds). */
  readonly method: 'procrustes' | 'centre';
}

/** Beyond this share of the face's size left after fitting, the photos are not called aligned. */
export const ALIGNMENT_TOLERANCE = 0.08;

/**
 * The transform taking `from` (the earlier visit) onto `to` (this one) on frames of the given
 * aspect (width / height). Point by point (closed-form Procrustes) when the outlines correspond;
 * otherwise centroid and RMS radius only, with no rotation. Null when either has too few points.
 */
export function alignFaces(from: FaceShape, to: FaceShape, aspect: number): Alignment | null {
  if (from.points.length < 3 || to.points.length < 3 || !(aspect > 0)) return null;
  const p = from.points.map(([x, y]): Point => [x * aspect, y]);
  const q = to.points.map(([x, y]): Point => [x * aspect, y]);
  const mp = mean(p);
  const mq = mean(q);
  const size = rmsRadius(q, mq);
  if (size === 0 || rmsRadius(p, mp) === 0) return null;
  const corresponding = from.source === to.source && p.length === q.length;
  let a: number;
  let b: number;
  if (corresponding) {
    // Least-squares similarity in closed form: a = s·cosθ, b = s·sinθ.
    let dot = 0;
    let cross = 0;
    let norm = 0;
    for (let i = 0; i < p.length; i++) {
      const [px, py] = sub(p[i] as Point, mp);
      const [qx, qy] = sub(q[i] as Point, mq);
      dot += px * qx + py * qy;
      cross += px * qy - py * qx;
      norm += px * px + py * py;
    }
    a = dot / norm;
    b = cross / norm;
  } else {
    a = size / rmsRadius(p, mp);
    b = 0;
  }
  const tx = mq[0] - (a * mp[0] - b * mp[1]);
  const ty = mq[1] - (b * mp[0] + a * mp[1]);
  const moved = p.map(([x, y]): Point => [a * x - b * y + tx, b * x + a * y + ty]);
  const residual = corresponding ? Math.sqrt(moved.reduce((s, m, i) => s + dist2(m, q[i] as Point), 0) / moved.length) / size : 0;
  return { scale: Math.hypot(a, b), rotation: Math.atan2(b, a), tx, ty, residual, method: corresponding ? 'procrustes' : 'centre' };
}

/**
 * The CSS transform (transform-origin 0 0) that draws the earlier photo, filling a box of the
 * frame's aspect, aligned on the later one: translate in percent of the box, then rotate, then scale.
 */
export function cssTransformOf(alignment: Alignment, aspect: number): string {
  const x = ((alignment.tx / aspect) * 100).toFixed(3);
  const y = (alignment.ty * 100).toFixed(3);
  return `translate(${x}%, ${y}%) rotate(${alignment.rotation.toFixed(5)}rad) scale(${alignment.scale.toFixed(5)})`;
}

function mean(points: readonly Point[]): Point {
  const n = points.length;
  return [points.reduce((s, [x]) => s + x, 0) / n, points.reduce((s, [, y]) => s + y, 0) / n];
}

function sub([ax, ay]: Point, [bx, by]: Point): Point {
  return [ax - bx, ay - by];
}

function dist2(a: Point, b: Point): number {
  const [dx, dy] = sub(a, b);
  return dx * dx + dy * dy;
}

function rmsRadius(points: readonly Point[], centre: Point): number {
  return Math.sqrt(points.reduce((s, p) => s + dist2(p, centre), 0) / points.length);
}
