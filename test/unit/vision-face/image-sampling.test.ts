// vision/image resampling and measures on small synthetic images whose right answers are known.
import { describe, expect, it } from 'vitest';
import { applyAffine, composeAffine, IDENTITY, invertAffine, letterboxAffine, squareCropAffine } from '../../../vision/image/affine.ts';
import { lumaOfTensor } from '../../../vision/image/luma.ts';
import { blockinessRatio, laplacianStats } from '../../../vision/image/measures.ts';
import { reduceWindow } from '../../../vision/image/reduce.ts';
import { sampleToTensor } from '../../../vision/image/sample.ts';
import type { RgbImage } from '../../../vision/types.ts';

function image(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]): RgbImage {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(pixel(x, y), (y * width + x) * 3);
  return { width, height, data };
}

const ramp = image(40, 30, (x, y) => [x * 5, y * 7, (x + y) % 256]);

describe('sampleToTensor', () => {
  it('reproduces the pixels exactly through the identity map (pixel centres land on pixel centres)', () => {
    const out = sampleToTensor(ramp, IDENTITY, 40, 30);
    expect(Array.from(out)).toEqual(Array.from(ramp.data));
  });

  it('maps 0..255 onto the model range', () => {
    const bw = image(2, 2, (x) => (x === 0 ? [0, 0, 0] : [255, 255, 255]));
    const out = sampleToTensor(bw, IDENTITY, 2, 2, { range: [-1, 1] });
    expect(Array.from(out.subarray(0, 6))).toEqual([-1, -1, -1, 1, 1, 1]);
  });

  it('interpolates bilinearly between pixel centres', () => {
    // Output pixel 0's centre (0.5) maps to source x = 1.0: halfway between source pixels 0 and 1.
    const out = sampleToTensor(ramp, { ...IDENTITY, tx: 0.5 }, 1, 1);
    expect(out[0]).toBeCloseTo(2.5, 5);
  });

  it('samples outside the image as black', () => {
    const white = image(4, 4, () => [255, 255, 255]);
    const out = sampleToTensor(white, { ...IDENTITY, tx: -10 }, 2, 2, { range: [0, 1] });
    expect(Array.from(out)).toEqual(new Array(12).fill(0));
  });

  it('letterboxes a wide image: centred, aspect kept, padding black', () => {
    const white = image(200, 100, () => [255, 255, 255]);
    const size = 64;
    const out = sampleToTensor(white, letterboxAffine(200, 100, size), size, size, { range: [0, 1] });
    const at = (x: number, y: number): number => out[(y * size + x) * 3]!;
    expect(at(32, 2)).toBe(0); // top padding
    expect(at(32, 61)).toBe(0); // bottom padding
    expect(at(32, 32)).toBe(1);
    expect(at(0, 32)).toBeGreaterThan(0.99);
  });

  it('averages when supersampling, so a fine checkerboard shrinks to grey instead of aliasing', () => {
    const checker = image(64, 64, (x, y) => ((x + y) % 2 === 0 ? [255, 255, 255] : [0, 0, 0]));
    const shrink = { a: 8, b: 0, c: 0, d: 8, tx: 0, ty: 0 };
    const out = sampleToTensor(checker, shrink, 8, 8, { supersample: 4 });
    for (const v of out) expect(v).toBeCloseTo(127.5, 0);
  });

  it('gives unrotated maps (letterbox, box crops) exactly what the general rotated path gives', () => {
    // Unrotated maps take a faster path; a rotation too small to move any sample (1e-300) forces
    // the general one. Covers scaling up and down, half-pixel offsets and maps past every edge.
    const maps = [
      { a: 2.5, b: 0, c: 0, d: 2.5, tx: -10, ty: -40 },
      { a: 0.37, b: 0, c: 0, d: 0.41, tx: 3.3, ty: -2.2 },
      { a: 1, b: 0, c: 0, d: 1, tx: -0.5, ty: 0.5 },
      { a: 0.9, b: 0, c: 0, d: 1.3, tx: 25, ty: 12 },
    ];
    for (const m of maps) {
      const fast = sampleToTensor(ramp, m, 50, 45, { range: [-1, 1] });
      const general = sampleToTensor(ramp, { ...m, b: 1e-300 }, 50, 45, { range: [-1, 1] });
      expect(Array.from(fast)).toEqual(Array.from(general));
    }
  });

  it('writes into a given array at an offset (batches)', () => {
    const out = new Float32Array(2 * 40 * 30 * 3).fill(-7);
    sampleToTensor(ramp, IDENTITY, 40, 30, { out, offset: 40 * 30 * 3 });
    expect(out[0]).toBe(-7);
    expect(out[40 * 30 * 3 + 3]).toBe(5);
  });
});

describe('affine maps', () => {
  it('invert and compose round-trip', () => {
    const m = squareCropAffine(120, 80, 64, 0.3, 192);
    const p = applyAffine(composeAffine(invertAffine(m), m), 17, 33);
    expect(p.x).toBeCloseTo(17, 9);
    expect(p.y).toBeCloseTo(33, 9);
  });

  it('a square crop turned by 90 degrees puts the crop\'s right on the image\'s down', () => {
    const m = squareCropAffine(50, 50, 20, Math.PI / 2, 20);
    const centre = applyAffine(m, 10, 10);
    const right = applyAffine(m, 20, 10);
    expect([centre.x, centre.y]).toEqual([expect.closeTo(50, 9), expect.closeTo(50, 9)]);
    expect([right.x, right.y]).toEqual([expect.closeTo(50, 9), expect.closeTo(60, 9)]);
  });
});

describe('measures', () => {
  it('Laplacian of a flat image is zero; of noise, large', () => {
    const flat = lumaOfTensor(new Float32Array(32 * 32 * 3).fill(100), 32, 32);
    expect(laplacianStats(flat).laplacianVariance).toBe(0);
    let seed = 1;
    const noise = lumaOfTensor(Float32Array.from({ length: 32 * 32 * 3 }, () => ((seed = (seed * 16807) % 2147483647) % 256)), 32, 32);
    expect(laplacianStats(noise).laplacianVariance).toBeGreaterThan(1000);
  });

  it('blockiness sees an 8x8 block grid and not a smooth image', () => {
    const blocks = image(128, 128, (x, y) => {
      const v = 100 + ((Math.floor(x / 8) * 37 + Math.floor(y / 8) * 53) % 60) + (x % 8) * 0.5;
      return [v, v, v];
    });
    const smooth = (x: number, y: number): number => Math.round(128 + 60 * Math.sin(x / 9) * Math.cos(y / 13));
    const gradient = image(128, 128, (x, y) => [smooth(x, y), smooth(x, y), smooth(x, y)]);
    const box = { left: 0, top: 0, width: 128, height: 128 };
    expect(blockinessRatio(blocks, box)).toBeGreaterThan(3);
    expect(blockinessRatio(gradient, box)).toBeLessThan(1.3);
  });
});

describe('reduceWindow', () => {
  it('averages f x f blocks of the window, partial blocks at the image edge over the pixels they have', () => {
    // Window from (37, 27) to past the image's corner: blocks of 2 at x 37-38 and 39, y 27-28 and 29.
    const r = reduceWindow(ramp, 2, 37, 27, 10, 10);
    expect([r.factor, r.left, r.top, r.image.width, r.image.height]).toEqual([2, 37, 27, 2, 2]);
    const px = (x: number, y: number): number[] => Array.from(r.image.data.subarray((y * 2 + x) * 3, (y * 2 + x) * 3 + 3));
    // Red is x * 5, green y * 7: block (37..38, 27..28) has means 187.5 -> 188 and 192.5 -> 193.
    expect(px(0, 0).slice(0, 2)).toEqual([188, 193]);
    expect(px(1, 1).slice(0, 2)).toEqual([195, 203]);
  });

  it('keeps continuous coordinates: source x = left + factor * reduced x', () => {
    const r = reduceWindow(ramp, 3, 6, 3, 24, 24);
    // Reduced pixel (1, 1) covers source 9..11 x 6..8: red mean 10 * 5, green 7 * 7.
    const o = (1 * r.image.width + 1) * 3;
    expect([r.image.data[o], r.image.data[o + 1]]).toEqual([50, 49]);
  });
});
