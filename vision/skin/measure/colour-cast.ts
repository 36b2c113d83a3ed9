import type { SkinContext } from '../context.ts';
import { quantile } from '../image/stats.ts';
import type { Side } from '../regions/regions.ts';
import { labAt } from './balance.ts';
import { eyeZones, ZONE } from './eye-zones.ts';

export type CastHue = 'none' | 'warm' | 'cool' | 'green' | 'magenta';

/**
 * The light's colour, read off the whites of the eyes (issue 12 part 4, D-033). The sclera is
 * near neutral whatever the skin: under a neutral light it reads slightly yellow. Its shift from
 * that is the light's: strength is the a*b* distance (ΔE without L*) from EXPECTED_SCLERA.
 */
export interface ColourCast {
  /** False when the whites could not be seen (eyes closed or too small): strength 0, hue none. */
  readonly assessed: boolean;
  readonly strength: number;
  readonly hue: CastHue;
  /** Median a*, b* of the sclera pixels (null when not assessed), and how many were used. */
  readonly a: number | null;
  readonly b: number | null;
  readonly pixels: number;
}

/** decision: a neutral light's sclera, a* 2, b* 5.5 (the middle of the a* 0..4, b* 3..8 usually found). */
export const EXPECTED_SCLERA = { a: 2, b: 5.5 } as const;
/** decision: a cast under this ΔE is reported as none: the fixtures under ordinary light read 4 to 9.3 (small eyes, JPEG chroma), a lamp of R x1.15, B x0.85 adds about 8. */
export const CAST_THRESHOLD = 10;
/** decision: at least this many sclera pixels (working resolution) over both eyes. */
const MIN_PIXELS = 12;
/** decision: lids closer than this share of the eye's width show no sclera worth reading. */
const MIN_APERTURE = 0.2;

/**
 * Sclera pixels: inside the lids' opening, the brightest 30 % (the iris, pupil and lashes are
 * darker) with chroma under 25 (not skin seen through a half-closed lid). Read on the unbalanced
 * L*a*b* of the colour light: the cast is what is being measured.
 */
export function colourCast(ctx: SkinContext): ColourCast {
  return ctx.memo('colourcast', () => {
    const light = ctx.pick(['cross_polar', 'white']);
    const lab = labAt(ctx, light, 0, false);
    const as: number[] = [];
    const bs: number[] = [];
    for (const side of ['right', 'left'] as const satisfies readonly Side[]) {
      const z = eyeZones(ctx, side, 0);
      if (z.aperture < MIN_APERTURE) continue;
      const { width } = ctx.size(0);
      const rw = z.rect.x1 - z.rect.x0;
      const px: number[] = [];
      for (let y = z.rect.y0; y < z.rect.y1; y++) for (let x = z.rect.x0; x < z.rect.x1; x++) if (z.codes[(y - z.rect.y0) * rw + (x - z.rect.x0)] === ZONE.opening) px.push(y * width + x);
      if (px.length === 0) continue;
      const labs = px.map(lab);
      const bright = quantile(Float32Array.from(labs, (p) => p[0]), 0.7);
      for (const [L, a, b] of labs) {
        if (L >= bright && Math.hypot(a, b) < 25) {
          as.push(a);
          bs.push(b);
        }
      }
    }
    if (as.length < MIN_PIXELS) return { assessed: false, strength: 0, hue: 'none', a: null, b: null, pixels: as.length };
    const a = quantile(Float32Array.from(as), 0.5);
    const b = quantile(Float32Array.from(bs), 0.5);
    const da = a - EXPECTED_SCLERA.a;
    const db = b - EXPECTED_SCLERA.b;
    const strength = Math.hypot(da, db);
    return { assessed: true, strength: Math.round(strength * 10) / 10, hue: strength < CAST_THRESHOLD ? 'none' : castHue(da, db), a: Math.round(a * 10) / 10, b: Math.round(b * 10) / 10, pixels: as.length };
  });
}

/**
 * The direction of the shift in the a*b* plane: warm from orange-red to yellow-green (20 to 135
 * degrees: tungsten, sunset), green beyond (fluorescent), cool for blue (-135 to -45: shade,
 * daylight through windows), magenta from -45 to 20 (pink LEDs).
 */
export function castHue(da: number, db: number): Exclude<CastHue, 'none'> {
  const deg = (Math.atan2(db, da) * 180) / Math.PI;
  if (deg >= 20 && deg < 135) return 'warm';
  if (deg >= -135 && deg < -45) return 'cool';
  if (deg >= -45 && deg < 20) return 'magenta';
  return 'green';
}
