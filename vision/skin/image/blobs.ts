import type { Mask, Plane, Rect } from './plane.ts';

/** A located round feature in plane pixels: a pore, blackhead, spot, papule or porphyrin dot. */
export interface Blob {
  readonly x: number;
  readonly y: number;
  /** Radius in plane pixels (sqrt(2) times the inner sigma: the DoG's matched radius). */
  readonly radius: number;
  /** Difference-of-Gaussians response, in the units of the channel. */
  readonly response: number;
}

export interface BlobOptions {
  /** Gaussian-blurred channel at the inner and the outer sigma (outer about 2.5 x inner). */
  readonly inner: Plane;
  readonly outer: Plane;
  readonly innerSigma: number;
  readonly mask: Mask;
  readonly roi: Rect;
  /** +1 finds features darker than their surround (pores, spots), -1 brighter ones (papules in a*). */
  readonly polarity: 1 | -1;
  readonly minResponse: number;
  /**
   * Centres to a fraction of a pixel (a parabola through the peak's response and its neighbours,
   * per axis) instead of the peak pixel's centre. For features read around their centre over
   * several pixels (spots); pores, a pixel or two across, keep the darkest pixel itself.
   */
  readonly subpixel?: boolean;
}

/**
 * Difference-of-Gaussians blob detection: local maxima of polarity x (outer - inner) inside the
 * mask, at least one matched radius apart. DoG approximates the scale-normalised Laplacian of
 * Gaussian, the classic detector of round features of a chosen size.
 */
export function detectBlobs(o: BlobOptions): Blob[] {
  const { inner, outer, mask, roi, polarity, minResponse } = o;
  const W = inner.width;
  const k = Math.max(1, Math.round(o.innerSigma * 1.2));
  const resp = (i: number): number => polarity * ((outer.data[i] ?? 0) - (inner.data[i] ?? 0));
  const out: Blob[] = [];
  for (let y = Math.max(k, roi.y0); y < Math.min(inner.height - k, roi.y1); y++) {
    for (let x = Math.max(k, roi.x0); x < Math.min(W - k, roi.x1); x++) {
      const i = y * W + x;
      if (!mask.data[i]) continue;
      const r = resp(i);
      if (r < minResponse) continue;
      let peak = true;
      for (let dy = -k; dy <= k && peak; dy++) {
        for (let dx = -k; dx <= k; dx++) {
          if (!dx && !dy) continue;
          const rn = resp(i + dy * W + dx);
          // Ties go to the first pixel in scan order, so a flat-topped peak yields one blob.
          if (rn > r || (rn === r && (dy < 0 || (dy === 0 && dx < 0)))) {
            peak = false;
            break;
          }
        }
      }
      if (!peak) continue;
      // A whole-pixel centre is up to half a pixel off (0.25 mm at the coarse level) and jumps by
      // a pixel under a crop or a rescale; every depth and size read around it jumps with it (D-080).
      const off = (a: number, b: number): number => {
        const curv = a - 2 * r + b;
        return o.subpixel && curv < 0 ? Math.max(-0.5, Math.min(0.5, (a - b) / (2 * curv))) : 0;
      };
      const ox = off(resp(i - 1), resp(i + 1));
      const oy = off(resp(i - W), resp(i + W));
      out.push({ x: x + 0.5 + ox, y: y + 0.5 + oy, radius: o.innerSigma * Math.SQRT2, response: r });
    }
  }
  return out;
}

/**
 * Merges detections of several scales: where two overlap, the stronger survives. Scales are
 * compared by response because the DoG with outer = 2.5 x inner is already scale-normalised.
 */
export function mergeBlobs(lists: readonly (readonly Blob[])[], overlap = 1): Blob[] {
  const all = lists.flat().sort((a, b) => b.response - a.response);
  const kept: Blob[] = [];
  for (const b of all) {
    const clash = kept.some((k) => Math.hypot(k.x - b.x, k.y - b.y) < overlap * Math.max(k.radius, b.radius));
    if (!clash) kept.push(b);
  }
  return kept;
}
