/**
 * SIMULATION ONLY. Synthesises how a face photo taken under white light would look under the
 * other light sources of the multi-light device, so the whole capture and analysis flow runs
 * without hardware. These are plausible looks, not physics: no analysis result computed from them
 * means anything about real skin (docs/kiosk-core.md, "Simulation").
 *
 * - white_glow: brighter and softer (diffuse ring light);
 * - cross_polar: the specular (whitish, surface) component removed, reds and browns stronger, as
 *   crossed polarisers show sub-surface pigment and vessels;
 * - parallel_polar: specular shine and fine texture enhanced, as parallel polarisers show surface;
 * - uv: dark blue-violet with small orange and green fluorescent spots (porphyrins, sebum).
 */
import sharp from 'sharp';
import type { LightSource } from '../../protocol/skin-api/api-codes.ts';
import { missingCase } from '../../common/missing-case.ts';

/** Raw 8-bit RGB, row-major (the same layout as vision's RgbImage). */
export interface RawRgb {
  readonly width: number;
  readonly height: number;
  readonly data: Buffer;
}

const raw = (img: RawRgb) => ({ raw: { width: img.width, height: img.height, channels: 3 as const } });

async function toRaw(pipeline: sharp.Sharp): Promise<RawRgb> {
  const { data, info } = await pipeline.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

/** The image under `light`; `seed` makes the UV spots of a view the same on every call. */
export async function synthesiseLight(white: RawRgb, light: LightSource, seed: number): Promise<RawRgb> {
  switch (light) {
    case 'white':
      return white;
    case 'white_glow':
      return toRaw(sharp(white.data, raw(white)).linear(0.85, 48).blur(2.4).modulate({ brightness: 1.08 }));
    case 'cross_polar':
      return crossPolar(white);
    case 'parallel_polar':
      return parallelPolar(white);
    case 'uv':
      return ultraviolet(white, seed);
    default:
      return missingCase(light, 'light');
  }
}

async function crossPolar(white: RawRgb): Promise<RawRgb> {
  const out = Buffer.alloc(white.data.length);
  const d = white.data;
  for (let i = 0; i < d.length; i += 3) {
    // Specular reflection adds roughly the same amount to every channel: min(r, g, b) above a knee.
    const specular = Math.max(0, Math.min(d[i]!, d[i + 1]!, d[i + 2]!) - 140) * 0.85;
    out[i] = clamp((d[i]! - specular) * 1.1);
    out[i + 1] = clamp((d[i + 1]! - specular) * 0.94);
    out[i + 2] = clamp((d[i + 2]! - specular) * 0.86);
  }
  return toRaw(sharp(out, raw(white)).modulate({ saturation: 1.45 }));
}

async function parallelPolar(white: RawRgb): Promise<RawRgb> {
  const sharpened = await toRaw(sharp(white.data, raw(white)).sharpen({ sigma: 1.2, m1: 1.5, m2: 4 }).modulate({ saturation: 0.8 }));
  const d = sharpened.data;
  for (let i = 0; i < d.length; i += 3) {
    const luma = 0.299 * d[i]! + 0.587 * d[i + 1]! + 0.114 * d[i + 2]!;
    // Shine grows faster than the light level: the surface reflection the polarisers keep.
    const shine = Math.max(0, luma - 120) * 0.7;
    d[i] = clamp(d[i]! + shine);
    d[i + 1] = clamp(d[i + 1]! + shine);
    d[i + 2] = clamp(d[i + 2]! + shine);
  }
  return sharpened;
}

function ultraviolet(white: RawRgb, seed: number): RawRgb {
  const { width, height } = white;
  const d = white.data;
  const out = Buffer.alloc(d.length);
  for (let i = 0; i < d.length; i += 3) {
    const luma = 0.299 * d[i]! + 0.587 * d[i + 1]! + 0.114 * d[i + 2]!;
    out[i] = clamp(8 + luma * 0.22);
    out[i + 1] = clamp(4 + luma * 0.1);
    out[i + 2] = clamp(24 + luma * 0.5);
  }
  // Fluorescent spots inside the central ellipse where the face sits.
  const random = mulberry32(seed);
  const spots = Math.round((width * height) / 9000);
  const scale = width / 800;
  for (let s = 0; s < spots; s++) {
    const angle = random() * Math.PI * 2;
    const r = Math.sqrt(random());
    const cx = width / 2 + Math.cos(angle) * r * width * 0.22;
    const cy = height * 0.48 + Math.sin(angle) * r * height * 0.32;
    const radius = (1.2 + random() * 2.8) * scale;
    const colour = random() < 0.75 ? [255, 120, 40] : [150, 255, 90];
    paintSpot(out, width, height, cx, cy, radius, colour as [number, number, number]);
  }
  return { width, height, data: out };
}

function paintSpot(out: Buffer, width: number, height: number, cx: number, cy: number, radius: number, colour: [number, number, number]): void {
  const reach = Math.ceil(radius * 2);
  for (let y = Math.max(0, Math.floor(cy - reach)); y <= Math.min(height - 1, Math.ceil(cy + reach)); y++) {
    for (let x = Math.max(0, Math.floor(cx - reach)); x <= Math.min(width - 1, Math.ceil(cx + reach)); x++) {
      const weight = Math.exp(-((x - cx) ** 2 + (y - cy) ** 2) / (2 * radius * radius));
      if (weight < 0.02) continue;
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) out[i + c] = clamp(out[i + c]! * (1 - weight) + colour[c]! * weight);
    }
  }
}

/** A small seeded generator: the same spots every run, so tests and screenshots are stable. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function clamp(v: number): number {
  return v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
}
