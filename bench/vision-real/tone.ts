// Tone shift: the same face with lighter or darker skin. Linear RGB inside the face silhouette
// and neck (feathered over 4 mm) is scaled by one factor, found by bisection so the median cheek
// colour's ITA moves by the asked number of degrees. Scaling linear light keeps the skin's
// chromaticity, as more or less melanin roughly does at this scale, and keeps the texture.
import { pointInPolygon } from '../../vision/skin/image/raster.ts';
import type { SkinRegions } from '../../vision/skin/regions/regions.ts';
import type { Point2, RgbImage } from '../../vision/types.ts';
import { closedDistance } from '../../test/unit/vision-skin/helpers/scenes.ts';
import { fromLinear, ita, linearToLab, toLinear } from './colour.ts';

export interface ToneShift {
  readonly image: RgbImage;
  readonly factor: number;
  /** ITA of the median cheek colour before and after, as this module measures it. */
  readonly itaBefore: number;
  readonly itaAfter: number;
}

function median(v: number[]): number {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
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

function sampleIta(sample: Float32Array, k: number): number {
  const Ls: number[] = [];
  const bs: number[] = [];
  for (let i = 0; i < sample.length; i += 3) {
    const [L, , b] = linearToLab(Math.min(1, (sample[i] ?? 0) * k), Math.min(1, (sample[i + 1] ?? 0) * k), Math.min(1, (sample[i + 2] ?? 0) * k));
    Ls.push(L);
    bs.push(b);
  }
  return ita(median(Ls), median(bs));
}

export function shiftTone(image: RgbImage, regions: SkinRegions, pxPerMm: number, degrees: number): ToneShift {
  const sample = cheekSample(image, regions);
  const itaBefore = sampleIta(sample, 1);
  // ITA rises with the factor; bisect its logarithm.
  let lo = Math.log(0.2);
  let hi = Math.log(5);
  for (let k = 0; k < 30; k++) {
    const mid = (lo + hi) / 2;
    if (sampleIta(sample, Math.exp(mid)) < itaBefore + degrees) lo = mid;
    else hi = mid;
  }
  const factor = Math.exp((lo + hi) / 2);
  const feather = 4 * pxPerMm;
  const polys = [regions.face, regions.regions.neck];
  const b = bbox(polys, feather, image);
  const data = new Uint8Array(image.data);
  for (let y = b.y0; y <= b.y1; y++) {
    for (let x = b.x0; x <= b.x1; x++) {
      const p = { x: x + 0.5, y: y + 0.5 };
      const inside = polys.some((poly) => pointInPolygon(p, poly));
      const d = Math.min(...polys.map((poly) => closedDistance(p, poly)));
      // Full strength from `feather` inside the outline, fading to none `feather` outside it.
      const t = Math.max(0, Math.min(1, (inside ? d + feather : feather - d) / (2 * feather)));
      const w = t * t * (3 - 2 * t);
      if (w <= 0) continue;
      const kx = 1 + (factor - 1) * w;
      const i = (y * image.width + x) * 3;
      for (let c = 0; c < 3; c++) data[i + c] = Math.round(fromLinear(Math.min(1, toLinear(image.data[i + c] ?? 0) * kx)));
    }
  }
  const shifted = { width: image.width, height: image.height, data };
  return { image: shifted, factor, itaBefore, itaAfter: sampleIta(cheekSample(shifted, regions), 1) };
}
