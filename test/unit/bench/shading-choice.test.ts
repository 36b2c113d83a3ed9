// The shading series of bench:vision-real (bench/vision-real/shading.ts) paints a small spot where
// the capture's shading is steepest: the slope is read as a plane over a disc several mm wide, so
// texture does not count as shading, and the trials come from the steepest fifth of the points.
import { describe, expect, it } from 'vitest';
import { labToRgb } from '../../../bench/vision-real/colour.ts';
import { STEEP_FRACTION, chooseSteep, shadingSlope, steepest } from '../../../bench/vision-real/shading.ts';
import type { ShadedPoint } from '../../../bench/vision-real/shading.ts';
import { seededRandom } from '../../unit/vision-skin/helpers/scenes.ts';
import type { RgbImage } from '../../../vision/types.ts';

/** A 200 x 100 skin-coloured image whose L* is `lightness(x, y)`. */
function image(lightness: (x: number, y: number) => number): RgbImage {
  const width = 200;
  const height = 100;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = labToRgb(lightness(x, y), 12, 16);
      data.set([Math.round(r), Math.round(g), Math.round(b)], (y * width + x) * 3);
    }
  }
  return { width, height, data };
}

const noise = seededRandom(7);
const texture = Array.from({ length: 200 * 100 }, () => (noise() - 0.5) * 16);
/**
 * Left half: flat skin with strong pixel texture (+-8 L*) and a dark 3 px dot at (50, 50); right
 * half: smooth shading falling 0.5 L* per pixel downwards.
 */
const scene = image((x, y) => (x < 100 ? 62 + (texture[y * 200 + x] ?? 0) - (Math.hypot(x - 50, y - 50) < 3 ? 15 : 0) : 75 - 0.5 * y));

describe('the shading series paints on the steepest shading (D-100)', () => {
  it('reads the slope of shading, not of texture or a small spot', () => {
    expect(shadingSlope(scene, { x: 150, y: 50 }, 18)).toBeCloseTo(0.5, 1);
    expect(shadingSlope(scene, { x: 50, y: 50 }, 18)).toBeLessThan(0.1);
    // Direction does not matter: the same ramp across the image reads the same.
    expect(shadingSlope(image((x) => 40 + 0.3 * x), { x: 100, y: 50 }, 18)).toBeCloseTo(0.3, 1);
  });

  it('takes the steepest fifth of the points, and the trials only from them', () => {
    const rand = seededRandom(3);
    const points: ShadedPoint[] = Array.from({ length: 40 }, (_, k) => {
      const at = { x: k % 2 ? 120 + rand() * 60 : 20 + rand() * 60, y: 20 + rand() * 60 };
      return { at, slope: shadingSlope(scene, at, 18) };
    });
    const steep = steepest(points, STEEP_FRACTION);
    expect(steep).toHaveLength(8);
    for (const p of steep) expect(p.at.x).toBeGreaterThan(100);
    const chosen = chooseSteep(steep, 8, seededRandom(11));
    expect(chosen).toHaveLength(8);
    for (const p of chosen) expect(steep).toContain(p);
    expect(new Set(chosen).size).toBe(8);
  });

  it('keeps the first trials when more are asked (the default run is the prefix of --trials 8)', () => {
    const steep: ShadedPoint[] = [3, 2.5, 2, 1.5, 1].map((slope, k) => ({ at: { x: k, y: 0 }, slope }));
    const two = chooseSteep(steep, 2, seededRandom(5));
    const eight = chooseSteep(steep, 8, seededRandom(5));
    expect(eight.slice(0, 2)).toEqual(two);
    // Five steep points for eight trials: every point once, then round again in the same order.
    expect(eight.slice(5)).toEqual(eight.slice(0, 3));
    expect(steepest([{ at: { x: 0, y: 0 }, slope: Number.NaN }], STEEP_FRACTION)).toEqual([]);
  });
});
