import type { LightSource } from '../../../protocol/skin-api/api-codes.ts';
import { areaCm2 } from '../analyser.ts';
import type { SkinContext } from '../context.ts';
import type { Component } from '../image/components.ts';
import { components } from '../image/components.ts';
import type { Mask, Plane, Rect } from '../image/plane.ts';
import { maskCount, newMask, newPlane, scanRect } from '../image/plane.ts';
import { quantile } from '../image/stats.ts';
import type { RegionId } from '../regions/regions.ts';
import { IPD_MM } from '../regions/geometry.ts';
import { gaussianBlur } from '../image/filters.ts';
import { balancedLab } from './balance.ts';
import { PAPULE_LIGHTS } from './papules.ts';

export interface RednessFindings {
  readonly light: LightSource;
  /** Diffusely red skin, coarse level. */
  readonly mask: Mask;
  readonly patches: readonly Component[];
  /** Percentage of the analysed skin that is red, in total and per region. */
  readonly percent: number;
  readonly regionPercent: Readonly<Partial<Record<RegionId, number>>>;
  /** Mean a* excess over the baseline inside the red area, in the reference tone's units. */
  readonly excess: number;
  /** Baseline a* of the face (20th percentile of smoothed a*, the mean of its two halves'). */
  readonly baseline: number;
  readonly areaCm2: number;
}

export const REDNESS_REGIONS: readonly RegionId[] = ['forehead', 'glabella', 'nose', 'cheek_left', 'cheek_right', 'chin'];
/** decision: a* above the face's own 20th percentile by this much is visible redness. */
export const REDNESS_DELTA = 5;
const SMOOTH_MM = 1.5;
const MIN_PATCH_MM2 = 6;

/** decision: each half of the face has its own baseline, blended across this share of the IPD either side of the midline. */
const MIDLINE_BLEND = 0.15;
/** decision: a half with fewer than this share of the other half's skin pixels borrows the whole face's baseline. */
const MIN_HALF_SHARE = 0.2;

/**
 * Diffuse redness (the sensitivity and rosacea signs): a* blurred over 1.5 mm, compared with the
 * face's own baseline rather than an absolute value, on each half of the face (D-063): a light
 * from one side warms one cheek and not the other, and a single face-wide baseline then read the
 * lit half as flushed, or not, depending on which pixels a slightly different exposure clipped.
 * The a* is read on the planes balanced on the face's own skin (balance.ts), so skin tone,
 * exposure and a coloured light cancel out: a warm light stretches raw a* differences enough to
 * lift a face by a level (issue 12 part 4).
 * Connected red areas of at least 6 mm2 are the patches reported.
 */
export function findRedness(ctx: SkinContext): RednessFindings {
  return ctx.memo('redness', () => {
    const light = ctx.pick(PAPULE_LIGHTS);
    // Overexposed pixels lost their red first: they would pull the baseline down and make the
    // rest of the face look flushed.
    const mask = ctx.colourMask(light, REDNESS_REGIONS, 1);
    const rect = ctx.rectOf(mask, 4 * ctx.px(SMOOTH_MM, 1));
    const red = { ...newMask(mask.width, mask.height), bounds: scanRect(mask) };
    const regionPercent: Partial<Record<RegionId, number>> = {};
    if (!rect) return { light, mask: red, patches: [], percent: 0, regionPercent, excess: 0, baseline: 0, areaCm2: 0 };
    const a = ctx.memo(`redness-a:${light}`, () => blurWithout(balancedLab(ctx, light, 1).a, ctx.unclipped(light, 1), ctx.px(SMOOTH_MM, 1), rect));
    const side = halfBaselines(ctx, mask, a);
    const baseline = side.mean;
    // The balance maps the skin to the reference tone REDNESS_DELTA was set for: no tone scaling.
    let excess = 0;
    const r = scanRect(mask);
    for (let y = r.y0; y < r.y1; y++) {
      for (let x = r.x0, i = y * mask.width + r.x0; x < r.x1; x++, i++) {
        if (!mask.data[i]) continue;
        const e = (a.data[i] as number) - side.at(x, y);
        if (e >= REDNESS_DELTA) {
          red.data[i] = 1;
          excess += e;
        }
      }
    }
    const n = maskCount(red);
    const ok = ctx.unclipped(light, 1);
    for (const id of REDNESS_REGIONS) {
      const m = ctx.regionMask(id, 1);
      const b = scanRect(m);
      let hit = 0;
      let all = 0;
      for (let y = b.y0; y < b.y1; y++) {
        for (let i = y * m.width + b.x0; i < y * m.width + b.x1; i++) {
          if (!m.data[i] || !ok.data[i]) continue;
          all++;
          hit += red.data[i] as number;
        }
      }
      regionPercent[id] = all ? (100 * hit) / all : 0;
    }
    const pxmm = ctx.pxPerMm(1);
    const patches = components(red, MIN_PATCH_MM2 * pxmm * pxmm, a);
    const total = maskCount(mask);
    return { light, mask: red, patches, percent: total ? (100 * n) / total : 0, regionPercent, excess: n ? excess / n : 0, baseline, areaCm2: areaCm2(ctx, mask, 1) };
  });
}

interface HalfBaselines {
  /** The mean of the two halves' baselines (the figure reported). */
  readonly mean: number;
  /** The baseline at a pixel. */
  at(x: number, y: number): number;
}

/**
 * The 20th percentile of a plane over each half of the face's skin (the subject's right and left
 * of the midline between the eyes), blended linearly within MIDLINE_BLEND IPD of the midline.
 */
function halfBaselines(ctx: SkinContext, mask: Mask, p: Plane): HalfBaselines {
  const { axes } = ctx.regions;
  const mid = ctx.toWork(1, { x: (axes.eyeRight.x + axes.eyeLeft.x) / 2, y: (axes.eyeRight.y + axes.eyeLeft.y) / 2 });
  const ipd = Math.max(1, IPD_MM * ctx.pxPerMm(1));
  // Signed distance along u (right eye towards left eye) in IPD: below 0 is the subject's right.
  const t = (x: number, y: number): number => ((x + 0.5 - mid.x) * axes.u.x + (y + 0.5 - mid.y) * axes.u.y) / ipd;
  const r = scanRect(mask);
  const vRight: number[] = [];
  const vLeft: number[] = [];
  for (let y = r.y0; y < r.y1; y++) {
    for (let x = r.x0, i = y * mask.width + r.x0; x < r.x1; x++, i++) if (mask.data[i]) (t(x, y) < 0 ? vRight : vLeft).push(p.data[i] as number);
  }
  const all = quantile(Float32Array.from([...vRight, ...vLeft]), 0.2);
  const enough = (a: number[], b: number[]): boolean => a.length > 0 && a.length >= MIN_HALF_SHARE * b.length;
  const right = enough(vRight, vLeft) ? quantile(Float32Array.from(vRight), 0.2) : all;
  const left = enough(vLeft, vRight) ? quantile(Float32Array.from(vLeft), 0.2) : all;
  return {
    mean: (right + left) / 2,
    at: (x, y) => right + (left - right) * Math.min(1, Math.max(0, (t(x, y) + MIDLINE_BLEND) / (2 * MIDLINE_BLEND))),
  };
}

/**
 * Gaussian blur of a plane over the pixels a mask keeps only (normalised convolution): a clipped
 * highlight's low a* must not bleed into the skin around it and pull the baseline down.
 */
function blurWithout(p: Plane, keep: Mask, sigma: number, rect: Rect): Plane {
  const weighted = newPlane(p.width, p.height);
  const weights = newPlane(p.width, p.height);
  for (let i = 0; i < p.data.length; i++) {
    const w = keep.data[i] as number;
    weighted.data[i] = w * (p.data[i] as number);
    weights.data[i] = w;
  }
  const num = gaussianBlur(weighted, sigma, rect);
  const den = gaussianBlur(weights, sigma, rect);
  const out = newPlane(p.width, p.height);
  for (let i = 0; i < out.data.length; i++) {
    const d = den.data[i] as number;
    out.data[i] = d > 1e-3 ? (num.data[i] as number) / d : (p.data[i] as number);
  }
  return out;
}
