import type { LightSource } from '../../../protocol/skin-api/api-codes.ts';
import type { SkinContext } from '../context.ts';
import type { Component } from '../image/components.ts';
import { components } from '../image/components.ts';
import { chromaPlane } from '../image/color.ts';
import { valleyResponse } from '../image/filters.ts';
import type { Mask } from '../image/plane.ts';
import { erode, newMask, subtract } from '../image/plane.ts';
import { maskedValues, quantile, robustSigma } from '../image/stats.ts';
import type { RegionId } from '../regions/regions.ts';
import { poreBlurs } from './pores.ts';
import { toneScale } from './tone.ts';
import { CHEEKS, T_ZONE } from './regions.ts';

export interface ShineFindings {
  readonly lights: readonly LightSource[];
  /** Specular pixels at the coarse level. */
  readonly mask: Mask;
  readonly patches: readonly Component[];
  readonly percent: Readonly<Partial<Record<RegionId, number>>>;
  readonly tZonePercent: number;
  readonly facePercent: number;
  readonly method: 'polarisation-difference' | 'single-image';
}

const SHINE_REGIONS: readonly RegionId[] = [...T_ZONE, ...CHEEKS];

/**
 * Specular shine (oil, highlights). With both polarised images, the parallel image minus the
 * cross image (brightness-matched) is the surface reflection itself: `oil` is measured only then
 * (needs.ts, D-074). With one image: pixels well above their 3 mm surround and the skin's median,
 * and nearly colourless (a specular reflection has the light's colour, not the skin's); that
 * finds glints, not a sheet of sebum, and serves only to keep glints out of `glow`'s sheen.
 */
export function findShine(ctx: SkinContext): ShineFindings {
  return ctx.memo('shine', () => {
    const mask = ctx.unionMask(SHINE_REGIONS, 1);
    const spec = newMask(mask.width, mask.height);
    const both = ctx.has('parallel_polar') && ctx.has('cross_polar');
    const light = ctx.pick(['parallel_polar', 'white', 'white_glow', 'cross_polar']);
    const L = ctx.channel(light, 'L', 1);
    if (both) {
      const C = ctx.channel('cross_polar', 'L', 1);
      const k = quantile(maskedValues(L, mask), 0.5) / Math.max(1, quantile(maskedValues(C, mask), 0.5));
      for (let i = 0; i < spec.data.length; i++) if (mask.data[i] && (L.data[i] ?? 0) - k * (C.data[i] ?? 0) > 8) spec.data[i] = 1;
    } else {
      const rect = ctx.rectOf(mask, 0);
      const a = ctx.channel(light, 'a', 1);
      const b = ctx.channel(light, 'b', 1);
      const med = quantile(maskedValues(L, mask), 0.5);
      const chroma = quantile(maskedValues(chromaPlane({ L, a, b }), mask), 0.5);
      const local = rect ? ctx.blur(light, 'L', 1, ctx.px(3, 1), rect) : L;
      for (let i = 0; i < spec.data.length; i++) {
        if (!mask.data[i]) continue;
        const v = L.data[i] ?? 0;
        const c = Math.hypot(a.data[i] ?? 0, b.data[i] ?? 0);
        if ((v >= (local.data[i] ?? 0) + 7 && v >= med + 7 && c <= 0.8 * chroma) || v >= 97) spec.data[i] = 1;
      }
    }
    const share = (ids: readonly RegionId[]): number => {
      const m = ctx.unionMask(ids, 1);
      let n = 0;
      let hit = 0;
      for (let i = 0; i < m.data.length; i++) {
        if (!m.data[i]) continue;
        n++;
        hit += spec.data[i] ?? 0;
      }
      return n ? (100 * hit) / n : 0;
    };
    const percent: Partial<Record<RegionId, number>> = {};
    for (const id of SHINE_REGIONS) percent[id] = share([id]);
    const pxmm = ctx.pxPerMm(1);
    return {
      lights: both ? ['parallel_polar', 'cross_polar'] : [light],
      mask: spec,
      patches: components(spec, Math.max(2, 0.5 * pxmm * pxmm)),
      percent,
      tZonePercent: share(T_ZONE),
      facePercent: share(SHINE_REGIONS),
      method: both ? 'polarisation-difference' : 'single-image',
    };
  });
}

/** Fine texture: robust sigma of L* minus its ~0.5 mm blur (the pore detector's) over the cheeks and forehead. */
export function textureSigma(ctx: SkinContext): number {
  return ctx.memo('texture', () => {
    const blurs = poreBlurs(ctx);
    if (!blurs) return Number.NaN;
    const mask = erode(ctx.unionMask(['cheek_left', 'cheek_right', 'forehead'], 0), 2);
    return robustSigma(maskedValues(subtract(ctx.channel(blurs.light, 'L', 0), blurs.outer), mask)) / toneScale(ctx, blurs.light);
  });
}

/** Tone mottling: robust sigma of L* between the 1 mm and 5 mm scales (coarse level). */
export function mottlingSigma(ctx: SkinContext, light: LightSource): number {
  return ctx.memo(`mottling:${light}`, () => {
    const mask = ctx.unionMask(['cheek_left', 'cheek_right', 'forehead', 'chin'], 1);
    const rect = ctx.rectOf(mask, 0);
    if (!rect) return Number.NaN;
    const fine = ctx.blur(light, 'L', 1, ctx.px(1, 1), rect);
    const broad = ctx.blur(light, 'L', 1, ctx.px(5, 1), rect);
    return robustSigma(maskedValues(subtract(fine, broad), mask)) / toneScale(ctx, light);
  });
}

/** Sheen: how far the brightest tenth of the cheeks (blurred 2 mm, shine excluded) rises above their median, L*. */
export function sheenContrast(ctx: SkinContext, light: LightSource): number {
  return ctx.memo(`sheen:${light}`, () => {
    const cheeks = ctx.unionMask(CHEEKS, 1);
    const shine = findShine(ctx).mask;
    const mask = newMask(cheeks.width, cheeks.height);
    for (let i = 0; i < mask.data.length; i++) mask.data[i] = (cheeks.data[i] ?? 0) & (shine.data[i] ? 0 : 1);
    const rect = ctx.rectOf(mask, 0);
    if (!rect) return Number.NaN;
    const v = maskedValues(ctx.blur(light, 'L', 1, ctx.px(2, 1), rect), mask);
    return (quantile(v, 0.9) - quantile(v, 0.5)) / toneScale(ctx, light);
  });
}

/** Microrelief: share of cheek pixels on a fine valley (the pore detector's 0.2 mm blur) in any direction, fine level. */
export function microReliefFraction(ctx: SkinContext): number {
  return ctx.memo('micro', () => {
    const blurs = poreBlurs(ctx);
    const mask = erode(ctx.unionMask(CHEEKS, 0), 2);
    const rect = ctx.rectOf(mask, 2);
    if (!rect || !blurs) return Number.NaN;
    const v = valleyResponse(blurs.inner, blurs.sigma, rect, true);
    let n = 0;
    let hit = 0;
    for (let y = v.rect.y0; y < v.rect.y1; y++) {
      for (let x = v.rect.x0; x < v.rect.x1; x++) {
        if (!mask.data[y * mask.width + x]) continue;
        n++;
        if ((v.strength.data[(y - v.rect.y0) * v.strength.width + x - v.rect.x0] ?? 0) > 0.8) hit++;
      }
    }
    return n ? hit / n : Number.NaN;
  });
}
