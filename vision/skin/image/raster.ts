import type { Point2 } from '../../types.ts';
import type { Mask, Rect } from './plane.ts';
import { newMask } from './plane.ts';

/** Fills a polygon (even-odd rule, pixel centres) into a new mask of the given size. */
export function polygonMask(polygon: readonly Point2[], width: number, height: number): Mask {
  const m = { ...newMask(width, height), bounds: polygonRect(polygon, width, height) };
  fillPolygon(m, polygon, 1);
  return m;
}

/** The pixel rectangle a polygon can touch, clipped to the plane. */
export function polygonRect(polygon: readonly Point2[], width: number, height: number): Rect {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const p of polygon) {
    x0 = Math.min(x0, p.x);
    y0 = Math.min(y0, p.y);
    x1 = Math.max(x1, p.x);
    y1 = Math.max(y1, p.y);
  }
  if (!(x1 >= x0)) return { x0: 0, y0: 0, x1: 0, y1: 0 };
  const cx0 = Math.min(width, Math.max(0, Math.floor(x0)));
  const cy0 = Math.min(height, Math.max(0, Math.floor(y0)));
  return { x0: cx0, y0: cy0, x1: Math.max(cx0, Math.min(width, Math.ceil(x1) + 1)), y1: Math.max(cy0, Math.min(height, Math.ceil(y1) + 1)) };
}

export function fillPolygon(m: Mask, polygon: readonly Point2[], value: 0 | 1): void {
  const n = polygon.length;
  if (n < 3) return;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const p of polygon) {
    minY = Math.min(minY, p.y);
    maxY = Math.max(maxY, p.y);
  }
  const y0 = Math.max(0, Math.ceil(minY - 0.5));
  const y1 = Math.min(m.height - 1, Math.floor(maxY - 0.5));
  const xs: number[] = [];
  for (let y = y0; y <= y1; y++) {
    const cy = y + 0.5;
    xs.length = 0;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const a = polygon[i];
      const b = polygon[j];
      if (!a || !b) continue;
      if (a.y > cy !== b.y > cy) xs.push(a.x + ((cy - a.y) / (b.y - a.y)) * (b.x - a.x));
    }
    xs.sort((p, q) => p - q);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const from = Math.max(0, Math.ceil((xs[k] ?? 0) - 0.5));
      const to = Math.min(m.width - 1, Math.floor((xs[k + 1] ?? 0) - 0.5));
      if (to >= from) m.data.fill(value, y * m.width + from, y * m.width + to + 1);
    }
  }
}

export function pointInPolygon(p: Point2, polygon: readonly Point2[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i];
    const b = polygon[j];
    if (!a || !b) continue;
    if (a.y > p.y !== b.y > p.y && p.x < a.x + ((p.y - a.y) / (b.y - a.y)) * (b.x - a.x)) inside = !inside;
  }
  return inside;
}

export function polygonArea(polygon: readonly Point2[]): number {
  let area = 0;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i];
    const b = polygon[j];
    if (a && b) area += (b.x + a.x) * (b.y - a.y);
  }
  return Math.abs(area) / 2;
}

/** Andrew's monotone chain; counter-clockwise in image coordinates' y-down sense is irrelevant here. */
export function convexHull(points: readonly Point2[]): Point2[] {
  const pts = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (pts.length < 3) return pts;
  const cross = (o: Point2, a: Point2, b: Point2): number => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const lower: Point2[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2] as Point2, lower[lower.length - 1] as Point2, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Point2[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i] as Point2;
    while (upper.length >= 2 && cross(upper[upper.length - 2] as Point2, upper[upper.length - 1] as Point2, p) <= 0) upper.pop();
    upper.push(p);
  }
  lower.pop();
  upper.pop();
  return lower.concat(upper);
}

/** Shortest distance from a point to a polyline. */
export function distanceToPath(p: Point2, path: readonly Point2[]): number {
  let best = Infinity;
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1] as Point2;
    const b = path[i] as Point2;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy || 1)));
    best = Math.min(best, Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy));
  }
  return best;
}
