/**
 * Resampling of an RgbImage into model input tensors (float32, NHWC, RGB): the live-guidance hot
 * path, so one pass, no intermediate images, no allocation beyond the output.
 *
 * Bilinear like tf.image.cropAndResize, which the models were fed in @vladmandic/human; samples
 * outside the image are black (cropAndResize's extrapolation value 0). When the output is much
 * smaller than the source region, `supersample` k averages k x k bilinear samples per output
 * pixel, which removes the aliasing a plain bilinear shrink of a large photo would cause.
 */
import type { RgbImage } from '../types.ts';
import type { Affine } from './affine.ts';

export interface SampleOptions {
  /** Pixel values 0..255 map linearly onto [lo, hi] (the model's input range). Default [0, 255]. */
  readonly range?: readonly [number, number];
  /** Write into this array (at `offset`) instead of allocating: batches, reuse across frames. */
  readonly out?: Float32Array;
  readonly offset?: number;
  /** k x k samples per output pixel; 1 (default) is plain bilinear. */
  readonly supersample?: number;
}

/**
 * Fills width x height x 3 values: output pixel centre (i + 0.5, j + 0.5) is mapped by `toSource`
 * to continuous source coordinates and sampled bilinearly.
 */
export function sampleToTensor(image: RgbImage, toSource: Affine, width: number, height: number, options: SampleOptions = {}): Float32Array {
  const [lo, hi] = options.range ?? [0, 255];
  const out = options.out ?? new Float32Array(width * height * 3);
  const offset = options.offset ?? 0;
  if (out.length < offset + width * height * 3) throw new RangeError('output array too small');
  const k = Math.max(1, Math.floor(options.supersample ?? 1));
  if (k === 1) {
    sampleBilinear(image, toSource, width, height, (hi - lo) / 255, lo, out, offset);
    return out;
  }
  const scale = (hi - lo) / 255 / (k * k);
  const { a, b, c, d, tx, ty } = toSource;
  const rgb = [0, 0, 0];
  let o = offset;
  for (let j = 0; j < height; j++) {
    for (let i = 0; i < width; i++) {
      let r = 0;
      let g = 0;
      let bl = 0;
      for (let sj = 0; sj < k; sj++) {
        const v = j + (sj + 0.5) / k;
        for (let si = 0; si < k; si++) {
          const u = i + (si + 0.5) / k;
          // -0.5: continuous coordinate to index space (pixel centres at integers).
          bilinear(image, a * u + b * v + tx - 0.5, c * u + d * v + ty - 0.5, rgb);
          r += rgb[0]!;
          g += rgb[1]!;
          bl += rgb[2]!;
        }
      }
      out[o++] = r * scale + lo;
      out[o++] = g * scale + lo;
      out[o++] = bl * scale + lo;
    }
  }
  return out;
}

/**
 * The k = 1 case, written out for speed (it runs on every preview frame): the source position
 * advances by a constant step per output pixel and the four neighbours are read inline.
 */
function sampleBilinear(image: RgbImage, m: Affine, width: number, height: number, scale: number, lo: number, out: Float32Array, offset: number): void {
  if (m.b === 0 && m.c === 0) {
    sampleAxisAligned(image, m, width, height, scale, lo, out, offset);
    return;
  }
  const { width: w, height: h, data } = image;
  const { a, b, c, d, tx, ty } = m;
  const row = w * 3;
  const rgb = [0, 0, 0];
  let o = offset;
  for (let j = 0; j < height; j++) {
    const v = j + 0.5;
    // Position of output pixel (0.5, v) in index space; +a, +c per output pixel.
    let x = a * 0.5 + b * v + tx - 0.5;
    let y = c * 0.5 + d * v + ty - 0.5;
    for (let i = 0; i < width; i++, x += a, y += c) {
      if (x >= 0 && y >= 0 && x < w - 1 && y < h - 1) {
        // x, y >= 0 here, so truncation is floor (and much cheaper than Math.floor).
        const x0 = x | 0;
        const y0 = y | 0;
        const fx = x - x0;
        const fy = y - y0;
        const w00 = (1 - fx) * (1 - fy) * scale;
        const w10 = fx * (1 - fy) * scale;
        const w01 = (1 - fx) * fy * scale;
        const w11 = fx * fy * scale;
        const p = y0 * row + x0 * 3;
        const q = p + row;
        out[o] = data[p]! * w00 + data[p + 3]! * w10 + data[q]! * w01 + data[q + 3]! * w11 + lo;
        out[o + 1] = data[p + 1]! * w00 + data[p + 4]! * w10 + data[q + 1]! * w01 + data[q + 4]! * w11 + lo;
        out[o + 2] = data[p + 2]! * w00 + data[p + 5]! * w10 + data[q + 2]! * w01 + data[q + 5]! * w11 + lo;
      } else if (x <= -1 || y <= -1 || x >= w || y >= h) {
        // Entirely outside (letterbox padding, crops over the frame edge): black.
        out[o] = lo;
        out[o + 1] = lo;
        out[o + 2] = lo;
      } else {
        bilinear(image, x, y, rgb);
        out[o] = rgb[0]! * scale + lo;
        out[o + 1] = rgb[1]! * scale + lo;
        out[o + 2] = rgb[2]! * scale + lo;
      }
      o += 3;
    }
  }
}

/**
 * sampleBilinear for maps without rotation (the detector's letterbox, box crops): every row reads
 * the same columns, so their indices and weights are computed once per call, not once per pixel.
 * The positions are accumulated exactly as in the general loop, so the output is identical.
 */
function sampleAxisAligned(image: RgbImage, m: Affine, width: number, height: number, scale: number, lo: number, out: Float32Array, offset: number): void {
  const { width: w, height: h, data } = image;
  const { a, d, tx, ty } = m;
  const row = w * 3;
  const rgb = [0, 0, 0];
  // Columns: source index (-1 when the sample is not fully inside) and horizontal weight.
  const cols = new Int32Array(width);
  const fxs = new Float64Array(width);
  const xs = new Float64Array(width);
  let x = a * 0.5 + tx - 0.5;
  for (let i = 0; i < width; i++, x += a) {
    xs[i] = x;
    const inside = x >= 0 && x < w - 1;
    cols[i] = inside ? (x | 0) * 3 : -1;
    fxs[i] = inside ? x - (x | 0) : 0;
  }
  let o = offset;
  for (let j = 0; j < height; j++) {
    const y = d * (j + 0.5) + ty - 0.5;
    if (y <= -1 || y >= h) {
      // A padding row (letterbox bars, crops past the frame edge): black.
      out.fill(lo, o, o + 3 * width);
      o += 3 * width;
      continue;
    }
    const rowInside = y >= 0 && y < h - 1;
    const y0 = rowInside ? y | 0 : 0;
    const fy = y - y0;
    const p0 = y0 * row;
    for (let i = 0; i < width; i++, o += 3) {
      const col = cols[i]!;
      if (rowInside && col >= 0) {
        const fx = fxs[i]!;
        const w00 = (1 - fx) * (1 - fy) * scale;
        const w10 = fx * (1 - fy) * scale;
        const w01 = (1 - fx) * fy * scale;
        const w11 = fx * fy * scale;
        const p = p0 + col;
        const q = p + row;
        out[o] = data[p]! * w00 + data[p + 3]! * w10 + data[q]! * w01 + data[q + 3]! * w11 + lo;
        out[o + 1] = data[p + 1]! * w00 + data[p + 4]! * w10 + data[q + 1]! * w01 + data[q + 4]! * w11 + lo;
        out[o + 2] = data[p + 2]! * w00 + data[p + 5]! * w10 + data[q + 2]! * w01 + data[q + 5]! * w11 + lo;
      } else if (xs[i]! <= -1 || xs[i]! >= w) {
        out[o] = lo;
        out[o + 1] = lo;
        out[o + 2] = lo;
      } else {
        bilinear(image, xs[i]!, y, rgb);
        out[o] = rgb[0]! * scale + lo;
        out[o + 1] = rgb[1]! * scale + lo;
        out[o + 2] = rgb[2]! * scale + lo;
      }
    }
  }
}

/** Supersampling factor for shrinking a region of `sourceSide` px to `outputSide` px. */
export function supersampleFor(sourceSide: number, outputSide: number): number {
  // Up to a 2x shrink bilinear interpolation loses little; beyond, average ~1 sample per source
  // pixel, capped at 4x4 so a huge region costs at most 16 samples per output pixel.
  const ratio = sourceSide / outputSide;
  return ratio <= 2 ? 1 : Math.min(4, Math.round(ratio));
}

/** Bilinear sample at index-space (x, y) into out[0..2]; outside the image counts as black. */
function bilinear(image: RgbImage, x: number, y: number, out: number[]): void {
  const { width: w, height: h, data } = image;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  if (x0 >= 0 && y0 >= 0 && x0 + 1 < w && y0 + 1 < h) {
    // Fast path: all four neighbours inside.
    const p00 = (y0 * w + x0) * 3;
    const p10 = p00 + 3;
    const p01 = p00 + w * 3;
    const p11 = p01 + 3;
    const w00 = (1 - fx) * (1 - fy);
    const w10 = fx * (1 - fy);
    const w01 = (1 - fx) * fy;
    const w11 = fx * fy;
    out[0] = data[p00]! * w00 + data[p10]! * w10 + data[p01]! * w01 + data[p11]! * w11;
    out[1] = data[p00 + 1]! * w00 + data[p10 + 1]! * w10 + data[p01 + 1]! * w01 + data[p11 + 1]! * w11;
    out[2] = data[p00 + 2]! * w00 + data[p10 + 2]! * w10 + data[p01 + 2]! * w01 + data[p11 + 2]! * w11;
    return;
  }
  out[0] = 0;
  out[1] = 0;
  out[2] = 0;
  if (x0 + 1 < 0 || y0 + 1 < 0 || x0 >= w || y0 >= h) return;
  accumulate(image, x0, y0, (1 - fx) * (1 - fy), out);
  accumulate(image, x0 + 1, y0, fx * (1 - fy), out);
  accumulate(image, x0, y0 + 1, (1 - fx) * fy, out);
  accumulate(image, x0 + 1, y0 + 1, fx * fy, out);
}

function accumulate(image: RgbImage, x: number, y: number, weight: number, out: number[]): void {
  if (x < 0 || y < 0 || x >= image.width || y >= image.height || weight === 0) return;
  const p = (y * image.width + x) * 3;
  out[0] = out[0]! + image.data[p]! * weight;
  out[1] = out[1]! + image.data[p + 1]! * weight;
  out[2] = out[2]! + image.data[p + 2]! * weight;
}
