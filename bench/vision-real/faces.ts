// Loads the real-face set (test/fixtures/faces-real) and prepares each face as the bench analyses
// it: upscaled (lanczos) so the interpupillary distance spans 63 mm at TARGET_PX_PER_MM, the
// density the original report analysed at, then stored as a JPEG q95 "capture". The upscale adds
// no skin detail: a face photographed at 1 px/mm stays a 1 px/mm face, only resampled.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { analyzeFace } from '../../vision/face/index.ts';
import { decodeImage } from '../../vision/image/decode.ts';
import { IPD_MM, faceAxes } from '../../vision/skin/regions/geometry.ts';
import type { RgbImage } from '../../vision/types.ts';
import { HELD_OUT_FACES, REAL_FACES } from '../../test/fixtures/faces-real/manifest.ts';
import type { RealFace } from '../../test/fixtures/faces-real/manifest.ts';
import { cropFromSource } from '../../test/fixtures/faces-real/source.ts';

export const FACES_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/faces-real');
export const TARGET_PX_PER_MM = 4.5;
/** Quality of the prepared "capture" and of every perturbed or painted image derived from it. */
export const CAPTURE_QUALITY = 95;

export interface PreparedFace {
  readonly meta: RealFace;
  /** Measured on the stored crop: IPD in px / 63 mm. */
  readonly nativePxPerMm: number;
  readonly scale: number;
  /** The prepared capture as decoded pixels and as the JPEG bytes the analyses start from. */
  readonly image: RgbImage;
  readonly jpeg: Buffer;
}

/** Faces of the evaluation set, or with `heldOut` of the held-out set (manifest.ts, D-119). */
export function selectFaces(ids?: readonly string[], heldOut = false): RealFace[] {
  const set: readonly RealFace[] = heldOut ? HELD_OUT_FACES : REAL_FACES;
  if (!ids || ids.length === 0) return [...set];
  return ids.map((id) => {
    const f = set.find((r) => r.id === id);
    if (!f) throw new Error(`no ${heldOut ? 'held-out' : 'real'} face '${id}' (known: ${set.map((r) => r.id).join(', ')})`);
    return f;
  });
}

export function toJpeg(image: RgbImage, quality = CAPTURE_QUALITY): Promise<Buffer> {
  return sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), { raw: { width: image.width, height: image.height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

export async function rawOf(input: Buffer, resize?: { width: number; height: number }): Promise<RgbImage> {
  let p = sharp(input).removeAlpha();
  if (resize) p = p.resize(resize.width, resize.height, { fit: 'fill', kernel: 'lanczos3' });
  const { data, info } = await p.raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

/** Native density of a stored crop. Small crops are looked at twice as large, as the detector finds a face that fills the frame more reliably then. */
async function nativeDensity(file: Buffer): Promise<number> {
  const native = await decodeImage(file);
  const look = native.width < 300 ? await rawOf(file, { width: native.width * 2, height: native.height * 2 }) : native;
  const face = await analyzeFace(look);
  return faceAxes(face).ipd / IPD_MM / (look.width / native.width);
}

export async function prepareFace(meta: RealFace): Promise<PreparedFace> {
  const file = meta.file === null ? await cropFromSource(meta) : await readFile(join(FACES_DIR, meta.file));
  const nativePxPerMm = await nativeDensity(file);
  const scale = TARGET_PX_PER_MM / nativePxPerMm;
  const info = await sharp(file).metadata();
  const width = Math.round((info.width ?? 0) * scale);
  const height = Math.round((info.height ?? 0) * scale);
  const upscaled = await rawOf(file, { width, height });
  const jpeg = await toJpeg(upscaled);
  // The analyses start from the JPEG, so the reference pixels are the decoded JPEG, not the raw upscale.
  return { meta, nativePxPerMm, scale, image: await decodeImage(jpeg), jpeg };
}
