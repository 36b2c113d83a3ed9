// Fixture faces with landmarks, for the skin tests: decode, find the face with the stand-in
// landmarker (face-landmarks.ts), cache per file and width within a test process.
import type { FaceGeometry, RgbImage } from '../../../../vision/types.ts';
import { FaceLandmarker } from './face-landmarks.ts';
import { loadFixture } from './images.ts';

export interface FixtureFace {
  readonly image: RgbImage;
  readonly face: FaceGeometry;
}

let landmarker: Promise<FaceLandmarker> | null = null;
const cache = new Map<string, Promise<FixtureFace>>();

export function fixtureFace(file: string, width?: number): Promise<FixtureFace> {
  const key = `${file}@${width ?? 'native'}`;
  let known = cache.get(key);
  if (!known) {
    known = (async () => {
      landmarker ??= FaceLandmarker.create();
      const image = await loadFixture(file, width);
      const face = await (await landmarker).detect(image);
      if (!face) throw new Error(`no face found in ${file}`);
      return { image, face };
    })();
    cache.set(key, known);
  }
  return known;
}

export async function releaseLandmarker(): Promise<void> {
  if (landmarker) await (await landmarker).release();
  landmarker = null;
  cache.clear();
}
