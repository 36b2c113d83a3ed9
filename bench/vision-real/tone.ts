// Tone shift: the same face with more or less melanin (D-064). Skin of another tone is not the
// same skin exposed differently: melanin absorbs short wavelengths most, so each linear channel's
// diffuse reflectance is multiplied by exp(-m * MELANIN_ABSORBANCE[c]), with `m` found by
// bisection so the median cheek colour's ITA moves by the asked number of degrees. Less melanin
// lifts blue most and red least, so a lighter skin reads higher ITA mostly through lower b*, and
// the red channel (the first to clip on skin) rises least. Applied at full strength over the face
// silhouette and neck, fading to none 4 mm outside them, and not inside the eye openings (the
// sclera and iris carry no epidermal melanin). Texture, lighting and make-up stay as they were.
// An earlier version scaled all three channels by one factor: an exposure change, which clipped
// the bright faces' cheeks on the lighter shift and moved the jaw by half.
import { pointInPolygon } from '../../vision/skin/image/raster.ts';
import type { SkinRegions } from '../../vision/skin/regions/regions.ts';
import type { Point2, RgbImage } from '../../vision/types.ts';
import { closedDistance } from '../../test/unit/vision-skin/helpers/scenes.ts';
import { fromLinear, ita, linearToLab, toLinear } from './colour.ts';
import { median } from '../median.ts';

/**
 * Relative absorbance of epidermal melanin at the effective wavelengths of sRGB's red, green and
 * blue (about 610, 550 and 465 nm), from its absorption coefficient's power law in wavelength
 * (exponent -3.33; Jacques, "Optical properties of biological tissues", 2013).
 */
export const MELANIN_ABSORBANCE = [1, (610 / 550) ** 3.33, (610 / 465) ** 3.33] as const;

export interface ToneShift {
  readonly image: RgbImage;
  /** Melanin change, in units of the red channel's optical density: negative is lighter. */
  readonly melanin: number;
  /** ITA of the median cheek colour before and after, as this module measures it. */
  readonly itaBefore: number;
  readonly itaAfter: number;
}


function bbox(polys: readonly (readonly Point2[])[], pad: number, image: RgbImage) {
  const pts = polys.flat();
  return {
    x0: Math.max(0, Math.floor(Math.min(...pts.map((p) => p.x)) - pad)),
    x1: Math.min(image.width - 1, Math.ceil(Math.max(...pts.map((p) => p.x)) + pad)),
    y0: Math.max(0, Math.floor(Math.min(...pts.map((p) => p.y)) - pad)),
    y1: Math.min(image.height - 1, Math.ceil(Math.max(...pts.map((p) => p.y)) + pad)),
  };
}

/** Linear RGB of cheek pixels (every other pixel: plenty for a median). */
function cheekSample(image: RgbImage, regions: SkinRegions): Float32Array {
  const cheeks = [regions.regions.cheek_left, regions.regions.cheek_right];
  const b = bbox(cheeks, 0, image);
  const out: number[] = [];
  for (let y = b.y0; y <= b.y1; y += 2) {
    for (let x = b.x0; x <= b.x1; x += 2) {
      const p = { x: x + 0.5, y: y + 0.5 };
      if (!cheeks.some((c) => pointInPolygon(p, c))) continue;
      const i = (y * image.width + x) * 3;
      out.push(toLinear(image.data[i] ?? 0), toLinear(image.data[i + 1] ?? 0), toLinear(image.data[i + 2] ?? 0));
    }
  }
  return Float32Array.from(out);
}

/** Per-channel gains of a melanin change `m`. */
function gains(m: number): readonly [number, number, number] {
  return [Math.exp(-m * MELANIN_ABSORBANCE[0]), Math.exp(-m * MELANIN_ABSORBANCE[1]), Math.exp(-m * MELANIN_ABSORBANCE[2])];
}

function sampleIta(sample: Float32Array, m: number): number {
  const Ls: number[] = [];
  const bs: number[] = [];
  const [kr, kg, kb] = gains(m);
  for (let i = 0; i < sample.length; i += 3) {
    const [L, , b] = linearToLab(Math.min(1, (sample[i] ?? 0) * kr), Math.min(1, (sample[i + 1] ?? 0) * kg), Math.min(1, (sample[i + 2] ?? 0) * kb));
    Ls.push(L);
    bs.push(b);
  }
  return ita(median(Ls), median(bs));
}

export function shiftTone(image: RgbImage, regions: SkinRegions, pxPerMm: number, degrees: number): ToneShift {
  const sample = cheekSample(image, regions);
  const itaBefore = sampleIta(sample, 0);
  // ITA falls as melanin rises; bisect m.
  let lo = -3;
  let hi = 3;
  for (let k = 0; k < 40; k++) {
    const mid = (lo + hi) / 2;
    if (sampleIta(sample, mid) > itaBefore + degrees) lo = mid;
    else hi = mid;
  }
  const melanin = (lo + hi) / 2;
  const full = gains(melanin);
  const feather = 4 * pxPerMm;
  const polys = [regions.face, regions.regions.neck];
  const eyes = [regions.exclusions.eye_left, regions.exclusions.eye_right];
  const b = bbox(polys, feather, image);
  const data = new Uint8Array(image.data);
  for (let y = b.y0; y <= b.y1; y++) {
    for (let x = b.x0; x <= b.x1; x++) {
      const p = { x: x + 0.5, y: y + 0.5 };
      if (eyes.some((e) => pointInPolygon(p, e))) continue;
      const inside = polys.some((poly) => pointInPolygon(p, poly));
      // Full strength inside the outline, fading to none `feather` outside it.
      const t = inside ? 1 : Math.max(0, 1 - Math.min(...polys.map((poly) => closedDistance(p, poly))) / feather);
      const w = t * t * (3 - 2 * t);
      if (w <= 0) continue;
      const i = (y * image.width + x) * 3;
      for (let c = 0; c < 3; c++) {
        const k = 1 + ((full[c] as number) - 1) * w;
        data[i + c] = Math.round(fromLinear(Math.min(1, toLinear(image.data[i + c] ?? 0) * k)));
      }
    }
  }
  const shifted = { width: image.width, height: image.height, data };
  return { image: shifted, melanin, itaBefore, itaAfter: sampleIta(cheekSample(shifted, regions), 0) };
}
