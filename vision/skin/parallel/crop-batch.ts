/**
 * A view's working crops (resampleFrame of each light other than the reference) shared between
 * the analysis thread and a helper thread through shared memory, so the helper resamples on the
 * second core while the analysis thread builds the reference's crop and the skin masks
 * (docs/vision-skin.md, "Resampling the lights on the second core"). Each crop is made once, by
 * whichever thread claims it first: the analysis thread claims a crop it needs that the helper
 * has not started, and waits for one the helper is making. Either thread runs the same
 * resampleFrame on the same pixels, so the planes are the same whoever made them.
 */
import type { RgbImage } from '../../types.ts';
import type { LabPlanes, RgbPlanes } from '../image/color.ts';
import { halveRgb, rgbToLab } from '../image/color.ts';
import type { WorkFrame } from '../image/frame.ts';
import { resampleFrame, rgbPlanes } from '../image/frame.ts';
import type { Plane } from '../image/plane.ts';

/**
 * One crop to make: a light's image (copied to shared memory), its frame and its output planes
 * (every buffer may be larger than needed). The helper also makes the crop's coarse level and
 * its L*a*b* there, which the colour measures read on every light (SkinContext.rgb(light, 1) and
 * lab(light, 1)); the analysis thread makes them itself for a crop it made.
 */
export interface CropItem {
  readonly width: number;
  readonly height: number;
  /** The image's interleaved RGB bytes. */
  readonly pixels: SharedArrayBuffer;
  readonly frame: WorkFrame;
  /** The crop's r, g and b planes, one after the other (rgbPlanes). */
  readonly planes: SharedArrayBuffer;
  /** Its coarse level (halveRgb), then that level's L*, a*, b*: six planes of a quarter of the crop's size. */
  readonly coarse: SharedArrayBuffer;
}

/** The planes the helper made of one light. */
export interface MadePlanes {
  readonly rgb: RgbPlanes;
  readonly half: RgbPlanes;
  readonly lab: LabPlanes;
}

/** What the helper thread receives: only shared buffers, so posting it copies no pixels. */
export interface CropBatch {
  /** One Int32 per item: FREE, HELPER, DONE, HERE (who claimed it and whether it is made). */
  readonly state: SharedArrayBuffer;
  readonly items: readonly CropItem[];
}

export const FREE = 0;
/** Claimed by the helper thread, being made. */
export const HELPER = 1;
/** Made by the helper thread: the item's shared planes hold the crop. */
export const DONE = 2;
/** Claimed by the analysis thread, which makes it itself. */
export const HERE = 3;
/** The helper failed on it: the analysis thread makes it itself. */
export const FAILED = 4;

/**
 * The crops of `jobs`, in their order, with the images copied into `buffers`' shared memory
 * (grown where too small). The buffers are reused view after view: memory touched for the first
 * time costs about 4 ms per megabyte on this machine's virtual machine (a page fault per 4 KB,
 * served by the host), which made a fresh 63 MB copy of a five-light view's images cost 50-280
 * ms, more than the resampling it moves.
 */
export function cropBatch(jobs: readonly { readonly image: RgbImage; readonly frame: WorkFrame }[], buffers: CropBuffers): CropBatch {
  const items = jobs.map(({ image, frame }, i) => {
    const pixels = grown(buffers.pixels, i, image.data.length);
    new Uint8Array(pixels, 0, image.data.length).set(image.data);
    const coarse = 6 * 4 * (frame.width >> 1) * (frame.height >> 1);
    return { width: image.width, height: image.height, pixels, frame, planes: grown(buffers.planes, i, 12 * frame.width * frame.height), coarse: grown(buffers.coarse, i, coarse) };
  });
  return { state: new SharedArrayBuffer(4 * Math.max(1, items.length)), items };
}

/** Shared buffers kept from one batch to the next, by item. */
export interface CropBuffers {
  readonly pixels: SharedArrayBuffer[];
  readonly planes: SharedArrayBuffer[];
  readonly coarse: SharedArrayBuffer[];
}

function grown(pool: SharedArrayBuffer[], i: number, bytes: number): SharedArrayBuffer {
  const kept = pool[i];
  if (kept && kept.byteLength >= bytes) return kept;
  const made = new SharedArrayBuffer(bytes);
  pool[i] = made;
  return made;
}

/** The item's image, a view of its shared pixels. */
export function imageOf(item: CropItem): RgbImage {
  return { width: item.width, height: item.height, data: new Uint8Array(item.pixels, 0, item.width * item.height * 3) };
}

export function planesOf(item: CropItem): RgbPlanes {
  return rgbPlanes(item.frame.width, item.frame.height, item.planes);
}

/** The crop, its coarse level and that level's L*a*b*, as views of the item's shared buffers. */
export function madeOf(item: CropItem): MadePlanes {
  const width = item.frame.width >> 1;
  const height = item.frame.height >> 1;
  const n = width * height;
  const plane = (k: number): Float32Array => new Float32Array(item.coarse, 4 * k * n, n);
  const lab = (k: number): Plane => ({ width, height, data: plane(k) });
  return { rgb: planesOf(item), half: { width, height, r: plane(0), g: plane(1), b: plane(2) }, lab: { L: lab(3), a: lab(4), b: lab(5) } };
}

/** The crop's coarse level and its L*a*b*, computed as SkinContext computes them, copied into the item's planes. */
function makeCoarse(made: MadePlanes): void {
  const half = halveRgb(made.rgb);
  const lab = rgbToLab(half);
  made.half.r.set(half.r);
  made.half.g.set(half.g);
  made.half.b.set(half.b);
  made.lab.L.data.set(lab.L.data);
  made.lab.a.data.set(lab.a.data);
  made.lab.b.data.set(lab.b.data);
}

/** The helper thread's side: makes every item nobody has claimed yet, in order. */
export function makeFreeCrops(batch: CropBatch): void {
  const state = new Int32Array(batch.state);
  batch.items.forEach((item, i) => {
    if (Atomics.compareExchange(state, i, FREE, HELPER) !== FREE) return;
    let outcome = DONE;
    try {
      const made = madeOf(item);
      resampleFrame(imageOf(item), item.frame, made.rgb);
      makeCoarse(made);
    } catch {
      outcome = FAILED;
    }
    Atomics.store(state, i, outcome);
    Atomics.notify(state, i);
  });
}
