import type { Point2 } from '../../types.ts';
import type { ValleyMaps } from './filters.ts';
import type { Mask, Plane } from './plane.ts';

/** A traced dark line (wrinkle, fold) in plane pixels. */
export interface Line {
  readonly points: readonly Point2[];
  /** Polyline length in plane pixels. */
  readonly length: number;
  /** Mean valley response along the line (L* units, scale-normalised). */
  readonly strength: number;
  /** Direction of the line's principal axis, radians in (-pi/2, pi/2], image y down. */
  readonly angle: number;
}

export interface LineOptions {
  readonly maps: ValleyMaps;
  /** Full-size mask of the plane the maps were computed on. */
  readonly mask: Mask;
  /** Hysteresis thresholds on the valley response: a line needs one pixel above high, all above low. */
  readonly high: number;
  readonly low: number;
  readonly minLength: number;
  /** Pixels rounder than this (|l2|/l1) are dots, not lines. */
  readonly maxAnisotropy: number;
  /** Accepts a line direction (radians); e.g. forehead lines are near horizontal. */
  readonly accept: (angle: number) => boolean;
}

/** Folds an angle into (-pi/2, pi/2]: lines have no head or tail. */
export function lineAngle(a: number): number {
  let t = a % Math.PI;
  if (t <= -Math.PI / 2) t += Math.PI;
  if (t > Math.PI / 2) t -= Math.PI;
  return t;
}

/** Smallest angle between two undirected lines, 0..pi/2. */
export function angleBetween(a: number, b: number): number {
  return Math.abs(lineAngle(a - b));
}

/**
 * Thin valley pixels (non-maximum suppression across the valley), hysteresis, then one polyline
 * per 8-connected chain along its principal axis: the chain's measured length is what the
 * wrinkle levels are graded on.
 */
export function extractLines(o: LineOptions): Line[] {
  const { strength: S, angle: A, anisotropy: N, rect } = o.maps;
  const { mask } = o;
  const W = S.width;
  const H = S.height;
  const keep = new Uint8Array(W * H);
  for (let y = 1; y < H - 1; y++) {
    for (let x = 1; x < W - 1; x++) {
      const i = y * W + x;
      const s = S.data[i] as number;
      if (s < o.low || !mask.data[(y + rect.y0) * mask.width + x + rect.x0] || (N.data[i] as number) > o.maxAnisotropy) continue;
      const t = A.data[i] as number;
      if (!o.accept(t)) continue;
      const dx = Math.round(-Math.sin(t));
      const dy = Math.round(Math.cos(t));
      if (s < (S.data[i + dy * W + dx] as number) || s < (S.data[i - dy * W - dx] as number)) continue;
      keep[i] = 1;
    }
  }
  const lines: Line[] = [];
  const seen = new Uint8Array(W * H);
  const stack: number[] = [];
  for (let start = 0; start < keep.length; start++) {
    if (!keep[start] || seen[start]) continue;
    const pixels: number[] = [];
    stack.push(start);
    seen[start] = 1;
    let peak = 0;
    while (stack.length) {
      const i = stack.pop() ?? 0;
      pixels.push(i);
      peak = Math.max(peak, S.data[i] ?? 0);
      const x = i % W;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= W) continue;
          const j = i + dy * W + dx;
          if (j >= 0 && j < keep.length && keep[j] && !seen[j]) {
            seen[j] = 1;
            stack.push(j);
          }
        }
      }
    }
    if (peak < o.high || pixels.length < 3) continue;
    const line = polyline(pixels, W, S, rect.x0, rect.y0);
    if (line.length >= o.minLength && o.accept(line.angle)) lines.push(line);
  }
  return lines;
}

function polyline(pixels: readonly number[], W: number, S: Plane, ox: number, oy: number): Line {
  let mx = 0;
  let my = 0;
  let sum = 0;
  for (const i of pixels) {
    mx += i % W;
    my += Math.floor(i / W);
    sum += S.data[i] ?? 0;
  }
  mx /= pixels.length;
  my /= pixels.length;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (const i of pixels) {
    const dx = (i % W) - mx;
    const dy = Math.floor(i / W) - my;
    sxx += dx * dx;
    syy += dy * dy;
    sxy += dx * dy;
  }
  const angle = lineAngle(0.5 * Math.atan2(2 * sxy, sxx - syy));
  const ux = Math.cos(angle);
  const uy = Math.sin(angle);
  // Bin the chain along its axis every 3 px and average each bin: a smooth, ordered polyline.
  const bins = new Map<number, { x: number; y: number; n: number }>();
  let lo = Infinity;
  let hi = -Infinity;
  for (const i of pixels) {
    const x = i % W;
    const y = Math.floor(i / W);
    const t = (x - mx) * ux + (y - my) * uy;
    lo = Math.min(lo, t);
    hi = Math.max(hi, t);
    const key = Math.round(t / 3);
    const b = bins.get(key) ?? { x: 0, y: 0, n: 0 };
    b.x += x + ox + 0.5;
    b.y += y + oy + 0.5;
    b.n++;
    bins.set(key, b);
  }
  const points = [...bins.entries()].sort((a, b) => a[0] - b[0]).map(([, b]) => ({ x: b.x / b.n, y: b.y / b.n }));
  let length = 0;
  for (let k = 1; k < points.length; k++) {
    const p = points[k - 1] as Point2;
    const q = points[k] as Point2;
    length += Math.hypot(q.x - p.x, q.y - p.y);
  }
  // Bin averaging shortens the ends; the extent along the axis (plus the end pixel) does not.
  length = Math.max(length, hi - lo + 1);
  return { points, length, strength: sum / pixels.length, angle };
}
