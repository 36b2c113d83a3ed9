import type { SkinContext } from '../context.ts';
import { valleyResponse } from '../image/filters.ts';
import { angleBetween } from '../image/lines.ts';
import type { RegionId } from '../regions/regions.ts';
import type { LineSpec } from './wrinkles.ts';
import { lineSearch, searchMask } from './wrinkles.ts';

/** decision: the crease profile's step along the crease, millimetres. */
const BIN_MM = 0.5;
/** A valley's anisotropy (0 a clean line, 1 a round blob) up to which it is a crease (half weight there). */
const ANISOTROPY_MAX = 0.5;
/** decision (D-080): the margins either side of the shape and direction tests over which a valley's weight goes from 0 to 1. */
const ANISOTROPY_MARGIN = 0.1;
const ANGLE_MARGIN = (10 * Math.PI) / 180;

/** 0 at -margin, 0.5 at 0, 1 at +margin and above. */
function ramp(excess: number, margin: number): number {
  return Math.min(1, Math.max(0, 0.5 + excess / (2 * margin)));
}

/**
 * A crease's index read as a profile instead of a traced line (D-062): the region is cut into
 * strips BIN_MM wide across the crease's expected direction; each strip holds the strongest valley
 * response of that direction (the LineSpec's sigmas and thresholds), weighted from 0 at the low
 * threshold to 1 at the high one, times its depth (response over the high threshold, capped at 3).
 * The strips' sum, in millimetres, equals a traced line's length times depth where a crease is
 * clear, and falls smoothly where a traced line would break in two or vanish: a line that came and
 * went with a tenth more light moved eye bags by two levels.
 */
export function creaseIndex(ctx: SkinContext, spec: LineSpec, region: RegionId): number {
  return ctx.memo(`crease:${spec.key}:${region}`, () => {
    const { light, pxmm, high, low, roll } = lineSearch(ctx, spec);
    const dir = spec.direction(region);
    const along = { x: Math.cos(roll + dir.centre), y: Math.sin(roll + dir.centre) };
    const mask = searchMask(ctx, spec, region);
    const strips = new Map<number, number>();
    const step = BIN_MM * pxmm;
    for (const mm of spec.sigmasMm) {
      const s = Math.max(0.8, mm * pxmm);
      const rect = ctx.rectOf(mask, 4 * s);
      if (!rect) continue;
      const v = valleyResponse(ctx.blur(light, 'L', spec.level, s, rect), s, rect);
      const vw = v.strength.width;
      for (let y = v.rect.y0; y < v.rect.y1; y++) {
        for (let x = v.rect.x0; x < v.rect.x1; x++) {
          if (!mask.data[y * mask.width + x]) continue;
          const k = (y - v.rect.y0) * vw + (x - v.rect.x0);
          const st = v.strength.data[k] as number;
          if (st <= low) continue;
          // The shape and direction tests as ramps (D-080), as the strength already is: a valley
          // at the tolerance's edge counts half, so a few degrees of landmark jitter or a tenth
          // more light tilts it by a little, not in or out of the index.
          const shape = ramp(ANISOTROPY_MAX - (v.anisotropy.data[k] as number), ANISOTROPY_MARGIN);
          const aligned = ramp(dir.tolerance - angleBetween((v.angle.data[k] as number) - roll, dir.centre), ANGLE_MARGIN);
          const c = Math.min(3, st / high) * Math.min(1, (st - low) / (high - low)) * Math.min(shape, aligned);
          if (c <= 0) continue;
          const strip = Math.floor(((x + 0.5) * along.x + (y + 0.5) * along.y) / step);
          if (c > (strips.get(strip) ?? 0)) strips.set(strip, c);
        }
      }
    }
    let sum = 0;
    for (const c of strips.values()) sum += c;
    return sum * BIN_MM;
  });
}
