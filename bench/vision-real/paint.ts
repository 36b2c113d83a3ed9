// Painted test lesions for the real-face bench, in L*a*b* so their contrast is what a
// dermatologist would describe, not a camera-dependent code-value change: a 6 mm pigmented
// macule (flat brown spot) and a 3 mm inflamed papule. The skin around keeps its own texture.
// (test/unit/vision-skin/helpers/paint.ts paints in code-value ratios, sized for 1-2.4 mm spots,
// so it does not fit a fixed L* and b* contrast.)
import type { Point2, RgbImage } from '../../vision/types.ts';
import { labToRgb, rgbToLab } from './colour.ts';

export interface LabChange {
  readonly dL: number;
  readonly da: number;
  readonly db: number;
}

/** A 6 mm macule: L* 12 darker and b* 4 yellower at its flat centre, as a solar lentigo on fair skin. */
export const MACULE: LabChange = { dL: -12, da: 1, db: 4 };
export const MACULE_DIAMETER_MM = 6;
/**
 * The small macule of the shading series (shading.ts): the same colour, 3 mm across. The speckle
 * detector claims spots from about 0.6 mm across (matched radii 0.85 and 1.7 mm, a radius floored
 * at 0.85 mm; docs/vision-skin.md), so 3 mm is well inside what it says it finds at 4.5 px/mm,
 * and half the 6 mm spot's size: its "dark all round" ring lies 2.4 mm out instead of 4.4 mm.
 */
export const SMALL_MACULE_DIAMETER_MM = 3;
/** A 3 mm papule: a* 12 redder, L* 3 darker at its top. */
export const PAPULE: LabChange = { dL: -3, da: 12, db: 1 };
export const PAPULE_DIAMETER_MM = 3;

/** Flat to 0.75 r, cosine fall to 0 at 1.25 r: the half-weight edge sits at r, so the diameter is as named. */
export function maculeProfile(d: number): number {
  return d <= 0.75 ? 1 : d >= 1.25 ? 0 : 0.5 + 0.5 * Math.cos((Math.PI * (d - 0.75)) / 0.5);
}

/** A dome: full at the top, falling smoothly to 0 at 1.3 r. */
export function papuleProfile(d: number): number {
  const t = d / 1.3;
  return t >= 1 ? 0 : (1 - t * t) ** 1.5;
}

/** Adds `change` x profile(distance / radius) to the L*a*b* of every pixel around `at` (a new image). */
export function paintLab(image: RgbImage, at: Point2, radius: number, change: LabChange, profile: (d: number) => number): RgbImage {
  const data = new Uint8Array(image.data);
  const reach = radius * 1.3;
  const x0 = Math.max(0, Math.floor(at.x - reach));
  const x1 = Math.min(image.width - 1, Math.ceil(at.x + reach));
  const y0 = Math.max(0, Math.floor(at.y - reach));
  const y1 = Math.min(image.height - 1, Math.ceil(at.y + reach));
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const w = profile(Math.hypot(x + 0.5 - at.x, y + 0.5 - at.y) / radius);
      if (w <= 0) continue;
      const i = (y * image.width + x) * 3;
      const [L, a, b] = rgbToLab(data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0);
      const [r, g, bl] = labToRgb(L + change.dL * w, a + change.da * w, b + change.db * w);
      data[i] = Math.round(r);
      data[i + 1] = Math.round(g);
      data[i + 2] = Math.round(bl);
    }
  }
  return { width: image.width, height: image.height, data };
}
