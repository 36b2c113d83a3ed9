/**
 * A view's photos are decoded while its face is found (platform/analysis/jobs/skin-jobs.ts): the
 * reference photo whole, the face on it, the other lights meanwhile, those read only at millimetre
 * scale shrunk on load as far as the face keeps the working image's resolution (issue 12: a
 * five-light 12 MP view within 1.5 s). The shrink must not change what the analysis finds, and a
 * wrong first guess of the face's size from the detector must not change the images.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DIMENSION_IDS } from '../../../protocol/enums/dimensions.ts';
import type { LightSource } from '../../../protocol/skin-api/api-codes.ts';
import { decodeView } from '../../../platform/analysis/jobs/skin-jobs.ts';
import type { SkinViewJobPayload } from '../../../platform/analysis/job-types.ts';
import { JobError } from '../../../platform/analysis/jobs/job-errors.ts';
import { decodeImage } from '../../../vision/image/decode.ts';
import { FACE_WIDTH_PX, analyseView, decodeShrink } from '../../../vision/skin/index.ts';
import type { FaceGeometry } from '../../../vision/types.ts';

const SIDE = 3000; // the face spans more than twice the working width here
const source = readFileSync(new URL('../../fixtures/faces/sample6-frontal.jpg', import.meta.url));

async function payloadOf(side: number, uv?: Uint8Array): Promise<SkinViewJobPayload> {
  const face = await sharp(source).resize(side, side, { fit: 'cover', kernel: 'lanczos3' }).jpeg({ quality: 95 }).toBuffer();
  const jpeg = async (s: sharp.Sharp) => new Uint8Array(await s.jpeg({ quality: 90 }).toBuffer());
  const photos: Partial<Record<LightSource, Uint8Array>> = {
    // uv first: the reference is white wherever it stands in the payload.
    uv: uv ?? (await jpeg(sharp(face).modulate({ brightness: 0.5, saturation: 0.6 }).tint({ r: 80, g: 60, b: 200 }))),
    white: await jpeg(sharp(face)),
    cross_polar: await jpeg(sharp(face).modulate({ brightness: 0.9, saturation: 1.3 })),
    parallel_polar: await jpeg(sharp(face).modulate({ brightness: 1.05, saturation: 0.8 })),
  };
  return { view: 'front', photos, dimensions: DIMENSION_IDS, format: 'annotation_image', namesLight: true };
}

/** A face whose landmarks span `width` px of a reference photo. */
const faceSpanning = (width: number): FaceGeometry => ({
  box: { left: 0, top: 0, width, height: width },
  landmarks: new Float32Array([0, 0, 0, width, width, 0]),
  pose: { pitch: 0, roll: 0, yaw: 0 },
});

describe('decoding a view', () => {
  it('shrinks by the largest power of two (at most 8) that keeps the face at the working width, scaled to the photo', () => {
    expect(decodeShrink(faceSpanning(FACE_WIDTH_PX * 2 - 1), 4000, 4000)).toBe(1);
    expect(decodeShrink(faceSpanning(FACE_WIDTH_PX * 2), 4000, 4000)).toBe(2);
    expect(decodeShrink(faceSpanning(FACE_WIDTH_PX * 5), 4000, 4000)).toBe(4);
    expect(decodeShrink(faceSpanning(FACE_WIDTH_PX * 40), 40_000, 40_000)).toBe(8);
    // A photo of the same frame at half the reference's width holds the face at half the size.
    expect(decodeShrink(faceSpanning(FACE_WIDTH_PX * 4), 4000, 2000)).toBe(2);
  });

  it('decodes the reference and the texture light whole, the others shrunk, and finds the same as whole decoding', async () => {
    const payload = await payloadOf(SIDE);
    const { images, face } = await decodeView(payload);
    expect(images.white?.width).toBe(SIDE);
    expect(images.parallel_polar?.width).toBe(SIDE);
    const k = decodeShrink(face, SIDE, SIDE);
    expect(k).toBeGreaterThanOrEqual(2);
    expect(images.uv?.width).toBe(SIDE / k);
    expect(images.cross_polar?.width).toBe(SIDE / k);

    const whole: Partial<Record<LightSource, Awaited<ReturnType<typeof decodeImage>>>> = {};
    for (const [light, bytes] of Object.entries(payload.photos) as [LightSource, Uint8Array][]) whole[light] = await decodeImage(bytes);
    const options = { dimensions: DIMENSION_IDS, effectivePxPerMm: Infinity };
    const shrunk = analyseView({ images, face, view: 'front' }, options);
    const full = analyseView({ images: whole, face, view: 'front' }, options);
    expect(Object.keys(shrunk.dimensions).sort()).toEqual(Object.keys(full.dimensions).sort());
    for (const id of DIMENSION_IDS) {
      const a = full.dimensions[id];
      const b = shrunk.dimensions[id];
      if (!a || !b) continue;
      expect(b.level, id).toBe(a.level);
      expect(Math.abs(b.score - a.score), id).toBeLessThanOrEqual(1.5);
    }
  }, 60_000);

  it('fails on the first undecodable photo in the payload order, whichever finished first', async () => {
    const payload = await payloadOf(800, new Uint8Array([0xff, 0xd8, 0xff, 0x00, 1, 2, 3]));
    payload.photos.cross_polar = new Uint8Array([1, 2, 3, 4]);
    const failure = await decodeView(payload).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(JobError);
    expect((failure as JobError).field).toBe('uv_front');
  }, 30_000);

  it('fails on the reference photo before any other, and on its face before the other photos', async () => {
    const broken = await payloadOf(800);
    broken.photos.white = new Uint8Array([1, 2, 3, 4]);
    broken.photos.uv = new Uint8Array([5, 6, 7, 8]);
    expect(((await decodeView(broken).catch((error: unknown) => error)) as JobError).field).toBe('white_front');
    const faceless = await payloadOf(800);
    faceless.photos.white = new Uint8Array(await sharp({ create: { width: 800, height: 800, channels: 3, background: '#c89f8a' } }).jpeg().toBuffer());
    faceless.photos.uv = new Uint8Array([5, 6, 7, 8]);
    const failure = (await decodeView(faceless).catch((error: unknown) => error)) as JobError;
    expect(failure.field).toBe('white_front');
    expect(failure.detail).toMatch(/no face/);
  }, 30_000);

  it('decodes again at the landmarks\' factor when the guess from the detector was wrong', async () => {
    const payload = await payloadOf(SIDE);
    const right = await decodeView(payload);
    const k = decodeShrink(right.face, SIDE, SIDE);
    // Guesses far too small (no shrink) and far too large (the most shrink) both end in the same images.
    for (const factor of [0.1, 10]) {
      const { images } = await decodeView(payload, (detection) => detection.box.width * factor);
      for (const light of ['uv', 'cross_polar', 'parallel_polar'] as const) {
        expect(images[light]?.width, `${light} guessed x${factor}`).toBe(right.images[light]?.width);
        expect(Buffer.compare(Buffer.from(images[light]!.data), Buffer.from(right.images[light]!.data)), light).toBe(0);
      }
      expect(images.uv?.width).toBe(SIDE / k);
    }
  }, 60_000);
});
