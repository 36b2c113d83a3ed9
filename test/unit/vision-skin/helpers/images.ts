// Decoding and encoding for the skin tests and benchmark: sharp turns files into the RgbImage
// contract (vision/types.ts) and back.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { RgbImage } from '../../../../vision/types.ts';

export const FACE_FIXTURE_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../fixtures/faces');

export async function decodeRgb(input: string | Buffer, resizeWidth?: number): Promise<RgbImage> {
  let pipeline = sharp(input).removeAlpha();
  if (resizeWidth !== undefined) pipeline = pipeline.resize({ width: resizeWidth, kernel: 'lanczos3' });
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`expected RGB, got ${info.channels} channels`);
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

export function loadFixture(file: string, resizeWidth?: number): Promise<RgbImage> {
  return decodeRgb(join(FACE_FIXTURE_DIR, file), resizeWidth);
}

export async function encodeJpeg(image: RgbImage, quality = 92): Promise<Buffer> {
  return sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), { raw: { width: image.width, height: image.height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

export async function writePng(image: RgbImage, path: string, svgOverlay?: string): Promise<void> {
  let pipeline = sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), { raw: { width: image.width, height: image.height, channels: 3 } });
  if (svgOverlay) pipeline = pipeline.composite([{ input: Buffer.from(svgOverlay), top: 0, left: 0 }]);
  await pipeline.png().toFile(path);
}

export function copyImage(image: RgbImage): RgbImage {
  return { width: image.width, height: image.height, data: new Uint8Array(image.data) };
}
