import type { Point2 } from '../../types.ts';
import type { Mask, Plane } from './plane.ts';
import { convexHull } from './raster.ts';

/** One 8-connected blob of a binary mask: a redness patch, a pigmented area, a shine area. */
export interface Component {
  readonly area: number;
  readonly cx: number;
  readonly cy: number;
  /** Mean of `weights` over the component (its strength), 0 without weights. */
  readonly mean: number;
  readonly box: { readonly x0: number; readonly y0: number; readonly x1: number; readonly y1: number };
  /** Convex hull of the pixel corners, in plane pixels. */
  readonly hull: readonly Point2[];
}

/** Labels the set pixels of `m` (iterative flood fill) and returns components of at least minArea pixels. */
export function components(m: Mask, minArea: number, weights?: Plane): Component[] {
  const { width: W, height: H } = m;
  const seen = new Uint8Array(W * H);
  const stack = new Int32Array(W * H);
  const out: Component[] = [];
  for (let start = 0; start < W * H; start++) {
    if (!m.data[start] || seen[start]) continue;
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    let area = 0;
    let sx = 0;
    let sy = 0;
    let sw = 0;
    let x0 = W;
    let y0 = H;
    let x1 = 0;
    let y1 = 0;
    const edge: Point2[] = [];
    while (top > 0) {
      const i = stack[--top] ?? 0;
      const x = i % W;
      const y = (i - x) / W;
      area++;
      sx += x;
      sy += y;
      sw += weights ? (weights.data[i] ?? 0) : 0;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
      let boundary = false;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          if (!dx && !dy) continue;
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= W || ny >= H) {
            boundary = true;
            continue;
          }
          const j = ny * W + nx;
          if (!m.data[j]) {
            boundary = true;
            continue;
          }
          if (!seen[j]) {
            seen[j] = 1;
            stack[top++] = j;
          }
        }
      }
      if (boundary) edge.push({ x, y }, { x: x + 1, y }, { x, y: y + 1 }, { x: x + 1, y: y + 1 });
    }
    if (area < minArea) continue;
    out.push({ area, cx: sx / area + 0.5, cy: sy / area + 0.5, mean: sw / area, box: { x0, y0, x1: x1 + 1, y1: y1 + 1 }, hull: convexHull(edge) });
  }
  return out;
}
