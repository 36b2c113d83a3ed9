import type { LightSource } from '../../../protocol/skin-api/api-codes.ts';
import { areaCm2, regionAt } from '../analyser.ts';
import type { SkinContext } from '../context.ts';
import { detectBlobs, mergeBlobs } from '../image/blobs.ts';
import type { Mask, Plane, Rect } from '../image/plane.ts';
import { erode, sample } from '../image/plane.ts';
import { maskedValues, quantile } from '../image/stats.ts';
import type { RegionId } from '../regions/regions.ts';
import { findPapules } from './papules.ts';
import { PORE_REGIONS } from './regions.ts';
import { findSpots, isolated, ringMean } from './spots.ts';

/** A small dark opening: a pore, or a blackhead (a pore plugged with dark, oxidised sebum). */
export interface PoreLike {
  readonly x: number;
  readonly y: number;
  readonly radiusMm: number;
  /** L* below the surround. */
  readonly depth: number;
  readonly region: RegionId | null;
}

export interface PoreFindings {
  readonly light: LightSource;
  readonly pores: readonly PoreLike[];
  readonly blackheads: readonly PoreLike[];
  /** Skin analysed, cm2, in total and per region. */
  readonly areaCm2: number;
  readonly regionAreaCm2: Readonly<Partial<Record<RegionId, number>>>;
}

/** decision: pores are surface relief, best seen in parallel-polarised light; white otherwise. */
export const PORE_LIGHTS: readonly LightSource[] = ['parallel_polar', 'white', 'white_glow', 'cross_polar'];
/** decision: one scale, sigma 0.2 mm (matched radius 0.28 mm), answers for openings of 0.2 to 0.8 mm. */
const SIGMA_MM = 0.2;
const MIN_RESPONSE = 1.2;
/** A visible pore is at least this many L* darker than its surround. */
export const PORE_MIN_DEPTH = 4;
/** decision: a blackhead is at least this dark against its surround and against the skin's median. */
export const BLACKHEAD_MIN_DEPTH = 18;
const BLACKHEAD_BELOW_MEDIAN = 20;

/**
 * Pores and blackheads: DoG dark blobs of L* at the fine level with sigmas of 0.14 and 0.24 mm
 * (openings of about 0.2 to 0.7 mm), in the forehead, nose, cheeks and chin. A blob inside a
 * pigmented spot or a papule belongs to that finding. Depth splits the rest: a blackhead is very
 * dark in absolute terms too (a plug, not a shadow).
 */
export function findPores(ctx: SkinContext): PoreFindings {
  return ctx.memo('pores', () => {
    const light = ctx.pick(PORE_LIGHTS);
    const pxmm = ctx.pxPerMm(0);
    const mask = poreMask(ctx);
    const regionAreaCm2: Partial<Record<RegionId, number>> = {};
    for (const id of PORE_REGIONS) regionAreaCm2[id] = areaCm2(ctx, ctx.regionMask(id, 0), 0);
    const total = areaCm2(ctx, mask, 0);
    const b0 = poreBlurs(ctx);
    if (!b0) return { light, pores: [], blackheads: [], areaCm2: 0, regionAreaCm2 };
    const { rect, inner, outer, sigma } = b0;
    const found = detectBlobs({ inner, outer, innerSigma: sigma, mask, roi: rect, polarity: 1, minResponse: MIN_RESPONSE });
    const L = ctx.channel(light, 'L', 0);
    const median = quantile(maskedValues(L, mask), 0.5);
    // Work pixels of the fine level are twice those of the coarse level where spots and papules live.
    const covered = [...findSpots(ctx).spots.map((s) => ({ x: s.x * 2, y: s.y * 2, r: s.radiusMm * pxmm })), ...findPapules(ctx).papules.map((p) => ({ x: p.x * 2, y: p.y * 2, r: p.radiusMm * pxmm }))];
    const pores: PoreLike[] = [];
    const blackheads: PoreLike[] = [];
    for (const b of mergeBlobs([found], 1.5)) {
      if (covered.some((c) => Math.hypot(c.x - b.x, c.y - b.y) < c.r * 1.2)) continue;
      const bg = sample(outer, b.x - 0.5, b.y - 0.5);
      const centre = Math.min(ringMean(L, b.x, b.y, 0), sample(L, b.x - 0.5, b.y - 0.5));
      const depth = bg - centre;
      if (depth < PORE_MIN_DEPTH) continue;
      if (!isolated(L, b.x, b.y, 2.5 * b.radius, centre, depth)) continue;
      const found = { x: b.x, y: b.y, radiusMm: b.radius / pxmm, depth, region: regionAt(ctx, 0, b.x, b.y, PORE_REGIONS) };
      if (depth >= BLACKHEAD_MIN_DEPTH && centre < median - BLACKHEAD_BELOW_MEDIAN) blackheads.push(found);
      else pores.push(found);
    }
    return { light, pores, blackheads, areaCm2: total, regionAreaCm2 };
  });
}

/** The pore regions, eroded 2 px off the edges of eyes, brows, lips and nostrils. */
export function poreMask(ctx: SkinContext): Mask {
  return ctx.memo('pore-mask', () => erode(ctx.unionMask(PORE_REGIONS, 0), 2));
}

/**
 * The pore detector's two blurs of L* at the fine level (sigma and 2.5 sigma, about 0.5 mm);
 * the texture measure (surface.ts) reuses the outer one rather than blurring again.
 */
export function poreBlurs(ctx: SkinContext): { light: LightSource; rect: Rect; sigma: number; inner: Plane; outer: Plane } | null {
  const light = ctx.pick(PORE_LIGHTS);
  const sigma = Math.max(0.8, SIGMA_MM * ctx.pxPerMm(0));
  const rect = ctx.rectOf(poreMask(ctx), 3 * 2.5 * sigma);
  if (!rect) return null;
  return { light, rect, sigma, inner: ctx.blur(light, 'L', 0, sigma, rect), outer: ctx.blur(light, 'L', 0, 2.5 * sigma, rect) };
}
