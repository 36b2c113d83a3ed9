// Where to paint: seeded random points on cheek or forehead skin, clear of eyes, brows, lips,
// nostrils, hair and the region's edge, and away from anything the analysis already found there,
// so a finding near the painted point can only be the painted lesion.
import { SkinContext } from '../../vision/skin/context.ts';
import { pointInPolygon } from '../../vision/skin/image/raster.ts';
import type { RegionId } from '../../vision/skin/regions/regions.ts';
import type { SkinRegions } from '../../vision/skin/regions/regions.ts';
import type { FaceGeometry, Point2, RgbImage } from '../../vision/types.ts';
import { closedDistance, seededRandom } from '../../test/unit/vision-skin/helpers/scenes.ts';

export const PAINT_REGIONS: readonly RegionId[] = ['cheek_left', 'cheek_right', 'forehead'];

export interface Placer {
  /** A point whose disc of `radiusMm` plus 2 mm is skin, at least `clearMm` from every point in `avoid`; null when none is found. */
  place(radiusMm: number, avoid: readonly Point2[], clearMm: number): Point2 | null;
}

export function placer(image: RgbImage, face: FaceGeometry, regions: SkinRegions, pxPerMm: number, seed: number): Placer {
  const rand = seededRandom(seed);
  const ctx = new SkinContext({ images: { white: image }, face, view: 'front' });
  const exclusions = Object.values(regions.exclusions);
  const onSkin = (id: RegionId, at: Point2, margin: number): boolean => {
    const mask = ctx.regionMask(id, 1);
    for (let k = 0; k <= 16; k++) {
      const r = k === 0 ? 0 : k <= 8 ? margin : margin / 2;
      const q = ctx.toWork(1, { x: at.x + r * Math.cos((k * Math.PI) / 4), y: at.y + r * Math.sin((k * Math.PI) / 4) });
      const x = Math.floor(q.x);
      const y = Math.floor(q.y);
      if (x < 0 || y < 0 || x >= mask.width || y >= mask.height || !mask.data[y * mask.width + x]) return false;
    }
    return true;
  };
  return {
    place(radiusMm, avoid, clearMm) {
      const margin = (radiusMm + 2) * pxPerMm;
      for (let attempt = 0; attempt < 2000; attempt++) {
        const id = PAINT_REGIONS[Math.floor(rand() * PAINT_REGIONS.length)] ?? 'forehead';
        const poly = regions.regions[id];
        const xs = poly.map((p) => p.x);
        const ys = poly.map((p) => p.y);
        const at = { x: Math.min(...xs) + rand() * (Math.max(...xs) - Math.min(...xs)), y: Math.min(...ys) + rand() * (Math.max(...ys) - Math.min(...ys)) };
        if (!pointInPolygon(at, poly) || closedDistance(at, poly) < margin || !pointInPolygon(at, regions.face)) continue;
        if (exclusions.some((e) => pointInPolygon(at, e) || closedDistance(at, e) < margin)) continue;
        if (avoid.some((p) => Math.hypot(p.x - at.x, p.y - at.y) < clearMm * pxPerMm)) continue;
        if (!onSkin(id, at, margin)) continue;
        return at;
      }
      return null;
    },
  };
}
