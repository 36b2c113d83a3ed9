import type { Plane } from './plane.ts';
import { halve, newPlane } from './plane.ts';

/** Three planes of 0..255 sRGB values. */
export interface RgbPlanes {
  readonly width: number;
  readonly height: number;
  readonly r: Float32Array;
  readonly g: Float32Array;
  readonly b: Float32Array;
}

/** CIE L*a*b* (D65): L* 0..100 lightness, a* green(-)..red(+), b* blue(-)..yellow(+). */
export interface LabPlanes {
  readonly L: Plane;
  readonly a: Plane;
  readonly b: Plane;
}

// sRGB decoding through a table of 16 steps per code value: inputs are resampled averages (not
// integers) within 0..255, and a table lookup is an order of magnitude cheaper than Math.pow.
const STEPS = 16;
const SRGB_TO_LINEAR = (() => {
  const t = new Float32Array(256 * STEPS + 2);
  for (let i = 0; i < t.length; i++) {
    const c = Math.min(1, i / STEPS / 255);
    t[i] = c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
  }
  return t;
})();

function linear(v255: number): number {
  return SRGB_TO_LINEAR[(v255 * STEPS + 0.5) | 0] as number;
}

/** Linear light 0..1 of an sRGB value 0..255 (clamped), through the table. */
export function srgbToLinear(v255: number): number {
  return linear(Math.min(255, Math.max(0, v255)));
}

/** sRGB value 0..255 of linear light (clamped to 0..1). */
export function linearToSrgb(lin: number): number {
  const c = Math.min(1, Math.max(0, lin));
  return 255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);
}

const EPS = 216 / 24389;
const KAPPA = 24389 / 27;

function labF(t: number): number {
  return t > EPS ? Math.cbrt(t) : (KAPPA * t + 16) / 116;
}

/** L*a*b* (D65) of one pixel's linear R, G, B (0..1), for measures that read a few pixels. */
export function linearToLab(r: number, g: number, b: number): readonly [number, number, number] {
  const fx = labF((0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047);
  const fy = labF(0.2126729 * r + 0.7151522 * g + 0.072175 * b);
  const fz = labF((0.0193339 * r + 0.119192 * g + 0.9503041 * b) / 1.08883);
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

export function rgbToLab(rgb: RgbPlanes): LabPlanes {
  const n = rgb.width * rgb.height;
  const L = newPlane(rgb.width, rgb.height);
  const A = newPlane(rgb.width, rgb.height);
  const B = newPlane(rgb.width, rgb.height);
  for (let i = 0; i < n; i++) {
    const r = linear(rgb.r[i] ?? 0);
    const g = linear(rgb.g[i] ?? 0);
    const b = linear(rgb.b[i] ?? 0);
    // sRGB -> XYZ (D65), divided by the white point.
    const fx = labF((0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047);
    const fy = labF(0.2126729 * r + 0.7151522 * g + 0.072175 * b);
    const fz = labF((0.0193339 * r + 0.119192 * g + 0.9503041 * b) / 1.08883);
    L.data[i] = 116 * fy - 16;
    A.data[i] = 500 * (fx - fy);
    B.data[i] = 200 * (fy - fz);
  }
  return { L, a: A, b: B };
}

/** L* alone (the fine level needs no colour): one cube root per pixel instead of three. */
export function rgbToL(rgb: RgbPlanes): Plane {
  const L = newPlane(rgb.width, rgb.height);
  const { r, g, b } = rgb;
  for (let i = 0; i < L.data.length; i++) {
    const y = 0.2126729 * linear(r[i] as number) + 0.7151522 * linear(g[i] as number) + 0.072175 * linear(b[i] as number);
    const f = y * Y_STEPS;
    const k = f | 0;
    const lo = Y_TO_L[k] as number;
    L.data[i] = lo + ((Y_TO_L[k + 1] as number) - lo) * (f - k);
  }
  return L;
}

// L* of relative luminance through an interpolated table instead of a cube root per pixel.
const Y_STEPS = 8192;
const Y_TO_L = Float32Array.from({ length: Y_STEPS + 2 }, (_, i) => 116 * labF(Math.min(1, i / Y_STEPS)) - 16);

/** 2x2 mean of each channel. */
export function halveRgb(rgb: RgbPlanes): RgbPlanes {
  const h = (data: Float32Array) => halve({ width: rgb.width, height: rgb.height, data }).data;
  return { width: rgb.width >> 1, height: rgb.height >> 1, r: h(rgb.r), g: h(rgb.g), b: h(rgb.b) };
}

/**
 * Porphyrin fluorescence under UV is orange-red against the violet-blue of skin: red minus the
 * mean of green and blue, in 0..255 units, rises where porphyrins glow.
 */
export function porphyrinPlane(rgb: RgbPlanes): Plane {
  const out = newPlane(rgb.width, rgb.height);
  for (let i = 0; i < out.data.length; i++) out.data[i] = (rgb.r[i] ?? 0) - 0.5 * ((rgb.g[i] ?? 0) + (rgb.b[i] ?? 0));
  return out;
}

/** Chroma sqrt(a*^2 + b*^2): specular highlights are bright and nearly colourless. */
export function chromaPlane(lab: LabPlanes): Plane {
  const out = newPlane(lab.L.width, lab.L.height);
  for (let i = 0; i < out.data.length; i++) out.data[i] = Math.hypot(lab.a.data[i] ?? 0, lab.b.data[i] ?? 0);
  return out;
}
