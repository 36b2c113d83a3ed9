// The image primitives on synthetic inputs whose answers are known.
import { describe, expect, it } from 'vitest';
import { detectBlobs } from '../../../vision/skin/image/blobs.ts';
import { resampleFrame } from '../../../vision/skin/image/frame.ts';
import { components } from '../../../vision/skin/image/components.ts';
import { gaussianBlur, gaussianKernel, valleyResponse } from '../../../vision/skin/image/filters.ts';
import { extractLines } from '../../../vision/skin/image/lines.ts';
import type { Plane } from '../../../vision/skin/image/plane.ts';
import { erode, newMask, newPlane } from '../../../vision/skin/image/plane.ts';
import { polygonMask } from '../../../vision/skin/image/raster.ts';
import { quantile } from '../../../vision/skin/image/stats.ts';
import { seededRandom } from './helpers/scenes.ts';

function flat(w: number, h: number, v: number): Plane {
  const p = newPlane(w, h);
  p.data.fill(v);
  return p;
}

const full = (w: number, h: number) => {
  const m = newMask(w, h);
  m.data.fill(1);
  return m;
};

describe('gaussian blur', () => {
  it.each([[0.9], [1.5], [3], [7]])('sigma %s: an impulse spreads like the Gaussian kernel and keeps its mass', (sigma) => {
    const p = newPlane(101, 101);
    p.data[50 * 101 + 50] = 1000;
    const out = gaussianBlur(p, sigma);
    const sum = out.data.reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(1000, 0);
    const k = gaussianKernel(sigma);
    const r = (k.length - 1) >> 1;
    const peak = 1000 * (k[r] ?? 0) ** 2;
    // Three boxes (large sigmas) approximate the kernel within a few percent of its peak.
    expect(Math.abs((out.data[50 * 101 + 50] ?? 0) - peak)).toBeLessThan(0.08 * peak);
  });

  it('computes only inside the region of interest', () => {
    const p = flat(40, 40, 10);
    const out = gaussianBlur(p, 2, { x0: 10, y0: 10, x1: 20, y1: 20 });
    expect(out.data[15 * 40 + 15]).toBeCloseTo(10, 4);
    expect(out.data[5 * 40 + 5]).toBe(0);
  });
});

describe('blobs, lines and components', () => {
  it('finds dark dots of the matched size and nothing on flat skin', () => {
    const p = flat(80, 80, 60);
    const dots = [
      [20, 20],
      [55, 30],
      [40, 60],
    ];
    for (const [x, y] of dots) for (let dy = -3; dy <= 3; dy++) for (let dx = -3; dx <= 3; dx++) p.data[((y ?? 0) + dy) * 80 + (x ?? 0) + dx] = 60 - 15 * Math.exp(-(dx * dx + dy * dy) / 4);
    const roi = { x0: 0, y0: 0, x1: 80, y1: 80 };
    const found = detectBlobs({ inner: gaussianBlur(p, 1.4), outer: gaussianBlur(p, 3.5), innerSigma: 1.4, mask: full(80, 80), roi, polarity: 1, minResponse: 1 });
    expect(found.length).toBe(3);
    for (const [x, y] of dots) expect(found.some((b) => Math.hypot(b.x - (x ?? 0) - 0.5, b.y - (y ?? 0) - 0.5) < 1.5)).toBe(true);
    expect(detectBlobs({ inner: flat(80, 80, 60), outer: flat(80, 80, 60), innerSigma: 1.4, mask: full(80, 80), roi, polarity: 1, minResponse: 1 })).toEqual([]);
  });

  it('traces a straight dark line with its length and direction', () => {
    const p = flat(120, 60, 60);
    for (let x = 20; x < 100; x++) for (let dy = -3; dy <= 3; dy++) p.data[(30 + dy) * 120 + x] = 60 - 12 * Math.exp(-(dy * dy) / 2);
    const roi = { x0: 0, y0: 0, x1: 120, y1: 60 };
    const maps = valleyResponse(gaussianBlur(p, 1.2), 1.2, roi);
    const lines = extractLines({ maps, mask: full(120, 60), high: 1.5, low: 0.7, minLength: 20, maxAnisotropy: 0.5, accept: () => true });
    expect(lines.length).toBe(1);
    expect(lines[0]?.length).toBeGreaterThan(72);
    expect(lines[0]?.length).toBeLessThan(88);
    expect(Math.abs(lines[0]?.angle ?? 1)).toBeLessThan(0.05);
  });

  it('labels connected areas with their size and hull', () => {
    const m = polygonMask(
      [
        { x: 10, y: 10 },
        { x: 30, y: 10 },
        { x: 30, y: 20 },
        { x: 10, y: 20 },
      ],
      50,
      50,
    );
    const found = components(m, 5);
    expect(found.length).toBe(1);
    expect(found[0]?.area).toBe(200);
    expect(erode(m, 2).data.reduce((a, b) => a + b, 0)).toBe(16 * 6);
  });
});

describe('quantile', () => {
  it('selects the same interpolated order statistic as a full sort', () => {
    const rand = seededRandom(21);
    for (let t = 0; t < 200; t++) {
      const n = 1 + Math.floor(rand() * 150);
      const v = Float32Array.from({ length: n }, () => Math.round(rand() * 20));
      const q = rand();
      const sorted = Float32Array.from(v).sort();
      const pos = q * (n - 1);
      const lo = Math.floor(pos);
      const hi = Math.min(n - 1, lo + 1);
      expect(quantile(v, q)).toBeCloseTo((sorted[lo] ?? 0) + ((sorted[hi] ?? 0) - (sorted[lo] ?? 0)) * (pos - lo), 4);
    }
    expect(Number.isNaN(quantile(new Float32Array(0), 0.5))).toBe(true);
  });
});

describe('resampleFrame', () => {
  /**
   * The definition, slowly: k x k block means over the rectangle (clipped to the image), then each
   * output pixel the area-weighted mean of the blocks it covers.
   */
  function reference(image: { width: number; height: number; data: Uint8Array }, frame: { left: number; top: number; scale: number; width: number; height: number }, channel: number): Float64Array {
    const k = Math.max(1, Math.floor(1 / frame.scale));
    // Blocks on the photo's k-pixel lattice (D-091).
    const x0 = Math.floor(frame.left / k) * k;
    const y0 = Math.floor(frame.top / k) * k;
    const x1 = Math.min(image.width, Math.ceil(frame.left + frame.width / frame.scale));
    const y1 = Math.min(image.height, Math.ceil(frame.top + frame.height / frame.scale));
    const bw = Math.ceil((x1 - x0) / k);
    const bh = Math.ceil((y1 - y0) / k);
    const block = (bx: number, by: number): number => {
      let sum = 0;
      let n = 0;
      for (let y = y0 + by * k; y < Math.min(y1, y0 + (by + 1) * k); y++) {
        for (let x = x0 + bx * k; x < Math.min(x1, x0 + (bx + 1) * k); x++, n++) sum += image.data[(y * image.width + x) * 3 + channel] ?? 0;
      }
      return sum / n;
    };
    const span = 1 / (frame.scale * k);
    const cover = (o: number, origin: number, size: number): [number, number][] => {
      const a = origin + o * span;
      const b = Math.min(size, a + span);
      const parts: [number, number][] = [];
      for (let s = Math.floor(a); s < b; s++) parts.push([s, Math.min(b, s + 1) - Math.max(a, s)]);
      // Wholly past the image's edge: the last block repeats.
      return parts.length > 0 ? parts : [[size - 1, 1]];
    };
    const out = new Float64Array(frame.width * frame.height);
    for (let oy = 0; oy < frame.height; oy++) {
      for (let ox = 0; ox < frame.width; ox++) {
        let sum = 0;
        let weight = 0;
        for (const [by, wy] of cover(oy, (frame.top - y0) / k, bh)) for (const [bx, wx] of cover(ox, (frame.left - x0) / k, bw)) {
          sum += wy * wx * block(bx, by);
          weight += wy * wx;
        }
        out[oy * frame.width + ox] = sum / weight;
      }
    }
    return out;
  }

  it('averages blocks, then areas, at fractional origins and where the image edge cuts the frame', () => {
    const rand = seededRandom(83);
    const image = { width: 97, height: 61, data: Uint8Array.from({ length: 97 * 61 * 3 }, () => Math.floor(rand() * 256)) };
    const frames = [
      { left: 3.4, top: 5.7, scale: 0.3, width: 20, height: 15 }, // blocks of 3, then 0.9
      { left: 0, top: 0, scale: 0.5, width: 48, height: 30 }, // blocks of 2 exactly
      { left: 60.2, top: 30.9, scale: 0.45, width: 20, height: 16 }, // runs past the right and bottom edges
      { left: 10.5, top: 2.25, scale: 0.8, width: 30, height: 20 }, // no blocks, area weights only
    ];
    for (const frame of frames) {
      const planes = resampleFrame(image, frame);
      expect([planes.width, planes.height]).toEqual([frame.width, frame.height]);
      for (const [c, plane] of [planes.r, planes.g, planes.b].entries()) {
        const want = reference(image, frame, c);
        for (let i = 0; i < want.length; i++) expect(plane[i], `frame ${JSON.stringify(frame)} channel ${c} pixel ${i}`).toBeCloseTo(want[i] ?? 0, 3);
      }
    }
  });
});
