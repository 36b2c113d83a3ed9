// The glasses heuristic (docs/vision-face.md, "Glasses") on the fixtures as they are (no glasses)
// and with frames or sunglasses drawn on at the landmarks: a check of the cues and thresholds on
// synthetic glasses, not a measure of accuracy on real ones.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeFace } from '../../../vision/face/analyze.ts';
import type { FaceAnalysis } from '../../../vision/face/analyze.ts';
import { fixtureBytes, fixtureImage, SINGLE_FACE } from './helpers.ts';
import { glassesSvg, withOverlay } from './overlays.ts';

const base = new Map<string, FaceAnalysis>();

beforeAll(async () => {
  for (const file of SINGLE_FACE) base.set(file, await analyzeFace(await fixtureImage(file), { eyeModel: 'mesh' }));
});

async function wearing(file: string, tinted: boolean): Promise<FaceAnalysis> {
  const face = base.get(file)!;
  const svg = glassesSvg(face.imageWidth, face.imageHeight, face.landmarks, tinted);
  return analyzeFace(await withOverlay(fixtureBytes(file), svg), { eyeModel: 'mesh' });
}

describe('glasses', () => {
  it.each(SINGLE_FACE)('reads %s as wearing none', (file) => {
    const g = base.get(file)!.glasses;
    expect(g.none).toBeGreaterThan(0.8);
    expect(g.none + g.normal + g.sunglasses).toBeCloseTo(1, 6);
  });

  it.each(SINGLE_FACE)('reads %s with a drawn frame as normal glasses', async (file) => {
    const g = (await wearing(file, false)).glasses;
    expect(g.normal).toBeGreaterThan(0.8);
    expect(g.none + g.normal + g.sunglasses).toBeCloseTo(1, 6);
  });

  it.each(SINGLE_FACE)('reads %s with drawn dark lenses as sunglasses', async (file) => {
    const g = (await wearing(file, true)).glasses;
    expect(g.sunglasses).toBeGreaterThan(0.8);
  });
});
