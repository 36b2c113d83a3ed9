import type { LightSource } from '../../../protocol/skin-api/api-codes.ts';
import type { Level, SkinContext } from '../context.ts';
import type { LabPlanes } from '../image/color.ts';
import { rgbToLab } from '../image/color.ts';
import { fillPolygon } from '../image/raster.ts';
import { newMask } from '../image/plane.ts';
import { maskedValues, quantile } from '../image/stats.ts';

/**
 * decision: the colour every face's median skin is balanced to, in linear sRGB: L* 65 (the
 * lightness the colour thresholds were set on, tone.ts REFERENCE_L), a* 12, b* 16 (a light skin).
 */
const REFERENCE_SKIN_LINEAR = [0.5089, 0.3023, 0.2225] as const;

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
    // The cheeks and nose as drawn (not the skin mask, which is built from these planes): the
    // parts of a face least often covered by hair, as in the skin mask's own reference.
    const skin = newMask(rgb.width, rgb.height);
    for (const id of ['cheek_left', 'cheek_right', 'nose'] as const) fillPolygon(skin, ctx.regions.regions[id].map((p) => ctx.toWork(level, p)), 1);
    const plane = (data: Float32Array) => ({ width: rgb.width, height: rgb.height, data });
    // The median commutes with the (monotonic) sRGB decoding, so the median code value's
    // linear value is the linear median.
    const gain = [rgb.r, rgb.g, rgb.b].map((c, k) => {
      const m = quantile(maskedValues(plane(c), skin), 0.5);
      const lin = Number.isFinite(m) && m > 2 ? toLinear(m) : 0;
      return lin > 0 ? (REFERENCE_SKIN_LINEAR[k] as number) / lin : 1;
    });
    const scale = (c: Float32Array, g: number): Float32Array => {
      const lut = new Float32Array(256 * 4 + 1);
      for (let i = 0; i < lut.length; i++) lut[i] = toSrgb(toLinear(i / 4) * g);
      return Float32Array.from(c, (v) => lut[Math.min(lut.length - 1, Math.round(v * 4))] as number);
    };
    return rgbToLab({ width: rgb.width, height: rgb.height, r: scale(rgb.r, gain[0] ?? 1), g: scale(rgb.g, gain[1] ?? 1), b: scale(rgb.b, gain[2] ?? 1) });
  });
}

function toLinear(v255: number): number {
  const c = Math.min(1, Math.max(0, v255 / 255));
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function toSrgb(lin: number): number {
  const c = Math.min(1, Math.max(0, lin));
  return 255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);
}
