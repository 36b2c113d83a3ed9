import type { FaceGeometry, Point2, RgbImage } from '../../types.ts';
import type { RgbPlanes } from './color.ts';

/**
 * The working frame: a rectangle of the source image around the face, resampled so the face is
 * about FACE_WIDTH_PX wide. Features are measured in millimetres; a 12-megapixel capture is far
 * more than needed for them, and a fixed working size fixes the cost (see docs/vision-skin.md).
 */
export interface WorkFrame {
  /** Source pixel of the frame's top-left corner. */
  readonly left: number;
  readonly top: number;
  /** Work pixels per source pixel (<= 1: the frame never upsamples). */
  readonly scale: number;
  readonly width: number;
  readonly height: number;
}

/**
 * decision: 600 px across the landmarks is about 4 px per millimetre: pores of 0.25 mm radius are
 * still a pixel across, and one 12-megapixel view fits the 1.5 s budget (docs/vision-skin.md).
 */
export const FACE_WIDTH_PX = 600;

/** Work pixels per coarse pixel (SkinContext's level 1 halves the fine level). */
const COARSE_BLOCK = 2;

export function workFrame(face: FaceGeometry, imageWidth: number, imageHeight: number, faceWidthPx = FACE_WIDTH_PX): WorkFrame {
  const { left, top, width, height } = landmarkBox(face);
  const scale = Math.min(1, faceWidthPx / Math.max(1, width));
  // Room around the mesh: the forehead goes above the mesh's top row, the neck below the chin.
  // decision: the corner goes down to the lattice of coarse pixels at this scale, fixed in the
  // photo (source pixel 0 is on it; D-091). Landmarks found again on the same photo move by a
  // pixel or so; a corner that followed them put every coarse pixel up to half a pixel elsewhere
  // on the photo, and spot candidates within a tenth of a threshold flipped (D-082, D-088).
  const lattice = COARSE_BLOCK / scale;
  const x0 = Math.max(0, Math.floor((left - 0.1 * width) / lattice) * lattice);
  const x1 = Math.min(imageWidth, Math.ceil(left + 1.1 * width));
  const y0 = Math.max(0, Math.floor((top - 0.1 * height) / lattice) * lattice);
  const y1 = Math.min(imageHeight, Math.ceil(top + 1.4 * height));
  return { left: x0, top: y0, scale, width: Math.max(1, Math.floor((x1 - x0) * scale)), height: Math.max(1, Math.floor((y1 - y0) * scale)) };
}

/**
 * By how much (a power of two, at most 8) another photo of the same frame, `imageWidth` px wide,
 * may be shrunk as it is decoded, given the face found on the reference photo `referenceWidth` px
 * wide: the face keeps at least `faceWidthPx` pixels, so the working frame is still cut from it
 * by averaging, never by upsampling.
 */
export function decodeShrink(face: FaceGeometry, referenceWidth: number, imageWidth: number, faceWidthPx = FACE_WIDTH_PX): number {
  return decodeShrinkForWidth(landmarkBox(face).width, referenceWidth, imageWidth, faceWidthPx);
}

/** decodeShrink for a face `faceWidth` px wide (its landmarks' box) on the reference photo. */
export function decodeShrinkForWidth(faceWidth: number, referenceWidth: number, imageWidth: number, faceWidthPx = FACE_WIDTH_PX): number {
  const width = faceWidth * (imageWidth / Math.max(1, referenceWidth));
  let k = 1;
  while (k < 8 && width / (2 * k) >= faceWidthPx) k *= 2;
  return k;
}

/** The landmarks' extent: the detector's box differs between detectors, the mesh does not. */
function landmarkBox(face: FaceGeometry): { left: number; top: number; width: number; height: number } {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let i = 0; i + 1 < face.landmarks.length; i += 3) {
    const x = face.landmarks[i] as number;
    const y = face.landmarks[i + 1] as number;
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
  }
  if (!(x1 > x0 && y1 > y0)) return face.box;
  return { left: x0, top: y0, width: x1 - x0, height: y1 - y0 };
}

/**
 * The same frame on another photo of the view `k` times the reference photo's width (a light
 * decoded shrunk): its origin scales by k, its scale by 1 / k, its size in work pixels stays.
 */
export function frameOnImage(frame: WorkFrame, k: number): WorkFrame {
  return { left: frame.left * k, top: frame.top * k, scale: frame.scale / k, width: frame.width, height: frame.height };
}

export function toSource(frame: WorkFrame, x: number, y: number): Point2 {
  return { x: frame.left + x / frame.scale, y: frame.top + y / frame.scale };
}

/** Per output index, the source indices and area weights of a 1-D box resampling. */
function contributions(outSize: number, srcStart: number, srcEnd: number, scale: number): { start: Int32Array; count: Int32Array; weights: Float32Array; stride: number } {
  const span = 1 / scale;
  const stride = Math.ceil(span) + 2;
  const start = new Int32Array(outSize);
  const count = new Int32Array(outSize);
  const weights = new Float32Array(outSize * stride);
  for (let o = 0; o < outSize; o++) {
    const a = srcStart + o * span;
    const b = Math.min(srcEnd, a + span);
    const first = Math.floor(a);
    let n = 0;
    let total = 0;
    for (let s = first; s < b && n < stride; s++, n++) {
      const w = Math.min(b, s + 1) - Math.max(a, s);
      weights[o * stride + n] = w;
      total += w;
    }
    for (let k = 0; k < n; k++) weights[o * stride + k] = (weights[o * stride + k] ?? 0) / (total || 1);
    // Past the source's end (rounding at the border): repeat the last pixel.
    if (n === 0) weights[o * stride] = 1;
    start[o] = Math.min(first, srcEnd - 1);
    count[o] = Math.max(1, n);
  }
  return { start, count, weights, stride };
}

/**
 * Area-averaging resample of the frame's rectangle. A large reduction first sums k x k blocks
 * (plain additions over the bytes, each read once), then the remaining factor (under 2) is
 * resampled with area weights, separably. The block means are made one row of blocks at a time,
 * just before the horizontal pass reads it, and only for the rows the output needs: no
 * frame-sized intermediate (12 MB for a 12 MP photo's face) is allocated, filled and read back.
 */
export function resampleFrame(image: RgbImage, frame: WorkFrame, into: RgbPlanes = rgbPlanes(frame.width, frame.height)): RgbPlanes {
  const k = Math.max(1, Math.floor(1 / frame.scale));
  // The blocks lie on the photo's own k-pixel lattice, as the frame's corner lies on a lattice
  // fixed in the photo (D-091): the same photo is reduced the same way wherever the corner falls.
  const x0 = Math.floor(frame.left / k) * k;
  const y0 = Math.floor(frame.top / k) * k;
  const x1 = Math.min(image.width, Math.ceil(frame.left + frame.width / frame.scale));
  const y1 = Math.min(image.height, Math.ceil(frame.top + frame.height / frame.scale));
  const blocks: BlockGrid = { image, x0, y0, x1, y1, k, width: Math.ceil((x1 - x0) / k), height: Math.ceil((y1 - y0) / k) };
  // The block grid starts at (x0, y0): carry the frame's sub-pixel origin over to it.
  return areaResample(blocks, (frame.left - x0) / k, (frame.top - y0) / k, frame.scale * k, into);
}

/** Three zeroed planes; resampleFrame's output, or another thread's through a SharedArrayBuffer. */
export function rgbPlanes(width: number, height: number, buffer?: SharedArrayBuffer): RgbPlanes {
  const n = width * height;
  if (!buffer) return { width, height, r: new Float32Array(n), g: new Float32Array(n), b: new Float32Array(n) };
  return { width, height, r: new Float32Array(buffer, 0, n), g: new Float32Array(buffer, 4 * n, n), b: new Float32Array(buffer, 8 * n, n) };
}

/** The k x k blocks of the rectangle [x0, x1) x [y0, y1) of an image. */
interface BlockGrid {
  readonly image: RgbImage;
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
  readonly k: number;
  /** Blocks across and down (edge blocks hold what is left). */
  readonly width: number;
  readonly height: number;
}

/** Means of the blocks of row `by` into `out` (interleaved float RGB); edge blocks average what they hold. */
function blockRow(grid: BlockGrid, by: number, out: Float32Array): void {
  const { x0, x1, k } = grid;
  const d = grid.image.data;
  const W = grid.image.width;
  const ya = grid.y0 + by * k;
  const yb = Math.min(grid.y1, ya + k);
  out.fill(0);
  for (let y = ya; y < yb; y++) {
    const end = (y * W + x1) * 3;
    let o = 0;
    let r = 0;
    let g = 0;
    let b = 0;
    let n = 0;
    // One pass along the row, summing in locals and adding each block once: every byte is read once.
    for (let p = (y * W + x0) * 3; p < end; p += 3) {
      r += d[p] as number;
      g += d[p + 1] as number;
      b += d[p + 2] as number;
      if (++n === k) {
        out[o] = (out[o] as number) + r;
        out[o + 1] = (out[o + 1] as number) + g;
        out[o + 2] = (out[o + 2] as number) + b;
        o += 3;
        r = g = b = 0;
        n = 0;
      }
    }
    if (n > 0) {
      out[o] = (out[o] as number) + r;
      out[o + 1] = (out[o + 1] as number) + g;
      out[o + 2] = (out[o + 2] as number) + b;
    }
  }
  const rows = yb - ya;
  for (let bx = 0; bx < grid.width; bx++) {
    const c = 1 / (rows * (Math.min(x1 - x0, (bx + 1) * k) - bx * k));
    const o = bx * 3;
    out[o] = (out[o] as number) * c;
    out[o + 1] = (out[o + 1] as number) * c;
    out[o + 2] = (out[o + 2] as number) * c;
  }
}

/** Area resample of the block grid from (left, top), `scale` output pixels per block (<= 1), into `out`'s planes. */
function areaResample(src: BlockGrid, left: number, top: number, scale: number, out: RgbPlanes): RgbPlanes {
  const { width: outW, height: outH } = out;
  const cx = contributions(outW, left, src.width, scale);
  const cy = contributions(outH, top, src.height, scale);
  const W = outW;
  const rowsFrom = cy.start[0] ?? 0;
  const rowsTo = Math.min(src.height, (cy.start[outH - 1] ?? 0) + (cy.count[outH - 1] ?? 1));
  const rows = Math.max(0, rowsTo - rowsFrom);
  const tmp = new Float32Array(rows * W * 3);
  const d = new Float32Array(src.width * 3);
  for (let y = 0; y < rows; y++) {
    blockRow(src, rowsFrom + y, d);
    for (let x = 0; x < W; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      const s0 = cx.start[x] as number;
      const n = cx.count[x] as number;
      for (let j = 0; j < n; j++) {
        const w = cx.weights[x * cx.stride + j] as number;
        const p = (s0 + j) * 3;
        r += w * (d[p] as number);
        g += w * (d[p + 1] as number);
        b += w * (d[p + 2] as number);
      }
      const t = (y * W + x) * 3;
      tmp[t] = r;
      tmp[t + 1] = g;
      tmp[t + 2] = b;
    }
  }
  for (let y = 0; y < outH; y++) {
    const s0 = (cy.start[y] as number) - rowsFrom;
    const cnt = cy.count[y] as number;
    for (let x = 0; x < W; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let j = 0; j < cnt; j++) {
        const w = cy.weights[y * cy.stride + j] as number;
        const t = ((s0 + j) * W + x) * 3;
        r += w * (tmp[t] as number);
        g += w * (tmp[t + 1] as number);
        b += w * (tmp[t + 2] as number);
      }
      out.r[y * W + x] = r;
      out.g[y * W + x] = g;
      out.b[y * W + x] = b;
    }
  }
  return out;
}
