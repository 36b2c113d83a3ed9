import type { LightSource } from '../../../protocol/skin-api/api-codes.ts';
import type { Level, SkinContext } from '../context.ts';
import type { LabPlanes } from '../image/color.ts';
import { linearToLab, linearToSrgb, rgbToLab, srgbToLinear } from '../image/color.ts';
import { fillPolygon } from '../image/raster.ts';
import { newMask } from '../image/plane.ts';
import { maskedValues, quantile } from '../image/stats.ts';

/**
 * decision: the colour every face's median skin is balanced to, in linear sRGB: L* 65 (the
 * lightness the colour thresholds were set on, tone.ts REFERENCE_L), a* 12, b* 16 (a light skin).
 */
const REFERENCE_SKIN_LINEAR = [0.5089, 0.3023, 0.2225] as const;
/** The reference skin in L*a*b*: where the balance puts the median of the face's cheeks and nose. */
export const REFERENCE_SKIN_LAB: readonly [number, number, number] = linearToLab(REFERENCE_SKIN_LINEAR[0], REFERENCE_SKIN_LINEAR[1], REFERENCE_SKIN_LINEAR[2]);

/**
 * L*a*b* of the view after a von Kries balance on the face's own skin (issue 12 part 4):
 * linear R, G and B are each divided by the median of the face's cheeks and nose and multiplied by the
 * reference skin's. A coloured light (warm, cool, green) multiplies each linear channel by its
 * own factor everywhere on the face, and so does exposure; the balance divides both out exactly,
 * so colour differences read on these planes (redness against the face's baseline, lip colour
 * against skin) do not move with the light's colour or level. What remains is the face's own
 * contrast: a flush that lowers green by 10 % reads the same a* rise on any skin and under any
 * light. Skin tone is cancelled with the cast, which is what the relative measures want.
 */
export function balancedLab(ctx: SkinContext, light: LightSource, level: Level): LabPlanes {
  return ctx.memo(`balanced:${light}:${level}`, () => {
    const rgb = ctx.rgb(light, level);
    const [gr, gg, gb] = balanceGains(ctx, light, level);
    return rgbToLab({ width: rgb.width, height: rgb.height, r: scaled(rgb.r, gr), g: scaled(rgb.g, gg), b: scaled(rgb.b, gb) });
  });
}

/**
 * L*a*b* of single pixels on the balanced planes (or, with `balanced` false, on the image as
 * captured), for measures that read a few thousand pixels of a fine-level frame: converting the
 * whole frame would cost more than the measure.
 */
export function labAt(ctx: SkinContext, light: LightSource, level: Level, balanced = true): (i: number) => readonly [number, number, number] {
  const rgb = ctx.rgb(light, level);
  const [gr, gg, gb] = balanced ? balanceGains(ctx, light, level) : [1, 1, 1];
  return (i) => {
    const r = srgbToLinear(rgb.r[i] as number) * gr;
    const g = srgbToLinear(rgb.g[i] as number) * gg;
    const b = srgbToLinear(rgb.b[i] as number) * gb;
    return linearToLab(Math.min(1, r), Math.min(1, g), Math.min(1, b));
  };
}

/** Per channel, the reference skin's linear value over the face's median (cheeks and nose). */
function balanceGains(ctx: SkinContext, light: LightSource, level: Level): readonly [number, number, number] {
  return ctx.memo(`balance-gains:${light}:${level}`, () => {
    const rgb = ctx.rgb(light, level);
    // The cheeks and nose as drawn (not the skin mask, which is built from the balanced planes):
    // the parts of a face least often covered by hair, as in the skin mask's own reference.
    const skin = newMask(rgb.width, rgb.height);
    for (const id of ['cheek_left', 'cheek_right', 'nose'] as const) fillPolygon(skin, ctx.regions.regions[id].map((p) => ctx.toWork(level, p)), 1);
    const plane = (data: Float32Array) => ({ width: rgb.width, height: rgb.height, data });
    // The median commutes with the (monotonic) sRGB decoding, so the median code value's
    // linear value is the linear median.
    const gain = (c: Float32Array, k: number): number => {
      const m = quantile(maskedValues(plane(c), skin), 0.5);
      const lin = Number.isFinite(m) && m > 2 ? srgbToLinear(m) : 0;
      return lin > 0 ? (REFERENCE_SKIN_LINEAR[k] as number) / lin : 1;
    };
    return [gain(rgb.r, 0), gain(rgb.g, 1), gain(rgb.b, 2)] as const;
  });
}

/** A channel of 0..255 sRGB values with its linear light multiplied by `g`, through a table. */
function scaled(c: Float32Array, g: number): Float32Array {
  const lut = new Float32Array(256 * 4 + 1);
  for (let i = 0; i < lut.length; i++) lut[i] = linearToSrgb(srgbToLinear(i / 4) * g);
  const out = new Float32Array(c.length);
  for (let i = 0; i < c.length; i++) out[i] = lut[Math.min(1024, Math.max(0, Math.round((c[i] as number) * 4)))] as number;
  return out;
}
