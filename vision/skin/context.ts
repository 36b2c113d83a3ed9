import type { LightSource } from '../../protocol/skin-api/api-codes.ts';
import { LIGHT_SOURCES } from '../../protocol/skin-api/api-codes.ts';
import type { Point2, RgbImage } from '../types.ts';
import type { LabPlanes, RgbPlanes } from './image/color.ts';
import { halveRgb, porphyrinPlane, rgbToL, rgbToLab } from './image/color.ts';
import { gaussianBlur } from './image/filters.ts';
import type { WorkFrame } from './image/frame.ts';
import { FACE_WIDTH_PX, frameOnImage, resampleFrame, toSource, workFrame } from './image/frame.ts';
import type { Mask, Plane, Rect } from './image/plane.ts';
import { erode, halve, maskBounds, maskCount, scanRect } from './image/plane.ts';
import { balancedLab, REFERENCE_SKIN_LAB } from './measure/balance.ts';
import { IPD_MM } from './regions/geometry.ts';
import type { RegionId, SkinRegions } from './regions/regions.ts';
import { skinRegions } from './regions/regions.ts';
import { buildSkinMasks, regionMask } from './skin-mask.ts';
import type { SkinMasks } from './skin-mask.ts';
import type { SkinViewInput } from './types.ts';

/**
 * decision: the landmarks' box of an upright frontal face is about 2.15 interpupillary distances
 * wide (2.13 and 2.18 on the frontal fixtures astronaut and faceid-man, head level); turned or
 * tilted faces read wider, up to 2.6 at a 45 degree tilt (D-126).
 */
const UPRIGHT_BOX_IPD = 2.15;

export type Channel = 'L' | 'a' | 'b' | 'porphyrin';

/** A light's working crop to make: resampleFrame of `image` over `frame` (SkinContext.frameOn). */
export interface CropJob {
  readonly light: LightSource;
  readonly image: RgbImage;
  readonly frame: WorkFrame;
}

/** A light's crop made elsewhere, and its coarse level and that level's L*a*b* when they were made with it. */
export interface CropPlanes {
  readonly rgb: RgbPlanes;
  readonly half?: RgbPlanes;
  readonly lab?: LabPlanes;
}

/** Working crops made on another thread (parallel/crop-helper.ts); undefined for a light it was not given. */
export interface CropSource {
  take(light: LightSource): CropPlanes | undefined;
}

/** Starts making the given crops elsewhere as soon as the view's frame is known. */
export interface CropSharing {
  share(jobs: readonly CropJob[]): CropSource;
}

/** decision: a resampled value this close to 255 was clipped in at least part of its pixels. */
const CLIPPED = 250;
/** decision: a pixel this much lighter (L*) than the face's median skin and with at most this share of its colour is a highlight, not skin colour. */
const HIGHLIGHT_DL = 10;
const HIGHLIGHT_CHROMA = 0.6;
/** 0: the working resolution (fine texture); 1: half of it (millimetre-sized features). */
export type Level = 0 | 1;

/**
 * Everything the analysers of one view share, computed lazily and once: the working crops of
 * each light source, their L*a*b* planes, blurred planes (keyed by light, channel, level, sigma
 * and area), the skin and region masks. Analysers ask for what they need; the first asker pays.
 */
export class SkinContext {
  readonly reference: LightSource;
  readonly frame: WorkFrame;
  readonly regions: SkinRegions;
  private readonly referenceImage: RgbImage;
  private readonly cache = new Map<string, unknown>();
  private readonly bounds = new WeakMap<Mask, Rect | null>();
  private readonly crops: CropSource | undefined;

  constructor(
    readonly input: SkinViewInput,
    private readonly faceWidthPx: number = FACE_WIDTH_PX,
    /** A known effective resolution (AnalyseOptions.effectivePxPerMm), instead of the estimate. */
    readonly knownPxPerMm?: number,
    /** Where the other lights' crops are made while this thread works on the reference's (AnalyseOptions.cropSharing). */
    cropSharing?: CropSharing,
  ) {
    const ref = LIGHT_SOURCES.find((l) => input.images[l] !== undefined);
    const image = ref ? input.images[ref] : undefined;
    if (!ref || !image) throw new Error('skin analysis needs at least one image');
    this.reference = ref;
    this.referenceImage = image;
    this.regions = skinRegions(input.face);
    this.frame = workFrame(input.face, image.width, image.height, faceWidthPx);
    const others = this.lights.flatMap((light) => {
      const other = input.images[light];
      return light === ref || !other ? [] : [{ light, image: other, frame: this.frameOn(other) }];
    });
    this.crops = cropSharing && others.length > 0 ? cropSharing.share(others) : undefined;
  }

  get imageWidth(): number {
    return this.referenceImage.width;
  }

  get imageHeight(): number {
    return this.referenceImage.height;
  }

  /** Light sources present, in LIGHT_SOURCES order. */
  get lights(): LightSource[] {
    return LIGHT_SOURCES.filter((l) => this.input.images[l] !== undefined);
  }

  has(light: LightSource): boolean {
    return this.input.images[light] !== undefined;
  }

  /** The first present source of `preferences`, else the reference (white when present). */
  pick(preferences: readonly LightSource[]): LightSource {
    return preferences.find((l) => this.has(l)) ?? this.reference;
  }

  /** Source pixels per millimetre, from the interpupillary distance. */
  get sourcePxPerMm(): number {
    return this.regions.axes.ipd / IPD_MM;
  }

  /**
   * Working pixels per millimetre of an upright frontal face (UPRIGHT_BOX_IPD) at the working
   * frame's full width: the most detail this analysis reads, from any distance, camera or pose
   * (D-126). A face as posed reads at most `pxPerMm(0)` once it fills the frame; a turned or
   * tilted head widens the landmarks' box and lowers that.
   */
  get uprightFrameLimitPxPerMm(): number {
    return this.faceWidthPx / (UPRIGHT_BOX_IPD * IPD_MM);
  }

  pxPerMm(level: Level): number {
    return (this.sourcePxPerMm * this.frame.scale) / (level === 0 ? 1 : 2);
  }

  /** Pixels at `level` of a length in millimetres, never below `min`. */
  px(mm: number, level: Level, min = 0.7): number {
    return Math.max(min, mm * this.pxPerMm(level));
  }

  size(level: Level): { width: number; height: number } {
    const p = this.rgb(this.reference, level);
    return { width: p.width, height: p.height };
  }

  memo<T>(key: string, make: () => T): T {
    if (this.cache.has(key)) return this.cache.get(key) as T;
    const value = make();
    this.cache.set(key, value);
    return value;
  }

  rgb(light: LightSource, level: Level = 0): RgbPlanes {
    if (level === 1) return this.memo(`rgb:${light}:1`, () => halveRgb(this.rgb(light, 0)));
    return this.memo(`rgb:${light}`, () => {
      const image = this.input.images[light] ?? this.referenceImage;
      const made = this.crops?.take(light);
      if (!made) return resampleFrame(image, this.frameOn(image));
      // The same planes rgb(light, 1) and lab(light, 1) would compute from this crop.
      if (made.half) this.cache.set(`rgb:${light}:1`, made.half);
      if (made.lab) this.cache.set(`lab:${light}:1`, made.lab);
      return made.rgb;
    });
  }

  /** The working frame on `image`, a photo of this view: another source's image of a different size is the same frame scaled. */
  frameOn(image: RgbImage): WorkFrame {
    return frameOnImage(this.frame, image.width / this.referenceImage.width);
  }

  /** L*a*b* planes; at the fine level only L* is usually needed (channel()), so a* and b* are made on demand. */
  lab(light: LightSource, level: Level): LabPlanes {
    return this.memo(`lab:${light}:${level}`, () => rgbToLab(this.rgb(light, level)));
  }

  channel(light: LightSource, channel: Channel, level: Level): Plane {
    if (channel === 'L' && level === 0) return this.memo(`L:${light}:0`, () => rgbToL(this.rgb(light, 0)));
    if (channel !== 'porphyrin') return this.lab(light, level)[channel];
    return this.memo(`porphyrin:${light}:${level}`, () => (level === 0 ? porphyrinPlane(this.rgb(light)) : halve(this.channel(light, 'porphyrin', 0))));
  }

  /**
   * Gaussian blur of a channel. At the fine level only `rect` is computed (cached per rectangle);
   * at the coarse level the whole frame is, so every measure asking for a sigma shares one blur
   * (the coarse frame is a quarter of the fine one, and the sigmas are chosen to coincide).
   */
  blur(light: LightSource, channel: Channel, level: Level, sigma: number, rect: Rect): Plane {
    const { width, height } = this.size(level);
    const area = level === 1 ? { x0: 0, y0: 0, x1: width, y1: height } : rect;
    const key = `blur:${light}:${channel}:${level}:${sigma.toFixed(3)}:${area.x0},${area.y0},${area.x1},${area.y1}`;
    return this.memo(key, () => gaussianBlur(this.channel(light, channel, level), sigma, area));
  }

  private masks(): SkinMasks {
    return this.memo('masks', () => buildSkinMasks(this));
  }

  /** The coarse skin mask (fine-level regions read it through regionMask). */
  skinMask(): Mask {
    return this.masks().coarse;
  }

  regionMask(id: RegionId, level: Level): Mask {
    return this.memo(`region:${id}:${level}`, () => regionMask(this, id, level, this.skinMask()));
  }

  /** A region's mask eroded by r pixels (lines keep off the edges of eyes, brows and lips). */
  eroded(id: RegionId, level: Level, r: number): Mask {
    return this.memo(`eroded:${id}:${level}:${r}`, () => erode(this.regionMask(id, level), r));
  }

  /**
   * A region's polygon over the skin mask eroded by r pixels (of `level`): kept r off the eyes,
   * brows, lips, nostrils and the face's outline, but not off the polygon's own sides, which run
   * through plain skin. For the narrow corridors of folds and creases (8 to 13 mm wide), which an
   * erosion of their own polygon by two of their sigmas (4 mm) emptied: the tear trough kept no
   * pixel on any face.
   */
  erodedFromSkinEdges(id: RegionId, level: Level, r: number): Mask {
    return this.memo(`eroded-skin:${id}:${level}:${r}`, () => {
      const skin = this.memo(`skin-eroded:${level}:${r}`, () => erode(this.skinMask(), level === 1 ? r : Math.ceil(r / 2)));
      return regionMask(this, id, level, skin);
    });
  }

  /** Set pixels of a region's mask. */
  count(id: RegionId, level: Level): number {
    return this.memo(`count:${id}:${level}`, () => maskCount(this.regionMask(id, level)));
  }

  /** Union of several regions' masks. */
  unionMask(ids: readonly RegionId[], level: Level): Mask {
    return this.memo(`union:${ids.join(',')}:${level}`, () => {
      const { width, height } = this.size(level);
      const data = new Uint8Array(width * height);
      let bounds = { x0: width, y0: height, x1: 0, y1: 0 };
      for (const id of ids) {
        const m = this.regionMask(id, level);
        const r = scanRect(m);
        bounds = { x0: Math.min(bounds.x0, r.x0), y0: Math.min(bounds.y0, r.y0), x1: Math.max(bounds.x1, r.x1), y1: Math.max(bounds.y1, r.y1) };
        for (let y = r.y0; y < r.y1; y++) for (let i = y * width + r.x0; i < y * width + r.x1; i++) if (m.data[i]) data[i] = 1;
      }
      if (bounds.x1 <= bounds.x0) bounds = { x0: 0, y0: 0, x1: 0, y1: 0 };
      return { width, height, data, bounds };
    });
  }

  /**
   * Pixels whose colour was recorded: no channel at or near 255, and (coarse level) not a
   * highlight. An overexposed patch (a highlight, or a face lit too brightly) has lost its red
   * first, so its a* and b* say nothing of the skin: colour measures leave it out. A highlight in
   * the camera's shoulder, short of 255, is as wrong: bright and washed out towards the light's
   * colour, it reads a* below 0 once the planes are balanced on the skin (measure/balance.ts),
   * and whether it falls under 250 changes with a tenth more or less exposure, which moved a
   * face's redness baseline by 6 a* units between two such captures (D-063).
   */
  unclipped(light: LightSource, level: Level): Mask {
    return this.memo(`unclipped:${light}:${level}`, () => {
      const { r, g, b, width, height } = this.rgb(light, level);
      const data = new Uint8Array(width * height);
      for (let i = 0; i < data.length; i++) data[i] = Math.max(r[i] as number, g[i] as number, b[i] as number) < CLIPPED ? 1 : 0;
      if (level === 1) this.dropHighlights(light, data);
      return { width, height, data, bounds: { x0: 0, y0: 0, x1: width, y1: height } };
    });
  }

  /**
   * Clears the pixels that are much lighter than the face's typical skin and hold much less of its
   * colour: specular highlights and near-clipped skin, whatever the skin's tone. Read on the planes
   * balanced on the skin (measure/balance.ts), where the light's colour and level are divided out,
   * so a coloured light moves no pixel in or out: there the typical skin is the reference colour,
   * and a highlight (the light's own colour) points away from it in a*b*.
   */
  private dropHighlights(light: LightSource, keep: Uint8Array): void {
    const lab = balancedLab(this, light, 1);
    const [, ra, rb] = REFERENCE_SKIN_LAB;
    const norm = ra * ra + rb * rb;
    for (let i = 0; i < keep.length; i++) {
      if (!keep[i]) continue;
      if ((lab.L.data[i] as number) < REFERENCE_SKIN_LAB[0] + HIGHLIGHT_DL) continue;
      // The pixel's colour along the skin's own a*b* direction, as a share of the skin's.
      const along = ((lab.a.data[i] as number) * ra + (lab.b.data[i] as number) * rb) / norm;
      if (along <= HIGHLIGHT_CHROMA) keep[i] = 0;
    }
  }

  /** A region set's mask without the pixels whose colour was clipped (unclipped()). */
  colourMask(light: LightSource, ids: readonly RegionId[], level: Level): Mask {
    return this.memo(`colourmask:${light}:${ids.join(',')}:${level}`, () => {
      const m = this.unionMask(ids, level);
      const ok = this.unclipped(light, level);
      const data = new Uint8Array(m.data.length);
      for (let i = 0; i < data.length; i++) data[i] = (m.data[i] as number) & (ok.data[i] as number);
      return { width: m.width, height: m.height, data, ...(m.bounds ? { bounds: m.bounds } : {}) };
    });
  }

  /** Fraction of the neck region that looks like skin (0 when the neck is covered or out of frame). */
  get neckVisibility(): number {
    return this.masks().neckVisibility;
  }

  /** Bounding rectangle of a mask, grown by `pad` pixels so blurs have context; null when empty. */
  rectOf(mask: Mask, pad: number): Rect | null {
    let tight = this.bounds.get(mask);
    if (tight === undefined) {
      tight = maskBounds(mask);
      this.bounds.set(mask, tight);
    }
    if (!tight) return null;
    const p = Math.ceil(pad);
    return { x0: Math.max(0, tight.x0 - p), y0: Math.max(0, tight.y0 - p), x1: Math.min(mask.width, tight.x1 + p), y1: Math.min(mask.height, tight.y1 + p) };
  }

  /**
   * Per pixel at `level`, 1 + the index in `regions` of the first region holding it (0: none): a
   * located finding's region is one lookup, not one mask per region.
   */
  labels(regions: readonly RegionId[], level: Level): Uint8Array {
    return this.memo(`labels:${regions.join(',')}:${level}`, () => {
      const { width, height } = this.size(level);
      const out = new Uint8Array(width * height);
      for (let k = regions.length - 1; k >= 0; k--) {
        const m = this.regionMask(regions[k] as RegionId, level);
        const r = scanRect(m);
        for (let y = r.y0; y < r.y1; y++) for (let i = y * width + r.x0; i < y * width + r.x1; i++) if (m.data[i]) out[i] = k + 1;
      }
      return out;
    });
  }

  toImage(level: Level, x: number, y: number): Point2 {
    const k = level === 0 ? 1 : 2;
    return toSource(this.frame, x * k, y * k);
  }

  toWork(level: Level, p: Point2): Point2 {
    const k = level === 0 ? 1 : 0.5;
    return { x: (p.x - this.frame.left) * this.frame.scale * k, y: (p.y - this.frame.top) * this.frame.scale * k };
  }
}
