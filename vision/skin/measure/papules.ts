import type { LightSource } from '../../../protocol/skin-api/api-codes.ts';
import { regionAt } from '../analyser.ts';
import type { SkinContext } from '../context.ts';
import type { Blob } from '../image/blobs.ts';
import { detectBlobs, mergeBlobs } from '../image/blobs.ts';
import { sample } from '../image/plane.ts';
import type { RegionId } from '../regions/regions.ts';
import { FACE_SKIN } from './regions.ts';
import { BLOB_SIGMAS_MM, ringMean } from './spots.ts';
import { toneScale } from './tone.ts';

/** An inflammatory lesion: a round area redder than its surround. */
export interface Papule {
  readonly x: number;
  readonly y: number;
  readonly radiusMm: number;
  /** a* above the surround, in the reference tone's units (measure/tone.ts). */
  readonly redness: number;
  /** decision: pimple = pale centre (pustule), cyst = over 2.5 mm, pink = faint, papule otherwise. */
  readonly type: 'papule' | 'pimple' | 'cyst' | 'pink';
  readonly region: RegionId | null;
}

/** A porphyrin dot (acne bacteria's fluorescence) on the UV image, in fine work pixels. */
export interface Porphyrin {
  readonly x: number;
  readonly y: number;
  readonly glow: number;
}

export interface PapuleFindings {
  readonly light: LightSource;
  readonly papules: readonly Papule[];
  /** null when no UV image was captured. */
  readonly porphyrins: readonly Porphyrin[] | null;
}

/** decision: redness is read under cross-polarised light, which removes glare and shows blood. */
export const PAPULE_LIGHTS: readonly LightSource[] = ['cross_polar', 'white', 'white_glow', 'parallel_polar'];
const MIN_RESPONSE = 1.5;
const MIN_REDNESS = 4;
/** Porphyrin glow: red minus mean of green and blue, 0..255 units, above the surround at the dot's peak. */
const MIN_PORPHYRIN = 10;

/**
 * Papules: DoG bright blobs of a* (redness) at the coarse level, kept when the redness is not just
 * the tint of a dark brown spot (brown spots darken L* far more than they redden a*).
 */
export function findPapules(ctx: SkinContext): PapuleFindings {
  return ctx.memo('papules', () => {
    const light = ctx.pick(PAPULE_LIGHTS);
    const mask = ctx.unionMask(FACE_SKIN, 1);
    const pxmm = ctx.pxPerMm(1);
    const rect = ctx.rectOf(mask, 3 * 2.5 * Math.max(1, (BLOB_SIGMAS_MM[BLOB_SIGMAS_MM.length - 1] ?? 1) * pxmm));
    const porphyrins = ctx.has('uv') ? findPorphyrins(ctx) : null;
    if (!rect) return { light, papules: [], porphyrins };
    const lists: Blob[][] = [];
    const tone = toneScale(ctx, light);
    for (const mm of BLOB_SIGMAS_MM) {
      const s = Math.max(1, mm * pxmm);
      const inner = ctx.blur(light, 'a', 1, s, rect);
      const outer = ctx.blur(light, 'a', 1, 2.5 * s, rect);
      lists.push(detectBlobs({ inner, outer, innerSigma: s, mask, roi: rect, polarity: -1, minResponse: MIN_RESPONSE * tone }));
    }
    const a = ctx.channel(light, 'a', 1);
    const L = ctx.channel(light, 'L', 1);
    const papules: Papule[] = [];
    for (const b of mergeBlobs(lists)) {
      const s = b.radius / Math.SQRT2;
      const redness = (ringMean(a, b.x, b.y, 0) - sample(ctx.blur(light, 'a', 1, 2.5 * s, rect), b.x - 0.5, b.y - 0.5)) / tone;
      if (redness < MIN_REDNESS) continue;
      const bgL = sample(ctx.blur(light, 'L', 1, 2.5 * s, rect), b.x - 0.5, b.y - 0.5);
      const darkening = (bgL - ringMean(L, b.x, b.y, 0)) / tone;
      if (darkening > 2.5 * redness) continue;
      const radiusMm = b.radius / pxmm;
      const paleCentre = ringMean(L, b.x, b.y, 0) - ringMean(L, b.x, b.y, Math.max(1.2, 0.5 * b.radius)) > 3 * tone;
      const type: Papule['type'] = paleCentre ? 'pimple' : radiusMm > 2.5 ? 'cyst' : redness < 6 ? 'pink' : 'papule';
      papules.push({ x: b.x, y: b.y, radiusMm, redness, type, region: regionAt(ctx, 1, b.x, b.y, FACE_SKIN) });
    }
    return { light, papules, porphyrins };
  });
}

/**
 * Porphyrins fluoresce orange-red under UV (Wood's lamp): small bright dots of red minus the
 * mean of green and blue, at the fine level.
 */
function findPorphyrins(ctx: SkinContext): Porphyrin[] {
  const mask = ctx.unionMask(FACE_SKIN, 0);
  const s = Math.max(0.8, 0.2 * ctx.pxPerMm(0));
  const rect = ctx.rectOf(mask, 3 * 2.5 * s);
  if (!rect) return [];
  const inner = ctx.blur('uv', 'porphyrin', 0, s, rect);
  const outer = ctx.blur('uv', 'porphyrin', 0, 2.5 * s, rect);
  // The DoG of a matched dot is about 0.35 of its peak glow: the threshold is MIN_PORPHYRIN at the peak.
  return detectBlobs({ inner, outer, innerSigma: s, mask, roi: rect, polarity: -1, minResponse: MIN_PORPHYRIN * 0.35 }).map((b) => ({ x: b.x, y: b.y, glow: b.response / 0.35 }));
}
