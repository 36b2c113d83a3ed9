// 640x480 preview-like frames made from the face fixtures: each portrait scaled to 360 px high and
// pasted on a grey background at a different place, each group photo fitted into the frame. Kept
// as JPEG bytes (what a camera or upload delivers) and decoded.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { decodeImage } from '../../vision/image/decode.ts';
import type { DecodedImage } from '../../vision/image/decode.ts';
import { FACE_FIXTURES } from '../../test/fixtures/faces/manifest.ts';

export const FRAME_WIDTH = 640;
export const FRAME_HEIGHT = 480;

export interface Frame {
  readonly label: string;
  readonly jpeg: Buffer;
  readonly image: DecodedImage;
}

const FIXTURE_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/faces');

export async function makeFrames(): Promise<Frame[]> {
  const frames: Frame[] = [];
  let k = 0;
  for (const fixture of FACE_FIXTURES) {
    const source = readFileSync(join(FIXTURE_DIR, fixture.file));
    let jpeg: Buffer;
    if (fixture.faces === 1) {
      const face = await sharp(source).resize({ height: 360 }).toBuffer();
      const { width = 360 } = await sharp(face).metadata();
      const left = Math.round(((k * 97) % Math.max(1, FRAME_WIDTH - width)) as number);
      const top = 20 + ((k * 37) % 80);
      const canvas = sharp({ create: { width: FRAME_WIDTH, height: FRAME_HEIGHT, channels: 3, background: '#6e6e6e' } });
      jpeg = await canvas.composite([{ input: face, left, top }]).jpeg({ quality: 85 }).toBuffer();
      k++;
    } else {
      jpeg = await sharp(source).resize(FRAME_WIDTH, FRAME_HEIGHT, { fit: 'contain', background: '#6e6e6e' }).jpeg({ quality: 85 }).toBuffer();
    }
    frames.push({ label: fixture.file, jpeg, image: await decodeImage(jpeg) });
  }
  return frames;
}
