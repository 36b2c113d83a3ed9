/**
 * Luma (Rec. 601: 0.299 R + 0.587 G + 0.114 B, 0..255) of images and regions: the quality
 * measures and the glasses cues work on brightness only.
 */
import type { Box, RgbImage } from '../types.ts';
import type { Affine } from './affine.ts';
import { sampleToTensor, supersampleFor } from './sample.ts';

export interface LumaRaster {
  readonly width: number;
  readonly height: number;
  /** width * height values, 0..255. */
  readonly data: Float32Array;
}

/** Luma of an RGB float tensor (HWC, values 0..255). */
export function lumaOfTensor(rgb: Float32Array, width: number, height: number): LumaRaster {
  const data = new Float32Array(width * height);
  for (let i = 0, p = 0; i < data.length; i++, p += 3) data[i] = 0.299 * rgb[p]! + 0.587 * rgb[p + 1]! + 0.114 * rgb[p + 2]!;
  return { width, height, data };
}

/** Luma of a region resampled to width x height, antialiased when shrinking. */
export function sampleLuma(image: RgbImage, toSource: Affine, width: number, height: number, sourceSide: number): LumaRaster {
  const rgb = sampleToTensor(image, toSource, width, height, { supersample: supersampleFor(sourceSide, Math.max(width, height)) });
  return lumaOfTensor(rgb, width, height);
}

/** An axis-aligned box of the image resampled to size x size luma. */
export function boxLuma(image: RgbImage, box: Box, size: number): LumaRaster {
  const sx = box.width / size;
  const sy = box.height / size;
  return sampleLuma(image, { a: sx, b: 0, c: 0, d: sy, tx: box.left, ty: box.top }, size, size, Math.max(box.width, box.height));
}

/** Mean luma of the pixels of `box` (clipped to the image), read directly: no resampling. */
export function meanLuma(image: RgbImage, box: Box): number {
  const x0 = Math.max(0, Math.floor(box.left));
  const y0 = Math.max(0, Math.floor(box.top));
  const x1 = Math.min(image.width, Math.ceil(box.left + box.width));
  const y1 = Math.min(image.height, Math.ceil(box.top + box.height));
  if (x1 <= x0 || y1 <= y0) return 0;
  // Every other pixel and row: the mean of a face region does not need all of them.
  const step = (x1 - x0) * (y1 - y0) > 250_000 ? 2 : 1;
  let sum = 0;
  let n = 0;
  for (let y = y0; y < y1; y += step) {
    for (let x = x0, p = (y * image.width + x0) * 3; x < x1; x += step, p += 3 * step) {
      sum += 0.299 * image.data[p]! + 0.587 * image.data[p + 1]! + 0.114 * image.data[p + 2]!;
      n++;
    }
  }
  return sum / n;
}
