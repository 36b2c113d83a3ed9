// Model inputs for the equivalence tests: real face crops from test/fixtures/faces, prepared the
// way human prepares them (resize to the model size, then map 0..255 onto the model's range),
// and seeded noise that reaches corners of the input space real photos do not.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { normalizePixels } from '../../../models/convert/models.ts';
import type { ModelSpec } from '../../../models/convert/models.ts';
import type { PixelBox } from '../../fixtures/faces/manifest.ts';

export const FIXTURE_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/faces');

/** RGB bytes (HWC) of a fixture, optionally cropped, stretched to size x size like tf.image.resizeBilinear. */
export async function fixturePixels(file: string, size: number, region?: PixelBox): Promise<Uint8Array> {
  let image = sharp(join(FIXTURE_DIR, file)).removeAlpha();
  if (region) image = image.extract(region);
  const { data, info } = await image.resize(size, size, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 3 || data.length !== size * size * 3) throw new Error(`${file}: expected ${size}x${size} RGB, got ${info.width}x${info.height}x${info.channels}`);
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

export async function fixtureInput(spec: ModelSpec, file: string, size: number, region?: PixelBox): Promise<Float32Array> {
  return normalizePixels(spec, await fixturePixels(file, size, region));
}

/** mulberry32: tiny, seedable, good enough to make test inputs reproducible. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function uniformNoise(length: number, lo: number, hi: number, seed: number): Float32Array {
  const next = seededRandom(seed);
  return Float32Array.from({ length }, () => lo + (hi - lo) * next());
}

/** Uniform noise over the model's whole input range. */
export function randomInput(spec: ModelSpec, length: number, seed: number): Float32Array {
  return uniformNoise(length, spec.inputRange[0], spec.inputRange[1], seed);
}

export function concat(parts: readonly Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}
