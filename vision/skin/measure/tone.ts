import type { LightSource } from '../../../protocol/skin-api/api-codes.ts';
import type { SkinContext } from '../context.ts';
import { maskedValues, quantile } from '../image/stats.ts';
import { CHEEKS } from './regions.ts';

/** decision: the lightness the colour thresholds were set on (a light skin of L* 65). */
export const REFERENCE_L = 65;

/**
 * The face's own lightness scale for colour differences (D-033, issue 12 part 5).
 *
 * L* follows the cube root of luminance, so a darkening by a given share of the light (a shadow,
 * a pigment, blood under the skin) is a L* difference proportional to L* + 16: the same under-eye
 * shadow reads 7 L* on a face of L* 65 and 5 L* on a face of L* 40, and the same face photographed
 * darker reads smaller differences. Colour differences divided by (L*cheek + 16) / (REFERENCE_L
 * + 16) compare across skin tones and exposures: multiplying the face's linear RGB by any factor
 * leaves them unchanged. Every colour threshold is set for the reference lightness and scaled by
 * this for each face.
 */
export function toneScale(ctx: SkinContext, light: LightSource): number {
  return ctx.memo(`tone:${light}`, () => {
    const v = maskedValues(ctx.channel(light, 'L', 1), ctx.colourMask(light, CHEEKS, 1));
    const L = quantile(v, 0.5);
    // Cheeks unseen: no face-specific scale, the reference applies.
    return Number.isFinite(L) ? Math.max(0.2, (L + 16) / (REFERENCE_L + 16)) : 1;
  });
}
