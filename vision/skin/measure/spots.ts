import type { SkinContext } from '../context.ts';
import { regionAt } from '../analyser.ts';
import type { Blob } from '../image/blobs.ts';
import { detectBlobs, mergeBlobs } from '../image/blobs.ts';
import { sample } from '../image/plane.ts';
import type { RegionId } from '../regions/regions.ts';
import type { LightSource } from '../../../protocol/skin-api/api-codes.ts';
import { FACE_SKIN } from './regions.ts';
import { toneScale } from './tone.ts';

/** A pigmented spot: darker than its surround, not mainly red, at least about 0.6 mm across. */
export interface Spot {
  readonly x: number;
  readonly y: number;
  readonly radiusMm: number;
  /** L* below the surround, in the reference tone's units (measure/tone.ts). */
  readonly depth: number;
  readonly type: 'freckle' | 'senile' | 'acquired' | 'mole' | 'other';
  readonly region: RegionId | null;
}

export interface SpotFindings {
  readonly light: LightSource;
  readonly spots: readonly Spot[];
  /** Work pixels at the coarse level. */
  readonly level: 1;
}

/** decision: pigment is read under cross-polarised light (no surface glare), white otherwise. */
export const SPOT_LIGHTS: readonly LightSource[] = ['cross_polar', 'white', 'white_glow', 'parallel_polar', 'uv'];
/** decision: two scales (matched radii 0.85 and 1.7 mm), shared with papules.ts so the blurs are reused. */
export const BLOB_SIGMAS_MM = [0.6, 1.2];
/** Minimum DoG response (L*) of a candidate. */
const MIN_RESPONSE = 1.6;
/** Minimum depth (L*) of a spot worth reporting. */
const MIN_DEPTH = 4;

/**
 * Brown spots, freckles, lentigines and moles: DoG dark blobs of L* at three scales at the coarse
 * level, kept when not mainly red (those are papules, papules.ts) and not smaller than about
 * 0.6 mm across (those are pores and blackheads, pores.ts): the ring test compares the darkness
 * 0.6 mm out with the darkness at the centre.
 */
export function findSpots(ctx: SkinContext): SpotFindings {
  return ctx.memo('spots', () => {
    const light = ctx.pick(SPOT_LIGHTS);
    const mask = ctx.unionMask(FACE_SKIN, 1);
    const lists: Blob[][] = [];
    const pxmm = ctx.pxPerMm(1);
    // Thresholds are in the reference tone's L*; this face's differences are scaled to it.
    const tone = toneScale(ctx, light);
    const rect = ctx.rectOf(mask, 3 * 2.5 * Math.max(1, (BLOB_SIGMAS_MM[BLOB_SIGMAS_MM.length - 1] ?? 1) * pxmm));
    if (!rect) return { light, spots: [], level: 1 as const };
    for (const mm of BLOB_SIGMAS_MM) {
      const s = Math.max(1, mm * pxmm);
      const inner = ctx.blur(light, 'L', 1, s, rect);
      const outer = ctx.blur(light, 'L', 1, 2.5 * s, rect);
      lists.push(detectBlobs({ inner, outer, innerSigma: s, mask, roi: rect, polarity: 1, minResponse: MIN_RESPONSE * tone }));
    }
    const L = ctx.channel(light, 'L', 1);
    const a = ctx.channel(light, 'a', 1);
    const spots: Spot[] = [];
    for (const b of mergeBlobs(lists)) {
      const s = b.radius / Math.SQRT2;
      const bg = sample(ctx.blur(light, 'L', 1, 2.5 * s, rect), b.x - 0.5, b.y - 0.5);
      const centre = ringMean(L, b.x, b.y, 0);
      const ring = ringMean(L, b.x, b.y, Math.max(1.2, 0.6 * pxmm));
      const depth = bg - centre;
      if (depth < MIN_DEPTH * tone) continue;
      // Small features recover within 0.6 mm; a spot is still dark there.
      if (bg - ring < 0.45 * depth) continue;
      const redness = ringMean(a, b.x, b.y, 0) - sample(ctx.blur(light, 'a', 1, 2.5 * s, rect), b.x - 0.5, b.y - 0.5);
      if (redness > 0.5 * depth + 1.5 * tone) continue;
      const radiusPx = Math.max(b.radius, effectiveRadius(L, b.x, b.y, bg, depth));
      // A spot is dark all round; the edge of a shadow (nose side, lid, hairline) is not.
      if (!isolated(L, b.x, b.y, 1.6 * radiusPx, centre, depth)) continue;
      const radiusMm = radiusPx / pxmm;
      spots.push({ x: b.x, y: b.y, radiusMm, depth: depth / tone, type: spotType(radiusMm, depth / tone), region: regionAt(ctx, 1, b.x, b.y, FACE_SKIN) });
    }
    return { light, spots, level: 1 as const };
  });
}

/** decision: types by size and contrast (no histology from a photo; docs/vision-skin.md). */
function spotType(radiusMm: number, depth: number): Spot['type'] {
  if (depth >= 22 && radiusMm <= 3) return 'mole';
  if (radiusMm <= 1.5) return depth < 14 ? 'freckle' : 'other';
  if (radiusMm > 2.5 && depth < 9) return 'acquired';
  return 'senile';
}

/** Mean of 3x3 at radius 0, else of 12 samples on a circle. */
export function ringMean(p: { width: number; height: number; data: Float32Array }, x: number, y: number, r: number): number {
  if (r === 0) {
    let s = 0;
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) s += sample(p, x - 0.5 + dx * 0.5, y - 0.5 + dy * 0.5);
    return s / 9;
  }
  let s = 0;
  for (let k = 0; k < 12; k++) s += sample(p, x - 0.5 + r * Math.cos((k * Math.PI) / 6), y - 0.5 + r * Math.sin((k * Math.PI) / 6));
  return s / 12;
}

/** True when every one of 12 samples at radius r is lighter than the centre by 35 % of the depth. */
export function isolated(p: { width: number; height: number; data: Float32Array }, x: number, y: number, r: number, centre: number, depth: number): boolean {
  for (let k = 0; k < 12; k++) {
    if (sample(p, x - 0.5 + r * Math.cos((k * Math.PI) / 6), y - 0.5 + r * Math.sin((k * Math.PI) / 6)) - centre < 0.35 * depth) return false;
  }
  return true;
}

/** Radius where the darkness falls to half the depth, searched outwards (work pixels). */
function effectiveRadius(L: { width: number; height: number; data: Float32Array }, x: number, y: number, bg: number, depth: number): number {
  for (let r = 1; r < 40; r += 0.5) if (bg - ringMean(L, x, y, r) < 0.5 * depth) return r;
  return 40;
}
