import type { Mask, Plane } from './plane.ts';
import { maskCount, scanRect } from './plane.ts';

/** Values of a plane under a mask, subsampled to at most `cap` (robust statistics need no more). */
export function maskedValues(p: Plane, m: Mask, cap = 20_000): Float32Array {
  const n = maskCount(m);
  const r = scanRect(m);
  const step = Math.max(1, Math.ceil(n / cap));
  const out = new Float32Array(Math.ceil(n / step));
  let seen = 0;
  let k = 0;
  for (let y = r.y0; y < r.y1; y++) {
    for (let i = y * m.width + r.x0; i < y * m.width + r.x1; i++) {
      if (!m.data[i]) continue;
      if (seen++ % step === 0 && k < out.length) out[k++] = p.data[i] as number;
    }
  }
  return out.subarray(0, k);
}

/** q-quantile (0..1) of the values, interpolated; NaN when empty. Selection, not a full sort. */
export function quantile(values: Float32Array, q: number): number {
  if (values.length === 0) return Number.NaN;
  const a = Float32Array.from(values);
  const pos = Math.min(a.length - 1, Math.max(0, q * (a.length - 1)));
  const lo = Math.floor(pos);
  const vLo = select(a, lo);
  if (lo + 1 >= a.length || pos === lo) return vLo;
  // After selecting lo, everything above index lo is >= it: the next order statistic is their minimum.
  let vHi = Infinity;
  for (let i = lo + 1; i < a.length; i++) if ((a[i] as number) < vHi) vHi = a[i] as number;
  return vLo + (vHi - vLo) * (pos - lo);
}

/** Hoare's quickselect: the k-th smallest value, partially ordering `a` in place. */
function select(a: Float32Array, k: number): number {
  let left = 0;
  let right = a.length - 1;
  while (right > left) {
    const pivot = a[(left + right) >> 1] as number;
    let i = left;
    let j = right;
    while (i <= j) {
      while ((a[i] as number) < pivot) i++;
      while ((a[j] as number) > pivot) j--;
      if (i <= j) {
        const t = a[i] as number;
        a[i] = a[j] as number;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else break;
  }
  return a[k] as number;
}

/** Median absolute deviation scaled to a Gaussian's sigma. */
export function robustSigma(values: Float32Array): number {
  const med = quantile(values, 0.5);
  const dev = Float32Array.from(values, (v) => Math.abs(v - med));
  return 1.4826 * quantile(dev, 0.5);
}
