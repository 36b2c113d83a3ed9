import type { LightSource } from '../../../protocol/skin-api/api-codes.ts';
import type { Level, SkinContext } from '../context.ts';
import type { Mask } from '../image/plane.ts';
import { valleyResponse } from '../image/filters.ts';
import type { Line } from '../image/lines.ts';
import { angleBetween, extractLines } from '../image/lines.ts';
import type { RegionId } from '../regions/regions.ts';
import { followsMakeup, withoutMakeup } from './makeup-mask.ts';
import { toneScale } from './tone.ts';

/** How lines are looked for in one kind of region. */
export interface LineSpec {
  readonly key: string;
  readonly level: Level;
  /** Valley widths (Gaussian sigma) in millimetres. */
  readonly sigmasMm: readonly number[];
  readonly minLengthMm: number;
  /** Allowed line directions relative to the face's horizontal axis: centre and tolerance, radians. */
  readonly direction: (region: RegionId) => { readonly centre: number; readonly tolerance: number };
  /** Hysteresis thresholds on the scale-normalised valley response (L* units). */
  readonly high: number;
  readonly low: number;
  readonly lights: readonly LightSource[];
  /**
   * What the search keeps two sigmas away from: the region's own outline (default; fine lines,
   * whose regions border eyes, brows and the jaw) or only the skin mask's edges (folds and creases
   * in narrow corridors laid through plain skin; context.ts erodedFromSkinEdges).
   */
  readonly keepOff?: 'region' | 'skin';
}

/** A line in image-independent terms: work pixels of the spec's level plus its measured size. */
export interface WrinkleLine extends Line {
  readonly region: RegionId;
  readonly lengthMm: number;
  /** Valley depth relative to the detection threshold (1 = just detected), capped at 3. */
  readonly depth: number;
}

export interface LineFindings {
  readonly light: LightSource;
  readonly level: Level;
  readonly lines: readonly WrinkleLine[];
}

/** decision: fine lines are surface relief, clearest in parallel-polarised light; white otherwise. */
export const LINE_LIGHTS: readonly LightSource[] = ['parallel_polar', 'white', 'white_glow', 'cross_polar'];

/**
 * Valley (dark line) detection: scale-normalised Hessian of Gaussian-blurred L* at each sigma,
 * thinned across the valley, hysteresis, traced into polylines (image/lines.ts); then only lines
 * of the expected direction and at least minLengthMm long count. Masks are eroded by two sigmas so
 * the edges of eyes, brows and lips (strong natural valleys) are not taken for wrinkles.
 */
export function findLines(ctx: SkinContext, spec: LineSpec, regions: readonly RegionId[]): LineFindings {
  return ctx.memo(`lines:${spec.key}:${regions.join(',')}`, () => {
    const { light, pxmm, high, low, roll } = lineSearch(ctx, spec);
    const out: WrinkleLine[] = [];
    for (const region of regions) {
      const found: WrinkleLine[] = [];
      // One erosion for all scales: two of the largest sigmas.
      // Eye make-up is left out: a liner's edge is a sharp dark line, not a wrinkle (makeup-mask.ts).
      const mask = searchMask(ctx, spec, region);
      for (const mm of spec.sigmasMm) {
        const s = Math.max(0.8, mm * pxmm);
        const rect = ctx.rectOf(mask, 4 * s);
        if (!rect) continue;
        const blurred = ctx.blur(light, 'L', spec.level, s, rect);
        const v = valleyResponse(blurred, s, rect);
        const dir = spec.direction(region);
        const accept = (angle: number): boolean => angleBetween(angle - roll, dir.centre) <= dir.tolerance;
        const lines = extractLines({ maps: v, mask, high, low, minLength: spec.minLengthMm * pxmm, maxAnisotropy: 0.5, accept });
        for (const l of lines) if (!followsMakeup(ctx, l.points, spec.level)) found.push({ ...l, region, lengthMm: l.length / pxmm, depth: Math.min(3, l.strength / high) });
      }
      out.push(...dedupe(found, 2 * Math.max(1, (spec.sigmasMm[spec.sigmasMm.length - 1] ?? 0.5) * pxmm)));
    }
    return { light, level: spec.level, lines: out };
  });
}

/** What a spec's search reads with on this face: its light, scale, thresholds and the face's roll. */
export function lineSearch(ctx: SkinContext, spec: LineSpec): { light: LightSource; pxmm: number; high: number; low: number; roll: number } {
  const light = ctx.pick(spec.lights);
  // The thresholds are set for the reference tone: a darker face shows the same crease as a
  // smaller L* dip (measure/tone.ts).
  const tone = toneScale(ctx, light);
  return { light, pxmm: ctx.pxPerMm(spec.level), high: spec.high * tone, low: spec.low * tone, roll: Math.atan2(ctx.regions.axes.u.y, ctx.regions.axes.u.x) };
}

/** Where a spec's lines are looked for in a region: eroded by two of its largest sigmas, eye make-up left out. */
export function searchMask(ctx: SkinContext, spec: LineSpec, region: RegionId): Mask {
  const r = Math.ceil(2 * Math.max(0.8, Math.max(...spec.sigmasMm) * ctx.pxPerMm(spec.level)));
  const eroded = spec.keepOff === 'skin' ? ctx.erodedFromSkinEdges(region, spec.level, r) : ctx.eroded(region, spec.level, r);
  return withoutMakeup(ctx, eroded, spec.level);
}

/** The same wrinkle seen at two scales: keep the longer trace. */
function dedupe(lines: WrinkleLine[], radius: number): WrinkleLine[] {
  const sorted = [...lines].sort((a, b) => b.lengthMm - a.lengthMm);
  const kept: WrinkleLine[] = [];
  for (const l of sorted) {
    const overlapping = kept.some((k) => {
      let near = 0;
      for (const p of l.points) if (k.points.some((q) => Math.hypot(p.x - q.x, p.y - q.y) < radius)) near++;
      return near >= 0.5 * l.points.length;
    });
    if (!overlapping) kept.push(l);
  }
  return kept;
}

/** Line index of a set of lines: millimetres weighted by depth (the wrinkle levels' measure). */
export function lineIndex(lines: readonly WrinkleLine[]): number {
  return lines.reduce((s, l) => s + l.lengthMm * l.depth, 0);
}

const deg = (d: number): number => (d * Math.PI) / 180;
const horizontal = (tol: number) => () => ({ centre: 0, tolerance: deg(tol) });

/** decision: the directions, widths and lengths each wrinkle type is looked for with. */
export const LINE_SPECS = {
  forehead: { key: 'forehead', level: 0, sigmasMm: [0.25, 0.5], minLengthMm: 5, direction: horizontal(30), high: 1.6, low: 0.8, lights: LINE_LIGHTS },
  frown: { key: 'frown', level: 0, sigmasMm: [0.25, 0.5], minLengthMm: 3, direction: () => ({ centre: Math.PI / 2, tolerance: deg(30) }), high: 1.6, low: 0.8, lights: LINE_LIGHTS },
  crowsFeet: { key: 'crows', level: 0, sigmasMm: [0.25, 0.5], minLengthMm: 3, direction: horizontal(60), high: 1.6, low: 0.8, lights: LINE_LIGHTS },
  underEye: { key: 'undereye', level: 0, sigmasMm: [0.2, 0.5], minLengthMm: 2.5, direction: horizontal(40), high: 1.6, low: 0.8, lights: LINE_LIGHTS },
  neck: { key: 'neck', level: 1, sigmasMm: [0.6, 1.2], minLengthMm: 8, direction: horizontal(25), high: 1.6, low: 0.8, lights: LINE_LIGHTS },
} as const satisfies Record<string, LineSpec>;
