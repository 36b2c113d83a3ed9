// Fixture access for the vision/face tests: the real face photos of test/fixtures/faces and
// transformed copies of them (mirrored, rotated, blurred) made with sharp.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { decodeImage } from '../../../vision/image/decode.ts';
import type { DecodedImage } from '../../../vision/image/decode.ts';
import { FACE_FIXTURES } from '../../fixtures/faces/manifest.ts';

export const FIXTURE_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/faces');

export const SINGLE_FACE = FACE_FIXTURES.filter((f) => f.faces === 1).map((f) => f.file);
export const FRONTAL = FACE_FIXTURES.filter((f) => f.pose === 'frontal').map((f) => f.file);
export const GROUPS = FACE_FIXTURES.filter((f) => f.faces > 1);

export function fixtureBytes(file: string): Buffer {
  return readFileSync(join(FIXTURE_DIR, file));
}

export function fixtureImage(file: string): Promise<DecodedImage> {
  return decodeImage(fixtureBytes(file));
}

/** Re-encodes after a sharp transformation; PNG so that no JPEG loss is added on top. */
export async function transformed(file: string, edit: (s: sharp.Sharp) => sharp.Sharp): Promise<DecodedImage> {
  return decodeImage(await edit(sharp(fixtureBytes(file))).png().toBuffer());
}

/** Smallest absolute difference of two angles in degrees. */
export function angleDiff(a: number, b: number): number {
  const d = (((a - b) % 360) + 540) % 360 - 180;
  return Math.abs(d);
}
