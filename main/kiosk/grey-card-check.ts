/**
 * Is this a grey card? (D-060, issue 16 item 3: a face was accepted as one, and its white balance
 * was applied to every later photo.) The marked area (GREY_CARD_AREA) of the calibration still
 * must be:
 * - not a face: the kiosk's own face check finds none overlapping it;
 * - filled by the card: its border cells look like its centre (a card held too small, or off to
 *   one side, shows the background in the outer cells);
 * - uniform: no cell differs from the others in brightness or colour beyond a lamp's fall-off,
 *   and no cell has texture (eyes, hair, print, fabric) beyond sensor noise;
 * - neutral enough to be a grey card: its channels within NEUTRAL_SPREAD of each other (a grey
 *   card under a tinted lamp passes; skin, a coloured card or a wall does not);
 * - exposed: neither too dark to measure nor clipped.
 * Pure pixel arithmetic on a decoded RGB picture; the face check is passed in.
 */
import { GREY_CARD_AREA } from '../../common/capture/grey-card-area.ts';
import type { RgbImage } from '../../vision/types.ts';

export type CardRefusal = 'face' | 'too_dark' | 'overexposed' | 'not_filling' | 'not_uniform' | 'not_neutral';

export interface CardMeasures {
  /** Mean RGB of the marked area, 0..1. */
  readonly mean: readonly [number, number, number];
  /** Largest difference of a cell's brightness from the inner cells' median, as a share of it. */
  readonly cellSpread: number;
  /** Largest difference of a cell's chromaticity (r/g or b/g) from the inner cells' median. */
  readonly cellTint: number;
  /** Largest within-cell standard deviation of brightness, as a share of the cell's mean. */
  readonly texture: number;
  /** Share of the area's pixels clipped at white. */
  readonly clipped: number;
}

export type CardVerdict = { readonly ok: true; readonly measures: CardMeasures } | { readonly ok: false; readonly reason: CardRefusal; readonly measures: CardMeasures | null };

/** Cells per side of the grid the area is cut into. */
const GRID = 4;
/** A lamp's fall-off across the card, and a card slightly tilted: cell brightness within 15 %. */
export const MAX_CELL_SPREAD = 0.15;
/** Cell chromaticity (r/g, b/g) within 0.06 of the median cell's. */
export const MAX_CELL_TINT = 0.06;
/** Sensor noise on a matt card: under 6 % of the level (a face's features, print and fabric are well above). */
export const MAX_TEXTURE = 0.06;
/** The brightest channel of the mean at most 1.5 times the darkest: skin is about 1.7. */
export const NEUTRAL_SPREAD = 1.5;
const MIN_LEVEL = 0.02;
const MAX_CLIPPED = 0.05;

/** A face box in the picture's pixels, or null. */
export type FindFace = (image: RgbImage) => Promise<{ left: number; top: number; width: number; height: number } | null>;

export async function checkGreyCard(image: RgbImage, findFace: FindFace): Promise<CardVerdict> {
  const area = areaPixels(image);
  const face = await findFace(image);
  if (face && overlaps(face, area)) return { ok: false, reason: 'face', measures: null };
  const grid = cells(image, area);
  const measures = measure(image, area, grid);
  const [r, g, b] = measures.mean;
  if (Math.min(r, g, b) < MIN_LEVEL) return { ok: false, reason: 'too_dark', measures };
  if (measures.clipped > MAX_CLIPPED) return { ok: false, reason: 'overexposed', measures };
  const uneven = unevenCells(grid);
  if (uneven.length > 0) {
    // Only the border cells differ: the card does not reach the edge of the marked area.
    const border = uneven.every(({ x, y }) => x === 0 || y === 0 || x === GRID - 1 || y === GRID - 1);
    return { ok: false, reason: border ? 'not_filling' : 'not_uniform', measures };
  }
  if (measures.texture > MAX_TEXTURE) return { ok: false, reason: 'not_uniform', measures };
  if (Math.max(r, g, b) / Math.min(r, g, b) > NEUTRAL_SPREAD) return { ok: false, reason: 'not_neutral', measures };
  return { ok: true, measures };
}

interface Area {
  readonly x0: number;
  readonly y0: number;
  readonly w: number;
  readonly h: number;
}

function areaPixels(image: RgbImage): Area {
  const w = Math.max(GRID, Math.round(image.width * GREY_CARD_AREA.width));
  const h = Math.max(GRID, Math.round(image.height * GREY_CARD_AREA.height));
  return { x0: Math.round(image.width * GREY_CARD_AREA.left), y0: Math.round(image.height * GREY_CARD_AREA.top), w, h };
}

function overlaps(box: { left: number; top: number; width: number; height: number }, area: Area): boolean {
  return box.left < area.x0 + area.w && box.left + box.width > area.x0 && box.top < area.y0 + area.h && box.top + box.height > area.y0;
}

interface Cell {
  readonly x: number;
  readonly y: number;
  readonly r: number;
  readonly g: number;
  readonly b: number;
  readonly luma: number;
  readonly sd: number;
}

function cells(image: RgbImage, area: Area): Cell[] {
  const channels = image.data.length / (image.width * image.height);
  const out: Cell[] = [];
  for (let cy = 0; cy < GRID; cy++) {
    for (let cx = 0; cx < GRID; cx++) {
      const xs = area.x0 + Math.floor((cx * area.w) / GRID);
      const xe = area.x0 + Math.floor(((cx + 1) * area.w) / GRID);
      const ys = area.y0 + Math.floor((cy * area.h) / GRID);
      const ye = area.y0 + Math.floor(((cy + 1) * area.h) / GRID);
      let r = 0;
      let g = 0;
      let b = 0;
      let l2 = 0;
      let n = 0;
      for (let y = ys; y < ye; y++) {
        for (let x = xs; x < xe; x++) {
          const i = (y * image.width + x) * channels;
          const pr = image.data[i]! / 255;
          const pg = image.data[i + 1]! / 255;
          const pb = image.data[i + 2]! / 255;
          const l = 0.299 * pr + 0.587 * pg + 0.114 * pb;
          r += pr;
          g += pg;
          b += pb;
          l2 += l * l;
          n++;
        }
      }
      const luma = (0.299 * r + 0.587 * g + 0.114 * b) / n;
      out.push({ x: cx, y: cy, r: r / n, g: g / n, b: b / n, luma, sd: Math.sqrt(Math.max(0, l2 / n - luma * luma)) });
    }
  }
  return out;
}

function measure(image: RgbImage, area: Area, grid: readonly Cell[]): CardMeasures {
  const mean = (key: 'r' | 'g' | 'b') => grid.reduce((s, c) => s + c[key], 0) / grid.length;
  const { med, rg, bg } = reference(grid);
  const channels = image.data.length / (image.width * image.height);
  let clipped = 0;
  for (let y = area.y0; y < area.y0 + area.h; y++) {
    for (let x = area.x0; x < area.x0 + area.w; x++) {
      const i = (y * image.width + x) * channels;
      if (image.data[i]! >= 254 || image.data[i + 1]! >= 254 || image.data[i + 2]! >= 254) clipped++;
    }
  }
  return {
    mean: [mean('r'), mean('g'), mean('b')],
    cellSpread: Math.max(...grid.map((c) => Math.abs(c.luma - med) / Math.max(med, 1e-6))),
    cellTint: Math.max(...grid.map((c) => Math.max(Math.abs(c.r / Math.max(c.g, 1e-6) - rg), Math.abs(c.b / Math.max(c.g, 1e-6) - bg)))),
    texture: Math.max(...grid.map((c) => c.sd / Math.max(c.luma, 1e-6))),
    clipped: clipped / (area.w * area.h),
  };
}

/**
 * What the card looks like: the median of the inner cells, where a card held roughly in place
 * always is, so a card too small shows as border cells that differ from it.
 */
function reference(grid: readonly Cell[]): { med: number; rg: number; bg: number } {
  const inner = grid.filter((c) => c.x > 0 && c.y > 0 && c.x < GRID - 1 && c.y < GRID - 1);
  return {
    med: median(inner.map((c) => c.luma)),
    rg: median(inner.map((c) => c.r / Math.max(c.g, 1e-6))),
    bg: median(inner.map((c) => c.b / Math.max(c.g, 1e-6))),
  };
}

/** Cells whose brightness or colour stands out from the inner cells'. */
function unevenCells(grid: readonly Cell[]): Cell[] {
  const { med, rg, bg } = reference(grid);
  return grid.filter(
    (c) =>
      Math.abs(c.luma - med) / Math.max(med, 1e-6) > MAX_CELL_SPREAD ||
      Math.abs(c.r / Math.max(c.g, 1e-6) - rg) > MAX_CELL_TINT ||
      Math.abs(c.b / Math.max(c.g, 1e-6) - bg) > MAX_CELL_TINT,
  );
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
