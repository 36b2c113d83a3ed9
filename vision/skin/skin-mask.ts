import type { Level, SkinContext } from './context.ts';
import { gaussianBlur } from './image/filters.ts';
import type { Mask } from './image/plane.ts';
import { dilate, newMask, scanRect } from './image/plane.ts';
import { fillPolygon, polygonMask } from './image/raster.ts';
import { maskedValues, quantile, robustSigma } from './image/stats.ts';
import type { RegionId } from './regions/regions.ts';
import { EXCLUSION_IDS } from './regions/regions.ts';
import { balancedLab } from './measure/balance.ts';
import type { Point2 } from '../types.ts';

export interface SkinMasks {
  /** The skin mask at the coarse level. */
  readonly coarse: Mask;
  readonly neckVisibility: number;
}

/**
 * The skin mask: the face silhouette and the neck polygon, minus eyes, brows, lips and nostrils
 * (mesh polygons), minus whatever does not look like this face's skin (hair over the forehead,
 * collars, background beside the neck). The colour test runs on L*a*b* blurred over 2 mm, so a
 * blemish, a dark circle or a shiny patch never leaves the mask; only large areas of another
 * colour do. It is made once at the coarse level; fine-level region masks read it (regionMask).
 */
export function buildSkinMasks(ctx: SkinContext): SkinMasks {
  const { width: W, height: H } = ctx.size(1);
  const face = shape(ctx, ctx.regions.face, 1);
  const silhouette = polygonMask(work(ctx, ctx.regions.face, 1), W, H);
  const neck = shape(ctx, ctx.regions.regions.neck, 1);
  const looksForeign = foreignTest(ctx, face);
  const coarse = newMask(W, H);
  const foreign = newMask(W, H);
  // Outside the silhouette, what fails the same test: hair and background around the face.
  const around = newMask(W, H);
  let neckSkin = 0;
  for (let i = 0; i < coarse.data.length; i++) {
    if (face.data[i]) {
      if (looksForeign(i, false)) foreign.data[i] = 1;
      else coarse.data[i] = 1;
    } else if (!silhouette.data[i]) {
      const unlike = looksForeign(i, false);
      if (unlike) around.data[i] = 1;
      if (neck.data[i] && !unlike && !looksForeign(i, true)) {
        coarse.data[i] = 1;
        neckSkin++;
      }
    }
  }
  // Inside the face, only what is foreign AND joins the foreign area around the face is taken
  // out: hair comes in from around the face, while a dark spot, a wrinkled patch, a shiny area or
  // a deep fold sits inside the face and must stay in the mask to be measured.
  const inner = notJoinedFromAround(foreign, around, silhouette, Math.max(1, Math.round(ctx.px(AROUND_MM, 1))));
  for (let i = 0; i < inner.length; i++) if (inner[i]) coarse.data[i] = 1;
  const neckArea = unclippedArea(ctx, ctx.regions.regions.neck, 1) - overlap(face, neck);
  return { coarse, neckVisibility: neckArea > 0 ? Math.min(1, neckSkin / neckArea) : 0 };
}

/**
 * The colour and texture test, against the skin of the cheeks and nose (the parts least often
 * covered by hair), on L*a*b* blurred over 2 mm. `strict` (beside the neck) also refuses areas
 * much brighter than skin: there they are a wall or a collar, not shine.
 */
function foreignTest(ctx: SkinContext, face: Mask): (i: number, strict: boolean) => boolean {
  const { width: W, height: H } = ctx.size(1);
  const sigma = ctx.px(2, 1);
  const all = { x0: 0, y0: 0, x1: W, y1: H };
  // On the planes balanced on the face's own skin (measure/balance.ts): the skin is always at the
  // same L*a*b*, so the limits below are ratios to it, and neither a coloured light nor the
  // exposure moves the mask's edge (issue 12 part 4).
  const balanced = balancedLab(ctx, ctx.reference, 1);
  const sL = ctx.memo('mask:L', () => gaussianBlur(balanced.L, sigma, all)).data;
  const sa = ctx.memo('mask:a', () => gaussianBlur(balanced.a, sigma, all)).data;
  const sb = ctx.memo('mask:b', () => gaussianBlur(balanced.b, sigma, all)).data;
  const reference = newMask(W, H);
  for (const id of ['cheek_left', 'cheek_right', 'nose'] as const) fillPolygon(reference, work(ctx, ctx.regions.regions[id], 1), 1);
  for (let i = 0; i < reference.data.length; i++) reference.data[i] = (reference.data[i] as number) & (face.data[i] as number);
  const plane = (data: Float32Array) => ({ width: W, height: H, data });
  const vL = maskedValues(plane(sL), reference);
  const medL = quantile(vL, 0.5);
  const sdL = robustSigma(vL);
  const medA = quantile(maskedValues(plane(sa), reference), 0.5);
  const medB = quantile(maskedValues(plane(sb), reference), 0.5);
  // Hair can match skin in colour but rarely in texture: |L* - its 1 mm blur|, averaged over 2 mm.
  const fine = gaussianBlur(balanced.L, ctx.px(1, 1), all).data;
  const raw = balanced.L.data;
  const rough = new Float32Array(W * H);
  for (let i = 0; i < rough.length; i++) rough[i] = Math.abs((raw[i] as number) - (fine[i] as number));
  const texture = gaussianBlur(plane(rough), sigma, all).data;
  const roughLimit = Math.max(2.5, 3 * quantile(maskedValues(plane(texture), reference), 0.5));
  const darkLimit = medL - Math.max(20, 4 * sdL);
  const brightLimit = medL + Math.max(22, 4 * sdL);
  // Fair hair as smooth as skin (a soft photo) is still yellower and darker: hue angle h_ab more
  // than 12 degrees past the skin's together with L* 6 below it.
  // Angle test without atan2 per pixel: rotating from the skin's hue towards yellow (+b*) past
  // 12 degrees means cross(skin, pixel) > |skin| |pixel| sin 12.
  const medNorm = Math.hypot(medA, medB);
  const sin12 = Math.sin((12 * Math.PI) / 180);
  return (i, strict) => {
    const L = sL[i] as number;
    const a = sa[i] as number;
    const b = sb[i] as number;
    if (L < darkLimit || (strict && L > brightLimit)) return true;
    if (Math.abs(a - medA) > 18 || Math.abs(b - medB) > 22) return true;
    return (texture[i] as number) > roughLimit || (L < medL - 6 && medA * b - medB * a > medNorm * Math.hypot(a, b) * sin12);
  };
}

/**
 * decision (D-121): how far outside the silhouette (grown by this much, as a square of pixels)
 * the foreign area around the face is sure to be hair or background, not a stray pixel beside the
 * outline that a tenth more light tipped.
 */
const AROUND_MM = 2;

/**
 * The foreign pixels inside the face NOT connected (8-neighbours, through foreign pixels inside
 * and outside the silhouette) to the foreign area around it beyond the silhouette grown by `r`
 * pixels (a (2r + 1)-pixel square), nor to the frame's border. The way in is read on the image,
 * not at the silhouette's outline: when any foreign pixel touching the outline was taken for
 * hair, a smile fold's shadow whose tip met the outline came and went with a pixel of landmark
 * movement, and took the whole fold out of the nasolabial corridor (fold index 1.2 against 21.8
 * on the same pixels; D-121). A strand of hair over the face still joins the hair it grows from.
 */
export function notJoinedFromAround(foreign: Mask, around: Mask, silhouette: Mask, r: number): Uint8Array {
  const { width: W, height: H } = foreign;
  const n = W * H;
  const keep = Uint8Array.from(foreign.data);
  const nearFace = dilate(silhouette, r);
  // `open`: foreign pixels inside the face and around it not yet reached.
  const open = new Uint8Array(n);
  for (let i = 0; i < n; i++) open[i] = (foreign.data[i] as number) | (around.data[i] as number);
  const stack = new Int32Array(n);
  let top = 0;
  for (let i = 0; i < n; i++) {
    if (!open[i]) continue;
    const x = i % W;
    const y = (i - x) / W;
    const border = x === 0 || y === 0 || x === W - 1 || y === H - 1;
    if (border || (around.data[i] && !nearFace.data[i])) {
      open[i] = 0;
      stack[top++] = i;
    }
  }
  while (top > 0) {
    const i = stack[--top] as number;
    keep[i] = 0;
    const x = i % W;
    const y = (i - x) / W;
    const x0 = x > 0 ? -1 : 0;
    const x1 = x < W - 1 ? 1 : 0;
    for (let dy = y > 0 ? -1 : 0; dy <= (y < H - 1 ? 1 : 0); dy++) {
      for (let dx = x0; dx <= x1; dx++) {
        const j = i + dy * W + dx;
        if (!open[j]) continue;
        open[j] = 0;
        stack[top++] = j;
      }
    }
  }
  return keep;
}

/** A polygon minus the exclusions, at `level`. */
function shape(ctx: SkinContext, polygon: readonly Point2[], level: Level): Mask {
  const { width, height } = ctx.size(level);
  const m = polygonMask(work(ctx, polygon, level), width, height);
  for (const id of EXCLUSION_IDS) fillPolygon(m, work(ctx, ctx.regions.exclusions[id], level), 0);
  return m;
}

function work(ctx: SkinContext, polygon: readonly Point2[], level: Level): Point2[] {
  return polygon.map((p) => ctx.toWork(level, p));
}

/** Pixels of a polygon as if the frame were unbounded (a neck out of frame counts as unseen). */
function unclippedArea(ctx: SkinContext, polygon: readonly Point2[], level: Level): number {
  const pts = work(ctx, polygon, level);
  let area = 0;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const a = pts[i] as Point2;
    const b = pts[j] as Point2;
    area += (b.x + a.x) * (b.y - a.y);
  }
  return Math.abs(area) / 2;
}

function overlap(a: Mask, b: Mask): number {
  let n = 0;
  const r = scanRect(b);
  for (let y = r.y0; y < r.y1; y++) for (let i = y * a.width + r.x0; i < y * a.width + r.x1; i++) n += (a.data[i] as number) & (b.data[i] as number);
  return n;
}

/**
 * A region at `level`: its polygon minus the exclusions, where the coarse skin mask says skin.
 * At the fine level each pixel reads its coarse parent, so no full fine skin mask is ever built.
 */
export function regionMask(ctx: SkinContext, id: RegionId, level: Level, coarse: Mask): Mask {
  const m = shape(ctx, ctx.regions.regions[id], level);
  const r = scanRect(m);
  const W = m.width;
  if (level === 1) {
    for (let y = r.y0; y < r.y1; y++) for (let i = y * W + r.x0; i < y * W + r.x1; i++) m.data[i] = (m.data[i] as number) & (coarse.data[i] as number);
    return m;
  }
  const cw = coarse.width;
  const ch = coarse.height;
  for (let y = r.y0; y < r.y1; y++) {
    const crow = Math.min(ch - 1, y >> 1) * cw;
    for (let x = r.x0; x < r.x1; x++) {
      const i = y * W + x;
      if (m.data[i]) m.data[i] = coarse.data[crow + Math.min(cw - 1, x >> 1)] as number;
    }
  }
  return m;
}
