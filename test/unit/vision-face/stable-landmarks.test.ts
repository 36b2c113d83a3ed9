// Stable landmarks for stills (issue 12): the mirror map is the mesh's left-right symmetry, and
// analyzeFace's averaged landmarks hold still under the small changes a re-take or a re-save makes
// (reframing 1-3 %, rescale +-5 %, brightness +-10 %, JPEG 95 -> 80) on camera-sized stills.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeFace } from '../../../vision/face/analyze.ts';
import { REFERENCE_POINTS } from '../../../vision/face/canonical.ts';
import { UNDER_EYE } from '../../../vision/face/landmark-indices.ts';
import { estimateLandmarks } from '../../../vision/face/mesh.ts';
import { MIRROR_INDEX } from '../../../vision/face/mirror.ts';
import { landmarkBox, regionFromLandmarks } from '../../../vision/face/region.ts';
import { trimmedMean } from '../../../vision/face/stable.ts';
import { measureStability, perturbedStills } from '../../../bench/vision-face/stability.ts';
import type { PerturbedStill, StabilityRow } from '../../../bench/vision-face/stability.ts';
import { fixtureBytes, fixtureImage } from './helpers.ts';

describe('MIRROR_INDEX', () => {
  it('is its own inverse and pairs the canonical model\'s points with their x = -x partners', () => {
    expect(MIRROR_INDEX).toHaveLength(468);
    for (let i = 0; i < 468; i++) expect(MIRROR_INDEX[MIRROR_INDEX[i]!]).toBe(i);
    const ref = new Map(REFERENCE_POINTS.map(([i, x, y, z]) => [i, [x, y, z] as const]));
    for (const [i, x, y, z] of REFERENCE_POINTS) {
      const partner = ref.get(MIRROR_INDEX[i]!);
      expect(partner, `partner of ${i}`).toBeDefined();
      expect(partner![0]).toBeCloseTo(-x, 4);
      expect(partner![1]).toBeCloseTo(y, 4);
      expect(partner![2]).toBeCloseTo(z, 4);
    }
    expect([MIRROR_INDEX[33], MIRROR_INDEX[133], MIRROR_INDEX[61], MIRROR_INDEX[1], MIRROR_INDEX[152]]).toEqual([263, 362, 291, 1, 152]);
  });
});

describe('estimateLandmarks on the mirrored crop', () => {
  it('puts every landmark back where the plain crop puts it (mean distance under 1.5 % of the face width)', async () => {
    // A wrong mirror map or flip would swap the eyes: tens of percent.
    const image = await fixtureImage('astronaut-frontal.jpg');
    const first = await analyzeFace(image, { eyeModel: 'mesh', stableLandmarks: false });
    const region = regionFromLandmarks(first.landmarks);
    const [plain, mirrored] = [await estimateLandmarks(image, region), await estimateLandmarks(image, region, undefined, true)];
    expect(mirrored.faceScore).toBeGreaterThan(0.9);
    let sum = 0;
    for (let i = 0; i < 468; i++) sum += Math.hypot(mirrored.landmarks[3 * i]! - plain.landmarks[3 * i]!, mirrored.landmarks[3 * i + 1]! - plain.landmarks[3 * i + 1]!);
    expect(sum / 468 / landmarkBox(plain.landmarks).width).toBeLessThan(0.015);
  });
});

describe('trimmedMean', () => {
  it('drops the lowest and highest value per coordinate from five runs on, averages plainly below', () => {
    const run = (v: number): Float32Array => new Float32Array(468 * 3).fill(v);
    expect(trimmedMean([run(1), run(2), run(3), run(4), run(100)])[0]).toBeCloseTo(3, 5);
    expect(trimmedMean([run(1), run(2), run(3), run(6)])[7]).toBeCloseTo(3, 5);
  });
});

/**
 * Thresholds from the measurement (docs/vision-face.md, "Stable landmarks"): on 1600 px stills,
 * averaged landmarks jitter 0.13 % (astronaut) and 0.15 % (sample3) of the eye distance, single
 * runs 0.47 % and 0.86 %. The bound leaves about twice the measured value; the averaged path must
 * also stay under half the single run's jitter on the same stills.
 */
const MAX_JITTER = 0.003;

describe('analyzeFace landmarks under small changes of a 1600 px still', () => {
  const files = ['astronaut-frontal.jpg', 'sample3-frontal-smile.jpg'];
  const stills = new Map<string, readonly PerturbedStill[]>();
  const under = [...UNDER_EYE.left, ...UNDER_EYE.right];
  let stable: StabilityRow[];
  let single: StabilityRow[];

  beforeAll(async () => {
    for (const f of files) stills.set(f, await perturbedStills(fixtureBytes(f), 1600));
    const get = async (f: string): Promise<readonly PerturbedStill[]> => stills.get(f)!;
    stable = await measureStability(files, get, (image) => analyzeFace(image, { eyeModel: 'mesh' }), under);
    single = await measureStability(files, get, (image) => analyzeFace(image, { eyeModel: 'mesh', stableLandmarks: false }), under);
  }, 60_000);

  it.each(files.map((f, k) => [f, k] as const))('keeps the jitter of %s under 0.3 % of the eye distance and under half the single run\'s', (_file, k) => {
    expect(stills.get(files[k]!)!.length).toBe(9);
    expect(stable[k]!.jitter).toBeLessThan(MAX_JITTER);
    expect(stable[k]!.jitter).toBeLessThan(single[k]!.jitter / 2);
    expect(stable[k]!.underEye).toBeLessThan(single[k]!.underEye / 2);
    expect(stable[k]!.pitchSd).toBeLessThan(0.3);
  });
});
