// Seeded scenes for the accuracy tests and benchmark: known blemishes at random positions inside
// the skin regions the analysers look in, with known sizes (in millimetres, from the
// interpupillary distance, as the analysers measure) and strengths.
import { SkinContext } from '../../../../vision/skin/context.ts';
import { faceAxes, IPD_MM } from '../../../../vision/skin/regions/geometry.ts';
import type { RegionId } from '../../../../vision/skin/regions/regions.ts';
import { skinRegions } from '../../../../vision/skin/regions/regions.ts';
import { pointInPolygon } from '../../../../vision/skin/image/raster.ts';
import type { FaceGeometry, Point2, RgbImage } from '../../../../vision/types.ts';
import type { Painted, PaintKind } from './paint.ts';
import { distanceToPath, paintBlackhead, paintDarkArea, paintLine, paintPapule, paintPore, paintPorphyrin, paintRedness, paintShine, paintSpot } from './paint.ts';

/** mulberry32: tiny, seedable, reproducible. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SceneSpec {
  readonly kind: PaintKind;
  readonly count: number;
  readonly strength: number;
  readonly seed: number;
}

interface KindPlan {
  readonly regions: readonly RegionId[];
  /** Radius range in millimetres (half-width for lines). */
  readonly radiusMm: readonly [number, number];
  readonly paint: (img: RgbImage, at: Point2, radius: number, strength: number) => Painted;
  /** Least gap between two items' edges, mm (pores crowd; spots need room to be told apart). */
  readonly gapMm?: number;
}

const PLANS: Partial<Record<PaintKind, KindPlan>> = {
  spot: { regions: ['cheek_left', 'cheek_right', 'forehead', 'chin'], radiusMm: [1.2, 2.4], paint: paintSpot },
  pore: { regions: ['cheek_left', 'cheek_right', 'nose', 'forehead'], radiusMm: [0.25, 0.4], paint: paintPore, gapMm: 0.8 },
  blackhead: { regions: ['nose', 'chin'], radiusMm: [0.3, 0.45], paint: paintBlackhead },
  papule: { regions: ['cheek_left', 'cheek_right', 'forehead', 'chin'], radiusMm: [1, 1.8], paint: paintPapule },
  redness: { regions: ['cheek_left', 'cheek_right', 'forehead', 'chin'], radiusMm: [5, 8], paint: paintRedness },
  shine: { regions: ['forehead', 'nose'], radiusMm: [3, 5], paint: paintShine },
  porphyrin: { regions: ['nose', 'cheek_left', 'cheek_right', 'forehead'], radiusMm: [0.25, 0.4], paint: paintPorphyrin },
};

export interface Scene {
  readonly image: RgbImage;
  readonly painted: readonly Painted[];
  readonly pxPerMm: number;
}

/** Paints `spec.count` items of one kind on a copy of `base` (see PLANS for where and how big). */
export function paintScene(base: RgbImage, face: FaceGeometry, spec: SceneSpec): Scene {
  const image = { width: base.width, height: base.height, data: new Uint8Array(base.data) };
  const rand = seededRandom(spec.seed);
  const pxPerMm = faceAxes(face).ipd / IPD_MM;
  const regions = skinRegions(face);
  const painted: Painted[] = [];
  if (spec.kind === 'dark_circle') {
    for (const side of ['left', 'right'] as const) {
      const poly = regions.regions[`under_eye_${side}`];
      const soft = 1.5 * pxPerMm;
      painted.push(paintDarkArea(image, poly, spec.strength, (p) => (pointInPolygon(p, poly) ? Math.min(1, closedDistance(p, poly) / soft) : 0)));
    }
    return { image, painted, pxPerMm };
  }
  if (spec.kind === 'line') return { image, painted: paintForeheadLines(image, face, spec, rand, pxPerMm), pxPerMm };
  if (spec.kind === 'crows_line') return { image, painted: paintCrowsFeet(image, face, spec, rand, pxPerMm), pxPerMm };
  const plan = PLANS[spec.kind];
  if (!plan) throw new Error(`no plan for ${spec.kind}`);
  const exclusions = Object.values(regions.exclusions);
  const ctx = new SkinContext({ images: { white: base }, face, view: 'front' });
  for (let attempt = 0; painted.length < spec.count && attempt < spec.count * 400; attempt++) {
    const id = plan.regions[Math.floor(rand() * plan.regions.length)] ?? 'forehead';
    const poly = regions.regions[id];
    const xs = poly.map((p) => p.x);
    const ys = poly.map((p) => p.y);
    const at = { x: Math.min(...xs) + rand() * (Math.max(...xs) - Math.min(...xs)), y: Math.min(...ys) + rand() * (Math.max(...ys) - Math.min(...ys)) };
    const radius = (plan.radiusMm[0] + rand() * (plan.radiusMm[1] - plan.radiusMm[0])) * pxPerMm;
    const margin = radius * 1.5 + 1.5 * pxPerMm;
    if (!pointInPolygon(at, poly) || closedDistance(at, poly) < margin || !pointInPolygon(at, regions.face) || !onSkin(ctx, id, at, margin)) continue;
    if (exclusions.some((e) => pointInPolygon(at, e) || closedDistance(at, e) < margin)) continue;
    const gap = (plan.gapMm ?? 1.5) * pxPerMm;
    if (painted.some((p) => Math.hypot(p.at.x - at.x, p.at.y - at.y) < (plan.gapMm === undefined ? 2.5 : 1.6) * (p.radius + radius) + gap)) continue;
    painted.push(plan.paint(image, at, radius, spec.strength));
  }
  return { image, painted, pxPerMm };
}

/** Horizontal forehead lines of 15 to 30 mm, half-width 0.3 mm, gently curved, 4 mm or more apart. */
function paintForeheadLines(image: RgbImage, face: FaceGeometry, spec: SceneSpec, rand: () => number, pxPerMm: number): Painted[] {
  const regions = skinRegions(face);
  const poly = regions.regions.forehead;
  const { u, v } = regions.axes;
  const ctx = new SkinContext({ images: { white: image }, face, view: 'front' });
  const out: Painted[] = [];
  for (let attempt = 0; out.length < spec.count && attempt < 400; attempt++) {
    const xs = poly.map((p) => p.x);
    const ys = poly.map((p) => p.y);
    const c = { x: Math.min(...xs) + rand() * (Math.max(...xs) - Math.min(...xs)), y: Math.min(...ys) + rand() * (Math.max(...ys) - Math.min(...ys)) };
    const half = ((15 + rand() * 15) * pxPerMm) / 2;
    const bend = (rand() - 0.5) * 2 * pxPerMm;
    const path: Point2[] = [];
    for (let k = 0; k <= 8; k++) {
      const t = k / 4 - 1;
      path.push({ x: c.x + u.x * half * t + v.x * bend * (t * t - 0.5), y: c.y + u.y * half * t + v.y * bend * (t * t - 0.5) });
    }
    const margin = 2.5 * pxPerMm;
    if (!path.every((p) => pointInPolygon(p, poly) && closedDistance(p, poly) >= margin && pointInPolygon(p, regions.face) && onSkin(ctx, 'forehead', p, margin))) continue;
    if (Object.values(regions.exclusions).some((e) => path.some((p) => closedDistance(p, e) < margin))) continue;
    if (out.some((o) => (o.path ?? []).some((q) => path.some((p) => Math.hypot(p.x - q.x, p.y - q.y) < 4 * pxPerMm)))) continue;
    out.push(paintLine(image, path, 0.3 * pxPerMm, spec.strength));
  }
  return out;
}

/** True when the point and a ring of `margin` around it are skin of the region (the analysers' own mask: no hair, no background). */
function onSkin(ctx: SkinContext, id: RegionId, at: Point2, margin: number): boolean {
  const mask = ctx.regionMask(id, 1);
  for (let k = 0; k <= 8; k++) {
    const r = k === 0 ? 0 : margin;
    const q = ctx.toWork(1, { x: at.x + r * Math.cos((k * Math.PI) / 4), y: at.y + r * Math.sin((k * Math.PI) / 4) });
    const x = Math.floor(q.x);
    const y = Math.floor(q.y);
    if (x < 0 || y < 0 || x >= mask.width || y >= mask.height || !mask.data[y * mask.width + x]) return false;
  }
  return true;
}

/** Crow's feet: straight lines of 6 to 11 mm fanning out from beside the outer eye corner. */
function paintCrowsFeet(image: RgbImage, face: FaceGeometry, spec: SceneSpec, rand: () => number, pxPerMm: number): Painted[] {
  const regions = skinRegions(face);
  const ctx = new SkinContext({ images: { white: image }, face, view: 'front' });
  const { u, v } = regions.axes;
  const out: Painted[] = [];
  for (let attempt = 0; out.length < spec.count && attempt < 600; attempt++) {
    const side = rand() < 0.5 ? 'left' : 'right';
    const id = side === 'left' ? 'crows_feet_left' : 'crows_feet_right';
    const outward = side === 'left' ? 1 : -1;
    const corner = { x: face.landmarks[(side === 'left' ? 263 : 33) * 3] ?? 0, y: face.landmarks[(side === 'left' ? 263 : 33) * 3 + 1] ?? 0 };
    const angle = ((rand() - 0.5) * 70 * Math.PI) / 180;
    const dir = { x: outward * Math.cos(angle) * u.x + Math.sin(angle) * v.x, y: outward * Math.cos(angle) * u.y + Math.sin(angle) * v.y };
    const start = 3 + rand() * 3;
    const length = 6 + rand() * 5;
    const path: Point2[] = [];
    for (let k = 0; k <= 6; k++) {
      const t = (start + (length * k) / 6) * pxPerMm;
      path.push({ x: corner.x + dir.x * t, y: corner.y + dir.y * t });
    }
    const margin = 1.2 * pxPerMm;
    const poly = regions.regions[id];
    if (!path.every((p) => pointInPolygon(p, poly) && onSkin(ctx, id, p, margin))) continue;
    if (Object.values(regions.exclusions).some((e) => path.some((p) => closedDistance(p, e) < margin))) continue;
    if (out.some((o) => (o.path ?? []).some((q) => path.some((p) => Math.hypot(p.x - q.x, p.y - q.y) < 2.5 * pxPerMm)))) continue;
    out.push(paintLine(image, path, 0.25 * pxPerMm, spec.strength));
  }
  return out;
}

/** Distance from a point to a closed polygon's boundary. */
export function closedDistance(p: Point2, poly: readonly Point2[]): number {
  return poly.length ? distanceToPath(p, [...poly, poly[0] as Point2]) : Infinity;
}

/** A UV image of the same capture: skin dark and violet under UV, as a Wood's lamp shows it. */
export function uvImage(white: RgbImage): RgbImage {
  const data = new Uint8Array(white.data.length);
  for (let i = 0; i < data.length; i += 3) {
    const y = 0.3 * (white.data[i] ?? 0) + 0.59 * (white.data[i + 1] ?? 0) + 0.11 * (white.data[i + 2] ?? 0);
    data[i] = Math.round(0.25 * y);
    data[i + 1] = Math.round(0.18 * y);
    data[i + 2] = Math.round(0.55 * y);
  }
  return { width: white.width, height: white.height, data };
}

/**
 * Painted scenes draw their blemishes at the photo's full (upscaled) resolution, while the
 * photo around them stays as soft as the small original: the resolution estimate would rightly
 * call the face too soft for fine features. The detectors are judged on the painted features,
 * so the scenes' analyses take the nominal resolution as the effective one.
 */
export const PAINTED: { readonly effectivePxPerMm: number } = { effectivePxPerMm: Infinity };
