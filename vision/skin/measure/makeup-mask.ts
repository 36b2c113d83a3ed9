import type { Level, SkinContext } from '../context.ts';
import type { Mask, Rect } from '../image/plane.ts';
import { dilate, maskBounds, newMask, scanRect } from '../image/plane.ts';
import type { RegionId } from '../regions/regions.ts';
import { labAt } from './balance.ts';
import { eyeZones, ZONE } from './eye-zones.ts';
import { cheekColour, COLOURED, detectMakeup } from './makeup.ts';

/**
 * Where eye make-up lies, at one level, grown by GROW_MM: the pixels of the lid bands, wing and
 * upper lid that are dark (liner, mascara) or coloured (shadow). Empty when no eye make-up was
 * found (strength 0), so a bare face's measures are untouched. Line measures (wrinkles.ts) leave
 * these pixels out: the edge of a liner is the strongest "valley" near the eye.
 */
export function eyeMakeupMask(ctx: SkinContext, level: Level): Mask {
  return ctx.memo(`makeupmask:${level}`, () => {
    const { width, height } = ctx.size(level);
    const m = newMask(width, height);
    if (detectMakeup(ctx).eyes.strength <= 0) return { ...m, bounds: { x0: 0, y0: 0, x1: 0, y1: 0 } };
    const lab = labAt(ctx, ctx.pick(['cross_polar', 'white']), level);
    for (const side of ['right', 'left'] as const) {
      const cheek = cheekColour(ctx, side, level);
      if (!cheek) continue;
      const z = eyeZones(ctx, side, level);
      const rw = z.rect.x1 - z.rect.x0;
      for (let y = z.rect.y0; y < z.rect.y1; y++) {
        for (let x = z.rect.x0; x < z.rect.x1; x++) {
          const code = z.codes[(y - z.rect.y0) * rw + (x - z.rect.x0)];
          if (!code || code === ZONE.opening) continue;
          const i = y * width + x;
          const [L, a, b] = lab(i);
          // decision: the soft edge of a liner counts from a third darker than the cheek; shadow from COLOURED a*b* off it.
          const dark = 1 - (L + 16) / (cheek.L + 16) > 0.33;
          const coloured = Math.hypot(a - cheek.a, b - cheek.b) > COLOURED;
          if (dark || coloured) m.data[i] = 1;
        }
      }
    }
    const grown = dilate(m, Math.max(1, Math.round(GROW_MM * ctx.pxPerMm(level))));
    return { ...grown, bounds: maskBounds(grown) ?? { x0: 0, y0: 0, x1: 0, y1: 0 } };
  });
}

/** decision: make-up pixels are grown by 1 mm before lines are traced (a liner's edge response reaches that far). */
export const GROW_MM = 1;
/** decision: a traced line with this share of its points within ALONG_MM of make-up follows the make-up. */
const ALONG_SHARE = 0.5;
const ALONG_MM = 2;

/** `mask` without the eye make-up pixels (the same mask object when there are none). */
export function withoutMakeup(ctx: SkinContext, mask: Mask, level: Level): Mask {
  const mk = eyeMakeupMask(ctx, level);
  const r = scanRect(mk);
  if (r.x1 <= r.x0 || !overlaps(r, scanRect(mask))) return mask;
  const data = Uint8Array.from(mask.data);
  for (let y = r.y0; y < r.y1; y++) for (let i = y * mask.width + r.x0; i < y * mask.width + r.x1; i++) if (mk.data[i]) data[i] = 0;
  return { width: mask.width, height: mask.height, data, ...(mask.bounds ? { bounds: mask.bounds } : {}) };
}

/** Whether a traced line (work pixels at `level`) mostly runs along eye make-up. */
export function followsMakeup(ctx: SkinContext, points: readonly { x: number; y: number }[], level: Level): boolean {
  const near = ctx.memo(`makeupnear:${level}`, () => {
    const mk = eyeMakeupMask(ctx, level);
    return maskBounds(mk) ? dilate(mk, Math.max(1, Math.round((ALONG_MM - GROW_MM) * ctx.pxPerMm(level)))) : null;
  });
  if (!near || points.length === 0) return false;
  let hits = 0;
  for (const p of points) {
    const x = Math.round(p.x);
    const y = Math.round(p.y);
    if (x >= 0 && y >= 0 && x < near.width && y < near.height && near.data[y * near.width + x]) hits++;
  }
  return hits >= ALONG_SHARE * points.length;
}

/** Share of a region's visible skin (level 0) that eye make-up covers. */
export function makeupCover(ctx: SkinContext, id: RegionId): number {
  return ctx.memo(`makeupcover:${id}`, () => {
    const region = ctx.regionMask(id, 0);
    const mk = eyeMakeupMask(ctx, 0);
    const r = scanRect(region);
    let all = 0;
    let hit = 0;
    for (let y = r.y0; y < r.y1; y++) {
      for (let i = y * region.width + r.x0; i < y * region.width + r.x1; i++) {
        if (!region.data[i]) continue;
        all++;
        hit += mk.data[i] as number;
      }
    }
    return all > 0 ? hit / all : 0;
  });
}

function overlaps(a: Rect, b: Rect): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}
