/**
 * Image statistics behind the quality measures (docs/vision-face.md, "Quality"): sharpness from
 * the Laplacian, and JPEG blockiness from the 8x8 block grid. Raw statistics only; the face
 * pipeline turns them into 0..1 scores.
 */
import type { Box, RgbImage } from '../types.ts';
import type { LumaRaster } from './luma.ts';

export interface LaplacianStats {
  /** Variance of the 4-neighbour Laplacian over the interior pixels (luma units squared). */
  readonly laplacianVariance: number;
  /** Variance of luma itself over the same pixels: the contrast the Laplacian is judged against. */
  readonly lumaVariance: number;
}

export function laplacianStats(luma: LumaRaster): LaplacianStats {
  const { width: w, height: h, data } = luma;
  let sum = 0;
  let sumSq = 0;
  let lsum = 0;
  let lsumSq = 0;
  let n = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1, p = y * w + 1; x < w - 1; x++, p++) {
      const v = data[p]!;
      const lap = data[p - 1]! + data[p + 1]! + data[p - w]! + data[p + w]! - 4 * v;
      sum += lap;
      sumSq += lap * lap;
      lsum += v;
      lsumSq += v * v;
      n++;
    }
  }
  if (n === 0) return { laplacianVariance: 0, lumaVariance: 0 };
  const lapMean = sum / n;
  const lumaMean = lsum / n;
  return { laplacianVariance: sumSq / n - lapMean * lapMean, lumaVariance: Math.max(0, lsumSq / n - lumaMean * lumaMean) };
}

/**
 * JPEG blockiness of a region of the decoded image: the mean absolute luma step across the
 * strongest of the 8 column (and row) phases divided by the mean step at the other 7 phases. 1 means
 * no 8-pixel grid; heavy JPEG compression shows a grid whose steps exceed the interior steps.
 * Taking the strongest phase finds the grid even when the image was cropped off the block grid;
 * with no grid it reads a little above 1 (the largest of 8 noisy means).
 */
export function blockinessRatio(image: RgbImage, box: Box): number {
  const x0 = Math.max(0, Math.floor(box.left));
  const y0 = Math.max(0, Math.floor(box.top));
  const x1 = Math.min(image.width, Math.ceil(box.left + box.width));
  const y1 = Math.min(image.height, Math.ceil(box.top + box.height));
  const w = x1 - x0;
  if (w < 17 || y1 - y0 < 17) return 1;
  // The region is read in row pairs every `stride` rows (about 96 pairs): the phase statistics
  // need thousands of steps per phase, not millions. An odd stride visits every row phase equally.
  let stride = Math.max(1, Math.floor((y1 - y0) / 96));
  if (stride % 2 === 0) stride++;
  const colSteps = new Float64Array(8);
  const rowSteps = new Float64Array(8);
  const colCounts = new Float64Array(8);
  const rowCounts = new Float64Array(8);
  let upper = new Float32Array(w);
  let lower = new Float32Array(w);
  let upperRow = -1;
  // How many of a row's w-1 steps fall on each phase.
  const perRow = new Float64Array(8);
  for (let k = 0; k < w - 1; k++) perRow[(x0 + 1 + k) & 7] = perRow[(x0 + 1 + k) & 7]! + 1;
  for (let y = y0; y < y1 - 1; y += stride) {
    // With stride 1 the lower row of one pair is the upper row of the next: compute each row once.
    if (upperRow === y) [upper, lower] = [lower, upper];
    else lumaRow(image, x0, y, upper);
    lumaRow(image, x0, y + 1, lower);
    upperRow = y + 1;
    // The step between x and x+1 belongs to phase (x+1) mod 8: phase 0 sits on the block grid.
    for (let i = 0, ph = (x0 + 1) & 7; i < w - 1; i++, ph = (ph + 1) & 7) colSteps[ph] = colSteps[ph]! + Math.abs(upper[i + 1]! - upper[i]!);
    for (let ph = 0; ph < 8; ph++) colCounts[ph] = colCounts[ph]! + perRow[ph]!;
    let sum = 0;
    for (let i = 0; i < w; i++) sum += Math.abs(lower[i]! - upper[i]!);
    const ph = (y + 1) & 7;
    rowSteps[ph] = rowSteps[ph]! + sum;
    rowCounts[ph] = rowCounts[ph]! + w;
  }
  return Math.max(phaseRatio(colSteps, colCounts), phaseRatio(rowSteps, rowCounts));
}

function lumaRow(image: RgbImage, x0: number, y: number, out: Float32Array): void {
  const { data } = image;
  for (let i = 0, p = (y * image.width + x0) * 3; i < out.length; i++, p += 3) out[i] = 0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]!;
}

function phaseRatio(steps: Float64Array, counts: Float64Array): number {
  const means = Array.from(steps, (s, i) => (counts[i]! > 0 ? s / counts[i]! : 0));
  let best = 0;
  for (let i = 1; i < 8; i++) if (means[i]! > means[best]!) best = i;
  const others = means.filter((_, i) => i !== best);
  const rest = others.reduce((s, m) => s + m, 0) / others.length;
  // A flat region (rest ~ 0) has no evidence either way.
  return rest < 0.05 ? 1 : means[best]! / rest;
}
