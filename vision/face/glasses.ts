/**
 * Glasses from image cues in the upright face patch, a documented heuristic rather than a trained
 * classifier (we ship no glasses model): docs/vision-face.md, "Glasses".
 *
 * - Sunglasses: the eye regions are much darker than the skin of the cheeks and the nose.
 * - A frame: bare skin on the nose bridge between the eyes and under the eyes is smooth, so a
 *   strong horizontal edge there (the bridge or the lower rim of a frame) relative to the face's
 *   average edge strength means glasses.
 */
import type { LumaRaster } from '../image/luma.ts';
import { smoothstep } from './eyes.ts';
import { CHEEK, EYE_CONTOUR, NOSE_BRIDGE, UNDER_EYE } from './landmark-indices.ts';
import type { FacePatch } from './patch.ts';

export interface GlassesCues {
  /** Mean luma of the eye regions over mean luma of cheek and nose skin; bare eyes 0.6 to 0.8 on the fixtures. */
  readonly eyeDarkness: number;
  /** Horizontal-edge strength on the nose bridge over the patch's mean gradient; bare skin 0.3 to 0.6. */
  readonly bridgeEdge: number;
  /** Horizontal-edge strength in the band under the eyes over the patch's mean gradient. */
  readonly rimEdge: number;
}

export interface GlassesProbabilities {
  readonly none: number;
  readonly normal: number;
  readonly sunglasses: number;
  readonly cues: GlassesCues;
}

/** eyeDarkness below SUN_DARK[0] reads as sunglasses, above SUN_DARK[1] as no sunglasses. */
export const SUN_DARK: readonly [number, number] = [0.35, 0.55];
/**
 * Frame cue (0.6 bridge + 0.2 rim) from "no frame" to "frame". The rim counts less: the lower
 * eyelid and eye bags also make edges under the eye (bare faces reach a rim cue of 2). Measured on
 * the fixtures: bare faces 0.34 to 0.77, with a drawn frame 2.8 and more.
 */
export const FRAME_EDGE: readonly [number, number] = [1.0, 1.8];

/** The frame cue combining bridge and rim edges. */
export function frameCue(cues: GlassesCues): number {
  return 0.6 * cues.bridgeEdge + 0.2 * cues.rimEdge;
}

export function glassesProbabilities(patch: FacePatch): GlassesProbabilities {
  const cues = glassesCues(patch);
  const sunglasses = 1 - smoothstep(SUN_DARK[0], SUN_DARK[1], cues.eyeDarkness);
  const frame = smoothstep(FRAME_EDGE[0], FRAME_EDGE[1], frameCue(cues));
  // Sunglasses have frames too: the frame cue only splits the non-sunglasses share.
  return { none: (1 - sunglasses) * (1 - frame), normal: (1 - sunglasses) * frame, sunglasses, cues };
}

export function glassesCues(patch: FacePatch): GlassesCues {
  const { luma, points } = patch;
  const pt = (i: number): [number, number] => [points[2 * i]!, points[2 * i + 1]!];
  const eyeBox = (indices: readonly number[]): Rect => {
    const r = boundsOf(indices.map(pt));
    const h = Math.max(r.y1 - r.y0, (r.x1 - r.x0) * 0.5);
    // Lids and lashes plus the lens area above and below the eye.
    return { x0: r.x0, x1: r.x1, y0: (r.y0 + r.y1) / 2 - h, y1: (r.y0 + r.y1) / 2 + h };
  };
  const [irx, iry] = pt(133);
  const [ilx, ily] = pt(362);
  const eyeDist = Math.hypot(ilx - irx, ily - iry);
  const probe = (i: number): Rect => {
    const [x, y] = pt(i);
    const r = eyeDist * 0.12;
    return { x0: x - r, x1: x + r, y0: y - r, y1: y + r };
  };
  const skin = (meanIn(luma, probe(CHEEK.left)) + meanIn(luma, probe(CHEEK.right)) + meanIn(luma, probe(4))) / 3;
  const eyes = (meanIn(luma, eyeBox(EYE_CONTOUR.left)) + meanIn(luma, eyeBox(EYE_CONTOUR.right))) / 2;

  const grad = meanGradient(luma, { x0: 1, y0: 1, x1: luma.width - 1, y1: luma.height - 1 });
  const bridgeTop = pt(NOSE_BRIDGE[0])[1] - eyeDist * 0.15;
  const bridgeBottom = pt(NOSE_BRIDGE[1])[1];
  const bridge: Rect = { x0: irx + (ilx - irx) * 0.3, x1: irx + (ilx - irx) * 0.7, y0: bridgeTop, y1: bridgeBottom };
  const under = (indices: readonly number[]): Rect => {
    const r = boundsOf(indices.map(pt));
    return { x0: r.x0, x1: r.x1, y0: r.y0 - eyeDist * 0.08, y1: r.y1 + eyeDist * 0.04 };
  };
  const rim = (meanVerticalStep(luma, under(UNDER_EYE.left)) + meanVerticalStep(luma, under(UNDER_EYE.right))) / 2;
  return {
    eyeDarkness: skin > 1 ? eyes / skin : 1,
    bridgeEdge: grad > 0 ? meanVerticalStep(luma, bridge) / grad : 0,
    rimEdge: grad > 0 ? rim / grad : 0,
  };
}

interface Rect {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

function boundsOf(points: readonly [number, number][]): Rect {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return { x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) };
}

/** Integer pixel range of a rect clipped to the raster (leaving a 1 px border for differences). */
function clip(luma: LumaRaster, r: Rect): Rect {
  return {
    x0: Math.max(1, Math.floor(r.x0)),
    y0: Math.max(1, Math.floor(r.y0)),
    x1: Math.min(luma.width - 1, Math.ceil(r.x1)),
    y1: Math.min(luma.height - 1, Math.ceil(r.y1)),
  };
}

function meanIn(luma: LumaRaster, rect: Rect): number {
  const r = clip(luma, rect);
  let sum = 0;
  let n = 0;
  for (let y = r.y0; y < r.y1; y++) for (let x = r.x0; x < r.x1; x++, n++) sum += luma.data[y * luma.width + x]!;
  return n > 0 ? sum / n : 0;
}

/** Mean of the largest vertical step in each column: a horizontal line anywhere in the column counts once. */
function meanVerticalStep(luma: LumaRaster, rect: Rect): number {
  const r = clip(luma, rect);
  const w = luma.width;
  let sum = 0;
  let n = 0;
  for (let x = r.x0; x < r.x1; x++, n++) {
    let best = 0;
    for (let y = r.y0; y < r.y1; y++) best = Math.max(best, Math.abs(luma.data[(y + 1) * w + x]! - luma.data[(y - 1) * w + x]!));
    sum += best;
  }
  return n > 0 ? sum / n : 0;
}

function meanGradient(luma: LumaRaster, rect: Rect): number {
  const r = clip(luma, rect);
  const w = luma.width;
  let sum = 0;
  let n = 0;
  for (let y = r.y0; y < r.y1; y++) {
    for (let x = r.x0; x < r.x1; x++, n++) {
      const p = y * w + x;
      sum += Math.abs(luma.data[p + 1]! - luma.data[p - 1]!) + Math.abs(luma.data[p + w]! - luma.data[p - w]!);
    }
  }
  return n > 0 ? sum / n : 0;
}
