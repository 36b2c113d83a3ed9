import type { Point2 } from '../../types.ts';
import type { Level, SkinContext } from '../context.ts';
import type { Mask, Rect } from '../image/plane.ts';
import { newMask } from '../image/plane.ts';
import { distanceToPath, pointInPolygon, polygonRect } from '../image/raster.ts';
import { landmark, landmarks } from '../regions/geometry.ts';
import * as M from '../regions/mesh-indices.ts';
import type { Side } from '../regions/regions.ts';

/**
 * The zones around one eye where make-up goes, in work pixels of one level: the eye opening
 * between the lids (where the sclera is), bands hugging the upper and lower lid margins (eyeliner,
 * mascara), the wing zone lateral of the outer corner (winged liner) and the upper lid between
 * the liner band and the brow (eye shadow). Distances are measured to the lid contours of the
 * mesh, so the zones follow the eye's shape, size and roll.
 */
export interface EyeZones {
  readonly side: Side;
  readonly rect: Rect;
  /** Per pixel of `rect` (row-major, rect-sized): the zone code below. */
  readonly codes: Uint8Array;
  /** Eye opening height over width (lids' gap at the centre / canthus distance). */
  readonly aperture: number;
}

export const ZONE = { none: 0, opening: 1, upperBand: 2, lowerBand: 3, wing: 4, shadow: 5 } as const;

/** decision: eyeliner and mascara sit within 2.5 mm of the lid margin; shadow up to 9 mm above it, below the brow; a wing reaches 8 mm past the corner. */
export const BAND_MM = 2.5;
const SHADOW_MM = 9;
const WING_MM = 8;

export function eyeZones(ctx: SkinContext, side: Side, level: Level): EyeZones {
  return ctx.memo(`eyezones:${side}:${level}`, () => {
    const face = ctx.input.face;
    const w = (p: Point2): Point2 => ctx.toWork(level, p);
    const right = side === 'right';
    const upper = landmarks(face, right ? M.UPPER_LID_RIGHT : M.UPPER_LID_LEFT).map(w);
    const lower = landmarks(face, right ? M.LOWER_LID_RIGHT : M.LOWER_LID_LEFT).map(w);
    const brow = landmarks(face, right ? M.BROW_RIGHT : M.BROW_LEFT).map(w);
    const outer = w(landmark(face, right ? M.POINT.outerCanthusRight : M.POINT.outerCanthusLeft));
    const inner = w(landmark(face, right ? M.POINT.innerCanthusRight : M.POINT.innerCanthusLeft));
    const opening = [...upper, ...[...lower].reverse()];
    const mm = ctx.pxPerMm(level);
    const { width, height } = ctx.size(level);
    // Outward along the eye's axis (inner to outer corner), and "up" perpendicular to it.
    const eyeW = Math.max(1e-6, Math.hypot(outer.x - inner.x, outer.y - inner.y));
    const out = { x: (outer.x - inner.x) / eyeW, y: (outer.y - inner.y) / eyeW };
    const u0 = ctx.regions.axes.v;
    const up = { x: -u0.x, y: -u0.y };
    const reach = (SHADOW_MM + 1) * mm;
    const rect = polygonRect(
      [...opening.map((p) => ({ x: p.x, y: p.y - reach })), ...opening.map((p) => ({ x: p.x, y: p.y + BAND_MM * mm + 2 })), { x: outer.x + out.x * (WING_MM + 1) * mm, y: outer.y + out.y * (WING_MM + 1) * mm }],
      width,
      height,
    );
    const rw = rect.x1 - rect.x0;
    const codes = new Uint8Array(Math.max(0, rw * (rect.y1 - rect.y0)));
    for (let y = rect.y0; y < rect.y1; y++) {
      for (let x = rect.x0; x < rect.x1; x++) {
        const p = { x: x + 0.5, y: y + 0.5 };
        const k = (y - rect.y0) * rw + (x - rect.x0);
        if (pointInPolygon(p, opening)) {
          codes[k] = ZONE.opening;
          continue;
        }
        if (pointInPolygon(p, brow)) continue;
        // Past the outer corner (along the eye's axis): the wing zone, biased upwards because
        // wings rise towards the brow's tail.
        const along = (p.x - outer.x) * out.x + (p.y - outer.y) * out.y;
        const rise = (p.x - outer.x) * up.x + (p.y - outer.y) * up.y;
        if (along > 0.5 * mm) {
          if (along <= WING_MM * mm && rise >= -1.5 * mm && rise <= 1.5 * mm + 0.5 * along) codes[k] = ZONE.wing;
          continue;
        }
        const dU = distanceToPath(p, upper);
        const dL = distanceToPath(p, lower);
        if (dU <= dL) {
          if (dU <= BAND_MM * mm) codes[k] = ZONE.upperBand;
          else if (dU <= SHADOW_MM * mm && !aboveBrow(p, brow, up)) codes[k] = ZONE.shadow;
        } else if (dL <= BAND_MM * mm) codes[k] = ZONE.lowerBand;
      }
    }
    const mid = (a: readonly Point2[]): Point2 => a[Math.floor(a.length / 2)] ?? { x: 0, y: 0 };
    const gap = Math.hypot(mid(upper).x - mid(lower).x, mid(upper).y - mid(lower).y);
    return { side, rect, codes, aperture: gap / eyeW };
  });
}

/** A zone of an eye as a mask over the level's frame. */
export function zoneMask(z: EyeZones, zones: readonly number[], width: number, height: number): Mask {
  const m = { ...newMask(width, height), bounds: z.rect };
  const rw = z.rect.x1 - z.rect.x0;
  for (let y = z.rect.y0; y < z.rect.y1; y++) for (let x = z.rect.x0; x < z.rect.x1; x++) if (zones.includes(z.codes[(y - z.rect.y0) * rw + (x - z.rect.x0)] as number)) m.data[y * width + x] = 1;
  return m;
}

/** Above the brow's upper edge (the shadow zone stops at the brow). */
function aboveBrow(p: Point2, brow: readonly Point2[], up: Point2): boolean {
  // The brow's highest point along "up": above it is forehead, not lid.
  let top = -Infinity;
  for (const b of brow) top = Math.max(top, b.x * up.x + b.y * up.y);
  return p.x * up.x + p.y * up.y > top;
}
