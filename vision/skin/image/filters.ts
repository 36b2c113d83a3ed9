// Hot loops read typed arrays with `as number`: the indices are in range by construction, and
// `?? 0` would add a branch to every filter tap.
import type { Plane, Rect } from './plane.ts';
import { newPlane } from './plane.ts';

/** Normalised 1-D Gaussian taps, radius ceil(3 sigma). */
export function gaussianKernel(sigma: number): Float32Array {
  const radius = Math.max(1, Math.ceil(sigma * 3));
  const k = new Float32Array(2 * radius + 1);
  let sum = 0;
  for (let i = -radius; i <= radius; i++) {
    const v = Math.exp((-i * i) / (2 * sigma * sigma));
    k[i + radius] = v;
    sum += v;
  }
  for (let i = 0; i < k.length; i++) k[i] = (k[i] ?? 0) / sum;
  return k;
}

function fullRect(p: Plane): Rect {
  return { x0: 0, y0: 0, x1: p.width, y1: p.height };
}

/**
 * Separable Gaussian blur with clamped borders. With `roi`, only that rectangle of the output is
 * computed (the rest stays 0): analysers blur around their regions, not the whole crop. Sigmas
 * from BOX_SIGMA (1.6 px) up use three box filters (running sums, cost independent of sigma; Kovesi's
 * "boxes for Gauss"), which keeps a 12-megapixel capture inside the time budget: a true kernel
 * of sigma 6 costs 37 taps per pixel and pass on these machines' ~4 ns per tap.
 */
export function gaussianBlur(src: Plane, sigma: number, roi: Rect = fullRect(src)): Plane {
  const out = newPlane(src.width, src.height);
  if (sigma <= 0) {
    out.data.set(src.data);
    return out;
  }
  const rect = { x0: Math.max(0, roi.x0), y0: Math.max(0, roi.y0), x1: Math.min(src.width, roi.x1), y1: Math.min(src.height, roi.y1) };
  if (rect.x1 <= rect.x0 || rect.y1 <= rect.y0) return out;
  if (sigma >= BOX_SIGMA) boxGauss(src, sigma, rect, out);
  else kernelGauss(src, sigma, rect, out);
  return out;
}

/** Above this sigma three boxes cost less than the kernel's taps. */
export const BOX_SIGMA = 1.6;

function kernelGauss(src: Plane, sigma: number, roi: Rect, out: Plane): void {
  const { width: W, height: H } = src;
  const s = src.data;
  const k = gaussianKernel(sigma);
  const r = (k.length - 1) >> 1;
  const { x0, x1, y0, y1 } = roi;
  const w = x1 - x0;
  // Horizontal pass over the rows the vertical pass reads, into a buffer the size of the ROI;
  // the kernel is symmetric, so each tap pair costs one multiply.
  const ry0 = Math.max(0, y0 - r);
  const ry1 = Math.min(H, y1 + r);
  const tmp = new Float32Array((ry1 - ry0) * w);
  const k0 = k[r] as number;
  for (let y = ry0; y < ry1; y++) {
    const row = y * W;
    const t = (y - ry0) * w - x0;
    for (let x = x0; x < x1; x++) {
      let acc = 0;
      if (x >= r && x + r < W) {
        const c = row + x;
        acc = k0 * (s[c] as number);
        for (let i = 1; i <= r; i++) acc += (k[r + i] as number) * ((s[c - i] as number) + (s[c + i] as number));
      } else {
        for (let i = -r; i <= r; i++) {
          const xx = x + i < 0 ? 0 : x + i >= W ? W - 1 : x + i;
          acc += (k[i + r] as number) * (s[row + xx] as number);
        }
      }
      tmp[t + x] = acc;
    }
  }
  // Vertical pass row by row, so memory is read in order.
  const d = out.data;
  const acc = new Float32Array(w);
  for (let y = y0; y < y1; y++) {
    acc.fill(0);
    for (let i = -r; i <= r; i++) {
      const yy = y + i < ry0 ? ry0 : y + i >= ry1 ? ry1 - 1 : y + i;
      const kv = k[i + r] as number;
      const t = (yy - ry0) * w;
      for (let x = 0; x < w; x++) acc[x] = (acc[x] as number) + kv * (tmp[t + x] as number);
    }
    d.set(acc, y * W + x0);
  }
}

/** Radii of three boxes whose repeated application approximates a Gaussian of `sigma`. */
function boxRadii(sigma: number): number[] {
  const n = 3;
  let wl = Math.floor(Math.sqrt((12 * sigma * sigma) / n + 1));
  if (wl % 2 === 0) wl--;
  const wu = wl + 2;
  const m = Math.round((12 * sigma * sigma - n * wl * wl - 4 * n * wl - 3 * n) / (-4 * wl - 4));
  return [0, 1, 2].map((i) => ((i < m ? wl : wu) - 1) / 2);
}

function boxGauss(src: Plane, sigma: number, roi: Rect, out: Plane): void {
  const radii = boxRadii(sigma);
  const pad = radii.reduce((a, b) => a + b, 0);
  const { width: W, height: H } = src;
  // Work on the ROI grown by the boxes' total reach, so the ROI's values are exact.
  const bx0 = Math.max(0, roi.x0 - pad);
  const bx1 = Math.min(W, roi.x1 + pad);
  const by0 = Math.max(0, roi.y0 - pad);
  const by1 = Math.min(H, roi.y1 + pad);
  const w = bx1 - bx0;
  const h = by1 - by0;
  let a = scratch(0, w * h);
  for (let y = 0; y < h; y++) a.set(src.data.subarray((by0 + y) * W + bx0, (by0 + y) * W + bx1), y * w);
  let b = scratch(1, w * h);
  for (const r of radii) {
    boxRows(a, b, w, h, Math.min(r, w - 1));
    [a, b] = [b, a];
  }
  for (const r of radii) {
    boxColumns(a, b, w, h, Math.min(r, h - 1));
    [a, b] = [b, a];
  }
  const rw = roi.x1 - roi.x0;
  for (let y = roi.y0; y < roi.y1; y++) out.data.set(a.subarray((y - by0) * w + roi.x0 - bx0, (y - by0) * w + roi.x0 - bx0 + rw), y * W + roi.x0);
}

// Two scratch buffers reused by every box blur: a blur needs them only while it runs, and
// allocating two frame-sized arrays per blur kept the garbage collector busy. (Each worker
// thread has its own module instance, so nothing is shared across threads.)
const scratchBuffers: Float32Array[] = [new Float32Array(0), new Float32Array(0)];
function scratch(k: 0 | 1, n: number): Float32Array {
  if ((scratchBuffers[k] as Float32Array).length < n) scratchBuffers[k] = new Float32Array(Math.ceil(n * 1.25));
  return (scratchBuffers[k] as Float32Array).subarray(0, n);
}

/** Running-sum box filter of radius r (< w) along rows, borders clamped; no branch in the main run. */
function boxRows(src: Float32Array, dst: Float32Array, w: number, h: number, r: number): void {
  const norm = 1 / (2 * r + 1);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    const first = src[row] as number;
    const last = src[row + w - 1] as number;
    let sum = (r + 1) * first;
    for (let i = 1; i <= r; i++) sum += src[row + Math.min(i, w - 1)] as number;
    let x = 0;
    // Left border: the window's left end is clamped to the first pixel.
    for (; x <= r && x < w; x++) {
      dst[row + x] = sum * norm;
      sum += (x + r + 1 < w ? (src[row + x + r + 1] as number) : last) - first;
    }
    // Interior: both ends inside the row.
    for (; x + r + 1 < w; x++) {
      dst[row + x] = sum * norm;
      sum += (src[row + x + r + 1] as number) - (src[row + x - r] as number);
    }
    // Right border: the window's right end is clamped to the last pixel.
    for (; x < w; x++) {
      dst[row + x] = sum * norm;
      sum += last - (src[row + x - r] as number);
    }
  }
}

/** Running-sum box filter of radius r down columns, a whole row at a time (memory in order). */
function boxColumns(src: Float32Array, dst: Float32Array, w: number, h: number, r: number): void {
  const norm = 1 / (2 * r + 1);
  const sum = new Float32Array(w);
  for (let x = 0; x < w; x++) {
    let s = (r + 1) * (src[x] as number);
    for (let i = 1; i <= r; i++) s += src[Math.min(h - 1, i) * w + x] as number;
    sum[x] = s;
  }
  for (let y = 0; y < h; y++) {
    const addRow = Math.min(h - 1, y + r + 1) * w;
    const subRow = Math.max(0, y - r) * w;
    const row = y * w;
    for (let x = 0; x < w; x++) {
      const s = sum[x] as number;
      dst[row + x] = s * norm;
      sum[x] = s + (src[addRow + x] as number) - (src[subRow + x] as number);
    }
  }
}

/** Valley measures over a rectangle: planes the size of `rect`, pixel (0,0) at (rect.x0, rect.y0). */
export interface ValleyMaps {
  readonly rect: Rect;
  /** Larger Hessian eigenvalue times sigma^2 (> 0 across a dark valley), L* units. */
  readonly strength: Plane;
  /** Direction along the valley, radians. */
  readonly angle: Plane;
  /** |l2| / l1: near 0 for a line, near 1 for a round dot (Frangi's blobness ratio). */
  readonly anisotropy: Plane;
}

/**
 * Scale-normalised Hessian of a (blurred) plane by central differences inside `roi` (with
 * `strengthOnly`, angle and anisotropy stay 0). sigma^2
 * normalisation makes responses at different scales comparable (Lindeberg), so one threshold in
 * L* units serves every scale.
 */
export function valleyResponse(blurred: Plane, sigma: number, roi: Rect, strengthOnly = false): ValleyMaps {
  const { width: W, height: H } = blurred;
  const s = blurred.data;
  const rect = { x0: Math.max(1, roi.x0), y0: Math.max(1, roi.y0), x1: Math.min(W - 1, roi.x1), y1: Math.min(H - 1, roi.y1) };
  const w = Math.max(0, rect.x1 - rect.x0);
  const h = Math.max(0, rect.y1 - rect.y0);
  const strength = newPlane(w, h);
  const angle = newPlane(w, h);
  const anisotropy = newPlane(w, h);
  const norm = sigma * sigma;
  for (let y = rect.y0; y < rect.y1; y++) {
    for (let x = rect.x0; x < rect.x1; x++) {
      const i = y * W + x;
      const c = s[i] as number;
      const dxx = (s[i - 1] as number) + (s[i + 1] as number) - 2 * c;
      const dyy = (s[i - W] as number) + (s[i + W] as number) - 2 * c;
      const dxy = 0.25 * ((s[i + W + 1] as number) + (s[i - W - 1] as number) - (s[i + W - 1] as number) - (s[i - W + 1] as number));
      const tr = 0.5 * (dxx + dyy);
      const disc = Math.sqrt(0.25 * (dxx - dyy) * (dxx - dyy) + dxy * dxy);
      const l1 = tr + disc;
      if (l1 <= 0) continue;
      const o = (y - rect.y0) * w + (x - rect.x0);
      strength.data[o] = l1 * norm;
      // The direction costs an atan2 per pixel; a density measure does not need it.
      if (strengthOnly) continue;
      anisotropy.data[o] = Math.abs(tr - disc) / l1;
      // The eigenvector of l1 points across the valley; the valley runs perpendicular to it.
      angle.data[o] = 0.5 * Math.atan2(2 * dxy, dxx - dyy) + Math.PI / 2;
    }
  }
  return { rect, strength, angle, anisotropy };
}
