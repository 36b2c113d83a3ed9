import type { LightSource } from '../../../protocol/skin-api/api-codes.ts';
import type { Point2 } from '../../types.ts';
import type { Level, SkinContext } from '../context.ts';
import type { Mask } from '../image/plane.ts';
import { maskCount, newMask, scanRect } from '../image/plane.ts';
import { fillPolygon, polygonRect } from '../image/raster.ts';
import { maskedValues, quantile, robustSigma } from '../image/stats.ts';
import { landmarks } from '../regions/geometry.ts';
import * as M from '../regions/mesh-indices.ts';
import type { Side } from '../regions/regions.ts';
import { balancedLab, labAt } from './balance.ts';
import type { EyeZones } from './eye-zones.ts';
import { eyeZones, ZONE } from './eye-zones.ts';
import { measureResolution } from './resolution.ts';
import { mottlingSigma, textureSigma } from './surface.ts';

/**
 * Make-up found in one view (issue 12 part 4, D-033): eye make-up, lipstick, foundation, each a
 * strength 0..1 with the figures it rests on. Strength 0 also when the view cannot tell
 * (`assessed` false): make-up flagged on bare skin would hide real measurements, so every rule
 * errs towards "none". Thresholds and the measurements behind them: docs/vision-skin.md,
 * "Confounders".
 */
export interface MakeupFindings {
  readonly eyes: EyeMakeup;
  readonly lips: LipMakeup;
  readonly foundation: FoundationMakeup;
}

export interface EyeMakeup {
  readonly assessed: boolean;
  readonly strength: number;
  /** Dark band hugging the lid margins (upper or lower, the thicker), mm; the thinner eye counts. */
  readonly linerMm: number;
  /** Dark area past the outer corner (winged liner), mm2; the smaller eye counts. */
  readonly wingMm2: number;
  /** Colour of the upper lid against the same side's cheek (a*b* distance, balanced planes); the smaller eye counts. */
  readonly lidColour: number;
}

export interface LipMakeup {
  readonly assessed: boolean;
  readonly strength: number;
  /** Lip a* above the skin's, and lip chroma above the skin's (balanced planes). */
  readonly redness: number;
  readonly chroma: number;
}

export interface FoundationMakeup {
  readonly assessed: boolean;
  readonly strength: number;
  /** Fine texture and mottling of the cheeks (measure/surface.ts), L*; 0 when not assessed. */
  readonly texture: number;
  readonly mottling: number;
  /** Face against neck colour (ΔE on balanced planes); null when the neck is not seen (or not assessed). */
  readonly border: number | null;
}

/** decision: a strength at or above this is reported as make-up (capture.makeup booleans, caveats). */
export const MAKEUP_PRESENT = 0.5;
/** decision: a pixel this much darker than the cheek, as 1 - (L* + 16) / (L*cheek + 16), is liner or mascara. */
const DARK = 0.5;
/** decision: a lid pixel this far from the cheek's a*b* is coloured (eye shadow). */
export const COLOURED = 12;
/** decision: below this effective resolution a 2.5 mm lid band is under 2 pixels: not assessed. */
const MIN_EYE_PX_PER_MM = 0.8;
/** decision: foundation is read off sub-millimetre texture, which needs this resolution (as skin_smoothness). */
const MIN_FOUNDATION_PX_PER_MM = 4;

const clamp01 = (v: number): number => (Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0);
const COLOUR_LIGHTS = ['cross_polar', 'white'] as const;

export function detectMakeup(ctx: SkinContext): MakeupFindings {
  return ctx.memo('makeup', () => ({ eyes: eyeMakeup(ctx), lips: lipMakeup(ctx), foundation: foundation(ctx) }));
}

interface SideStats {
  readonly linerMm: number;
  readonly wingMm2: number;
  readonly lidColour: number;
}

/**
 * Eyeliner and mascara: a band of near-black pixels (DARK) along the lid margin, measured as its
 * mean thickness (dark pixels of the 2.5 mm band / lid length). A bare lash line, blurred by the
 * lens, is under 0.4 mm of such pixels; liner is 1.5 mm and more, and a wing adds dark area past
 * the corner. Eye shadow: the upper lid's colour away from the cheek's. Both eyes must show it
 * (make-up is applied to both; a shadow or a lamp's colour on one side is not).
 */
function eyeMakeup(ctx: SkinContext): EyeMakeup {
  const none: EyeMakeup = { assessed: false, strength: 0, linerMm: 0, wingMm2: 0, lidColour: 0 };
  if (measureResolution(ctx).effective < MIN_EYE_PX_PER_MM) return none;
  const sides = (['right', 'left'] as const).map((s) => eyeSide(ctx, s));
  if (sides.some((s) => s === null)) return none;
  const ok = sides as SideStats[];
  const linerMm = Math.min(...ok.map((s) => s.linerMm));
  const wingMm2 = Math.min(...ok.map((s) => s.wingMm2));
  const lidColour = Math.min(...ok.map((s) => s.lidColour));
  // decision: liner strength 0 at 0.6 mm of dark band, 1 at 1.5 mm; 15 mm2 of wing counts as 1 mm of band.
  const liner = clamp01((linerMm + wingMm2 / 15 - 0.6) / 0.9);
  // decision: lid colour 0 at 8 (bare lids measured 2.4 to 3.9), 1 at 16.
  const shadow = clamp01((lidColour - 8) / 8);
  return { assessed: true, strength: round(Math.max(liner, shadow)), linerMm: round(linerMm), wingMm2: round(wingMm2), lidColour: round(lidColour) };
}

function eyeSide(ctx: SkinContext, side: Side): SideStats | null {
  const z = eyeZones(ctx, side, 0);
  const lab = labAt(ctx, ctx.pick(COLOUR_LIGHTS), 0);
  const cheek = cheekColour(ctx, side);
  if (!cheek) return null;
  const mm = ctx.pxPerMm(0);
  const { width } = ctx.size(0);
  const rw = z.rect.x1 - z.rect.x0;
  const dark = { upper: 0, lower: 0, wing: 0 };
  const lidA: number[] = [];
  const lidB: number[] = [];
  for (let y = z.rect.y0; y < z.rect.y1; y++) {
    for (let x = z.rect.x0; x < z.rect.x1; x++) {
      const code = z.codes[(y - z.rect.y0) * rw + (x - z.rect.x0)];
      if (!code || code === ZONE.opening) continue;
      const [L, a, b] = lab(y * width + x);
      const isDark = 1 - (L + 16) / (cheek.L + 16) > DARK;
      if (code === ZONE.upperBand && isDark) dark.upper++;
      else if (code === ZONE.lowerBand && isDark) dark.lower++;
      else if (code === ZONE.wing && isDark) dark.wing++;
      else if (code === ZONE.shadow) {
        lidA.push(a);
        lidB.push(b);
      }
    }
  }
  const right = side === 'right';
  const upperLen = pathLength(landmarks(ctx.input.face, right ? M.UPPER_LID_RIGHT : M.UPPER_LID_LEFT).map((p) => ctx.toWork(0, p)));
  const lowerLen = pathLength(landmarks(ctx.input.face, right ? M.LOWER_LID_RIGHT : M.LOWER_LID_LEFT).map((p) => ctx.toWork(0, p)));
  if (upperLen < 2 || lowerLen < 2) return null;
  const med = (v: number[]): number => quantile(Float32Array.from(v), 0.5);
  const lidColour = lidA.length >= 8 ? Math.hypot(med(lidA) - cheek.a, med(lidB) - cheek.b) : 0;
  return { linerMm: Math.max(dark.upper / upperLen, dark.lower / lowerLen) / mm, wingMm2: dark.wing / (mm * mm), lidColour };
}

/** Median balanced L*a*b* of one side's cheek (skin mask applied) at `level`. */
export function cheekColour(ctx: SkinContext, side: Side, level: Level = 0): { L: number; a: number; b: number } | null {
  return ctx.memo(`cheekcolour:${side}:${level}`, () => {
    const lab = labAt(ctx, ctx.pick(COLOUR_LIGHTS), level);
    const m = ctx.regionMask(side === 'right' ? 'cheek_right' : 'cheek_left', level);
    const r = scanRect(m);
    const v: [number[], number[], number[]] = [[], [], []];
    // Every other pixel of every other row: the median of a cheek needs no more.
    for (let y = r.y0; y < r.y1; y += 2) {
      for (let x = r.x0; x < r.x1; x += 2) {
        const i = y * m.width + x;
        if (!m.data[i]) continue;
        const lab3 = lab(i);
        for (let k = 0; k < 3; k++) v[k]?.push(lab3[k] as number);
      }
    }
    if (v[0].length < 10) return null;
    const med = (a: number[]): number => quantile(Float32Array.from(a), 0.5);
    return { L: med(v[0]), a: med(v[1]), b: med(v[2]) };
  });
}

/** decision: the inner lip contour (mouth opening), left out of the lips: teeth and the dark mouth are not lip colour. */
const INNER_LIPS = [78, 95, 88, 178, 87, 14, 317, 402, 318, 324, 308, 415, 310, 311, 312, 13, 82, 81, 80, 191] as const;

/** The lips (outer contour minus the mouth opening) as a mask at `level`. */
export function lipsMask(ctx: SkinContext, level: Level): Mask {
  return ctx.memo(`lipsmask:${level}`, () => {
    const { width, height } = ctx.size(level);
    const outer = landmarks(ctx.input.face, M.LIPS).map((p) => ctx.toWork(level, p));
    const m = { ...newMask(width, height), bounds: polygonRect(outer, width, height) };
    fillPolygon(m, outer, 1);
    fillPolygon(m, landmarks(ctx.input.face, INNER_LIPS).map((p) => ctx.toWork(level, p)), 0);
    return m;
  });
}

/**
 * Lipstick: lips redder or more colourful than natural lips are against this face's skin, on the
 * balanced planes (so neither the light's colour nor the skin tone moves it). Bare lips measured
 * 5 to 10 a* above the skin (9.6 the most); a red lipstick 19.
 */
function lipMakeup(ctx: SkinContext): LipMakeup {
  const none: LipMakeup = { assessed: false, strength: 0, redness: 0, chroma: 0 };
  const lab = balancedLab(ctx, ctx.pick(COLOUR_LIGHTS), 1);
  const lips = lipsMask(ctx, 1);
  const skin = ctx.unionMask(['cheek_left', 'cheek_right'], 1);
  if (maskCount(lips) < 20 || maskCount(skin) < 20) return none;
  const med = (p: typeof lab.a, m: Mask): number => quantile(maskedValues(p, m), 0.5);
  const la = med(lab.a, lips);
  const lb = med(lab.b, lips);
  const sa = med(lab.a, skin);
  const sb = med(lab.b, skin);
  const redness = la - sa;
  const chroma = Math.hypot(la, lb) - Math.hypot(sa, sb);
  // decision: 0 at 12 above the skin (a*, or chroma), 1 at 20.
  const strength = clamp01((Math.max(redness, chroma) - 12) / 8);
  return { assessed: true, strength: round(strength), redness: round(redness), chroma: round(chroma) };
}

/**
 * Foundation: an even, matte cover flattens the skin's fine texture and its mottling. Only read
 * where the sub-millimetre texture is resolved (4 px/mm of real detail); a visible colour step
 * between the face and the neck is taken as further evidence, its absence (neck seen, same
 * colour) as evidence against. Not validated on real made-up faces at that resolution.
 */
function foundation(ctx: SkinContext): FoundationMakeup {
  const none: FoundationMakeup = { assessed: false, strength: 0, texture: 0, mottling: 0, border: null };
  if (measureResolution(ctx).effective < MIN_FOUNDATION_PX_PER_MM) return none;
  const light = ctx.pick(COLOUR_LIGHTS);
  const texture = textureSigma(ctx);
  const mottling = mottlingSigma(ctx, light);
  if (!Number.isFinite(texture) || !Number.isFinite(mottling)) return none;
  const border = neckBorder(ctx, light);
  // decision: bare skin at 4+ px/mm has texture 0.9 L* and more (skin_smoothness "Very Good" ends
  // at 0.9) and mottling 1 L* and more; a cover under 0.5 and 0.6 scores 1.
  const even = clamp01((0.9 - texture) / 0.4) * clamp01((1.1 - mottling) / 0.5);
  // decision: a face 6 ΔE off its neck backs the finding; a neck of the same colour weakens it.
  const borderFactor = border === null ? 0.8 : border >= 6 ? 1 : 0.6;
  return { assessed: true, strength: round(even * borderFactor), texture: round(texture), mottling: round(mottling), border: border === null ? null : round(border) };
}

/** ΔE between the cheeks and the visible neck on the balanced planes; null when too little neck is seen. */
function neckBorder(ctx: SkinContext, light: LightSource): number | null {
  if (ctx.neckVisibility < 0.3) return null;
  const lab = balancedLab(ctx, light, 1);
  const neck = ctx.regionMask('neck', 1);
  const cheeks = ctx.unionMask(['cheek_left', 'cheek_right'], 1);
  const med = (p: typeof lab.a, m: Mask): number => quantile(maskedValues(p, m), 0.5);
  if (!Number.isFinite(robustSigma(maskedValues(lab.L, neck)))) return null;
  return Math.hypot(med(lab.L, neck) - med(lab.L, cheeks), med(lab.a, neck) - med(lab.a, cheeks), med(lab.b, neck) - med(lab.b, cheeks));
}

function pathLength(p: readonly Point2[]): number {
  let s = 0;
  for (let i = 1; i < p.length; i++) s += Math.hypot((p[i] as Point2).x - (p[i - 1] as Point2).x, (p[i] as Point2).y - (p[i - 1] as Point2).y);
  return s;
}

function round(v: number): number {
  return Number.isFinite(v) ? Math.round(v * 100) / 100 : v;
}

/** The zones of both eyes, for the make-up mask (makeup-mask.ts). */
export function bothEyeZones(ctx: SkinContext, level: Level): readonly EyeZones[] {
  return [eyeZones(ctx, 'right', level), eyeZones(ctx, 'left', level)];
}
