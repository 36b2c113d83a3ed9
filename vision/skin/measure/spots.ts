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

/**
 * A candidate's share of the speckle index (D-065): 1 when it passes every spot test by a margin,
 * falling linearly to 0 as it fails one by that margin (0.5 on a threshold). Reported spots are
 * those that pass every test; near misses only add their weight to the index.
 */
export interface WeightedSpot {
  readonly radiusMm: number;
  readonly depth: number;
  readonly weight: number;
}

export interface SpotFindings {
  readonly light: LightSource;
  readonly spots: readonly Spot[];
  /** Every candidate with a weight above 0, the reported spots among them. */
  readonly weighted: readonly WeightedSpot[];
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
 * decision (D-065): the margins either side of each spot test over which a candidate's weight
 * goes from 0 to 1. A spot at the edge of a test came and went between two captures of the same
 * face (a crop, a tenth more light, a JPEG re-save), and with it a whole spot's area in the index,
 * a level on faces near a boundary; weighted, the index moves by as much as the evidence does.
 */
const MARGIN = { response: 0.4, depth: 1.5, ring: 0.1, redness: 1.5, isolation: 0.1 } as const;

/**
 * decision (D-082): the "dark all round" test reads the L* plane smoothed by a Gaussian of 0.7
 * coarse pixels (about 0.3 mm), which leaves a tenth of the amplitude at the Nyquist frequency. The
 * coarse plane is a box-filtered halving of a frame cut and resampled around the landmarks, so
 * texture at a pixel's scale aliases: landmarks found a pixel elsewhere on the same pixels move the
 * grid by about half a coarse pixel, and the least of 12 single-pixel samples moved by a third of
 * the test's margin and more, enough for a spot to come and go (all 11 new false spots of D-080c).
 * Band-limited, a sample hardly depends on where the grid falls. Not a mm-scale average:
 * three-sample arcs (D-080c) let skin texture pass as spots.
 */
export const ISOLATION_SIGMA_PX = 0.7;

/**
 * decision (D-097): a spot on a shading gradient (cheek, jaw) is still dark all round once the
 * gradient is taken off. Its "dark all round" test also reads the 12 ring samples levelled by a
 * plane fitted to them, but only when the ring is a plane: the samples' residual RMS at most
 * `fit` of the plane's rise over the ring's radius (a step across the ring, as at a brow, an eye
 * corner or a hairline, leaves 0.34 of it and more), and then the levelled samples must clear
 * the threshold by `extra` of the depth more. Texture on a slope passes a plane fit at a
 * millimetre's scale; with the levelled test at the same threshold it made spots of it (the
 * wide shading plane of D-095: sample5-b 7 -> 13-16 spots, `extra` 0.4: 7 -> 8), while the
 * painted 6 mm spots missed on shading clear it at 1.15-1.5 of their depth.
 */
const SHADING = { fit: 0.25, extra: 0.6 } as const;

/** 0 at `threshold - margin`, 0.5 at the threshold, 1 at `threshold + margin` and above. */
function ramp(value: number, threshold: number, margin: number): number {
  return Math.min(1, Math.max(0, 0.5 + (value - threshold) / (2 * margin)));
}

/** One DoG candidate and the value of each spot test (ramps, 0.5 on the threshold; D-065). */
export interface SpotCandidate {
  readonly x: number;
  readonly y: number;
  /** Coarse-level pixels. */
  readonly radiusPx: number;
  readonly radiusMm: number;
  /** In the reference tone's L* (measure/tone.ts). */
  readonly depth: number;
  /** The raw "dark all round" statistic (spotIsolation): the least ring sample above the centre, or on a shading plane the least levelled one less a margin, as a share of the depth. */
  readonly isolationValue: number;
  readonly tests: { readonly response: number; readonly depth: number; readonly ring: number; readonly redness: number; readonly isolation: number };
  /** The least test: above 0 the candidate weighs in the index, from 0.5 it is a reported spot. */
  readonly weight: number;
}

/**
 * Brown spots, freckles, lentigines and moles: DoG dark blobs of L* at two scales at the coarse
 * level, kept when not mainly red (those are papules, papules.ts) and not smaller than about
 * 0.6 mm across (those are pores and blackheads, pores.ts): the ring test compares the darkness
 * 0.6 mm out with the darkness at the centre.
 */
export function findSpots(ctx: SkinContext): SpotFindings {
  return ctx.memo('spots', () => {
    const { light, candidates } = spotCandidates(ctx);
    const spots: Spot[] = [];
    const weighted: WeightedSpot[] = [];
    for (const c of candidates) {
      if (c.weight <= 0) continue;
      weighted.push({ radiusMm: c.radiusMm, depth: c.depth, weight: c.weight });
      // Reported only when every test passes (each ramp at 0.5 or more is its threshold met).
      if (c.weight < 0.5) continue;
      spots.push({ x: c.x, y: c.y, radiusMm: c.radiusMm, depth: c.depth, type: spotType(c.radiusMm, c.depth), region: regionAt(ctx, 1, c.x, c.y, FACE_SKIN) });
    }
    return { light, spots, weighted, level: 1 as const };
  });
}

/**
 * Every DoG candidate that passes the first four tests' lower margins, with each test's value: the
 * spots of findSpots, and what a diagnosis of a spot that comes and goes reads (bench/vision-real).
 */
export function spotCandidates(ctx: SkinContext): { readonly light: LightSource; readonly candidates: readonly SpotCandidate[] } {
  return ctx.memo('spot-candidates', () => {
    const light = ctx.pick(SPOT_LIGHTS);
    const mask = ctx.unionMask(FACE_SKIN, 1);
    const lists: Blob[][] = [];
    const pxmm = ctx.pxPerMm(1);
    // Thresholds are in the reference tone's L*; this face's differences are scaled to it.
    const tone = toneScale(ctx, light);
    const rect = ctx.rectOf(mask, 3 * 2.5 * Math.max(1, (BLOB_SIGMAS_MM[BLOB_SIGMAS_MM.length - 1] ?? 1) * pxmm));
    if (!rect) return { light, candidates: [] };
    const minResponse = MIN_RESPONSE * tone;
    for (const mm of BLOB_SIGMAS_MM) {
      const s = Math.max(1, mm * pxmm);
      const inner = ctx.blur(light, 'L', 1, s, rect);
      const outer = ctx.blur(light, 'L', 1, 2.5 * s, rect);
      // Down to the response at which a candidate's weight reaches 0.
      lists.push(detectBlobs({ inner, outer, innerSigma: s, mask, roi: rect, polarity: 1, minResponse: minResponse * (1 - MARGIN.response), subpixel: true }));
    }
    const L = ctx.channel(light, 'L', 1);
    const a = ctx.channel(light, 'a', 1);
    const Ls = ctx.blur(light, 'L', 1, ISOLATION_SIGMA_PX, rect);
    const candidates: SpotCandidate[] = [];
    // decision (D-080): depth and size are read against the widest surround and floored at the
    // finest matched radius, whichever scale found the candidate. Read at the winning scale, a
    // 1.2 mm spot read 8 L* deep against the 1.5 mm surround it half fills and 13 against the 3 mm
    // one, and its radius jumped to the coarse scale's floor, as a tenth more light tipped which
    // scale's response was stronger: four times the spot's share of the index.
    const wide = ctx.blur(light, 'L', 1, 2.5 * Math.max(1, (BLOB_SIGMAS_MM[BLOB_SIGMAS_MM.length - 1] ?? 1) * pxmm), rect);
    const finest = Math.max(1, (BLOB_SIGMAS_MM[0] ?? 0.6) * pxmm) * Math.SQRT2;
    for (const b of mergeBlobs(lists)) {
      const s = b.radius / Math.SQRT2;
      const bg = sample(wide, b.x - 0.5, b.y - 0.5);
      const centre = ringMean(L, b.x, b.y, 0);
      const depth = bg - centre;
      if (depth <= 0) continue;
      const ring = ringMean(L, b.x, b.y, Math.max(1.2, 0.6 * pxmm));
      const redness = ringMean(a, b.x, b.y, 0) - sample(ctx.blur(light, 'a', 1, 2.5 * s, rect), b.x - 0.5, b.y - 0.5);
      // Each test as a value against its threshold: small features recover within 0.6 mm (a spot
      // is still dark there); a spot is not mainly red (papules.ts).
      const tests = {
        response: ramp(b.response / minResponse, 1, MARGIN.response),
        depth: ramp(depth / tone, MIN_DEPTH, MARGIN.depth),
        ring: ramp((bg - ring) / depth, 0.45, MARGIN.ring),
        redness: ramp((0.5 * depth + 1.5 * tone - redness) / tone, 0, MARGIN.redness),
      };
      if (Math.min(tests.response, tests.depth, tests.ring, tests.redness) <= 0) continue;
      const radiusPx = Math.max(finest, effectiveRadius(L, b.x, b.y, bg, depth));
      // A spot is dark all round; the edge of a shadow (nose side, lid, hairline) is not. Read on
      // the band-limited plane, centre and ring alike (ISOLATION_SIGMA_PX), a shading gradient
      // across the ring levelled (SHADING).
      const centreSmooth = ringMean(Ls, b.x, b.y, 0);
      const isolationValue = bg > centreSmooth ? spotIsolation(Ls, b.x, b.y, radiusPx, centreSmooth, bg - centreSmooth) : 0;
      const all = { ...tests, isolation: ramp(isolationValue, 0.35, MARGIN.isolation) };
      const weight = Math.min(all.response, all.depth, all.ring, all.redness, all.isolation);
      candidates.push({ x: b.x, y: b.y, radiusPx, radiusMm: radiusPx / pxmm, depth: depth / tone, isolationValue, tests: all, weight });
    }
    return { light, candidates };
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
  return ringFit(p, x, y, r, centre, depth).least >= 0.35;
}

/**
 * A spot's "dark all round" statistic, as a share of its depth, on a ring at 1.6 half-depth
 * radii: the least ring sample above the centre or, on a ring that is a shading plane, the
 * least levelled sample less SHADING.extra, whichever is higher (D-097).
 */
export function spotIsolation(p: { width: number; height: number; data: Float32Array }, x: number, y: number, radiusPx: number, centre: number, depth: number): number {
  const ring = ringFit(p, x, y, 1.6 * radiusPx, centre, depth);
  return ring.misfit <= SHADING.fit ? Math.max(ring.least, ring.levelled - SHADING.extra) : ring.least;
}

interface RingFit {
  /**
   * The least of the 12 samples above the centre, as a share of the depth. (Reading the
   * third-least instead, to forgive a neighbouring spot, let skin texture on brown skin pass as
   * spots: a young face went to "Severe".)
   */
  readonly least: number;
  /** The same with the fitted plane's slope taken off each sample (its mean and residual kept). */
  readonly levelled: number;
  /** The residuals' RMS over the plane's rise across the ring's radius: 0 for a plane, about 0.34 for a step. */
  readonly misfit: number;
}

/**
 * 12 samples on a circle of radius r and the least-squares plane through them: on evenly spaced
 * samples its level is their mean and its slope their first harmonic.
 */
function ringFit(p: { width: number; height: number; data: Float32Array }, x: number, y: number, r: number, centre: number, depth: number): RingFit {
  const values = new Float64Array(12);
  let mean = 0;
  let cos = 0;
  let sin = 0;
  for (let k = 0; k < 12; k++) {
    const t = (k * Math.PI) / 6;
    const v = sample(p, x - 0.5 + r * Math.cos(t), y - 0.5 + r * Math.sin(t));
    values[k] = v;
    mean += v / 12;
    cos += (v * Math.cos(t)) / 6;
    sin += (v * Math.sin(t)) / 6;
  }
  let least = Infinity;
  let levelled = Infinity;
  let squares = 0;
  for (let k = 0; k < 12; k++) {
    const t = (k * Math.PI) / 6;
    const v = values[k] ?? 0;
    const residual = v - mean - cos * Math.cos(t) - sin * Math.sin(t);
    squares += residual * residual;
    least = Math.min(least, (v - centre) / depth);
    levelled = Math.min(levelled, (mean + residual - centre) / depth);
  }
  const rise = Math.hypot(cos, sin);
  return { least, levelled, misfit: rise > 0 ? Math.sqrt(squares / 12) / rise : Infinity };
}

/**
 * Radius where the darkness falls to half the depth, searched outwards in half-pixel steps and
 * interpolated between the two rings either side (work pixels). Unrounded: a step is a quarter of
 * a millimetre at the coarse level, a fifth of a 1.2 mm spot's radius and half its area again.
 */
function effectiveRadius(L: { width: number; height: number; data: Float32Array }, x: number, y: number, bg: number, depth: number): number {
  const half = 0.5 * depth;
  let prev = depth;
  for (let r = 1; r < 40; r += 0.5) {
    const dark = bg - ringMean(L, x, y, r);
    if (dark < half) return r === 1 || prev <= dark ? r : r - (0.5 * (half - dark)) / (prev - dark);
    prev = dark;
  }
  return 40;
}
