// Face detection: faces in the fixture photos are found (all of them in the group photos), images
// without a face give none, the analysis API takes the largest face, and the anchor decoding and
// weighted NMS do what MediaPipe's do.
import { describe, expect, it } from 'vitest';
import { analyzeFace } from '../../../vision/face/analyze.ts';
import { decodeDetections, detectFaces } from '../../../vision/face/detector.ts';
import { NoFaceError } from '../../../vision/face/errors.ts';
import type { ModelOutput } from '../../../vision/face/models.ts';
import { IDENTITY } from '../../../vision/image/affine.ts';
import type { RgbImage } from '../../../vision/types.ts';
import { fixtureImage, GROUPS, SINGLE_FACE } from './helpers.ts';

function noiseImage(width: number, height: number, seed: number): RgbImage {
  let s = seed;
  const data = Uint8Array.from({ length: width * height * 3 }, () => (s = (s * 16807) % 2147483647) & 255);
  return { width, height, data };
}

function gradientImage(width: number, height: number): RgbImage {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set([(x * 255) / width, (y * 255) / height, 128], (y * width + x) * 3);
  return { width, height, data };
}

describe('detectFaces on the fixtures', () => {
  it.each(SINGLE_FACE)('finds the one face in %s, eyes ordered image left first', async (file) => {
    const image = await fixtureImage(file);
    const faces = await detectFaces(image);
    expect(faces).toHaveLength(1);
    const [face] = faces;
    expect(face!.score).toBeGreaterThan(0.5);
    const { box, keypoints } = face!;
    expect(box.width).toBeGreaterThan(image.width * 0.2);
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.left + box.width).toBeLessThanOrEqual(image.width);
    expect(keypoints).toHaveLength(6);
    expect(keypoints[0]!.x).toBeLessThan(keypoints[1]!.x);
    // Nose tip between the eyes horizontally and below them.
    expect(keypoints[2]!.y).toBeGreaterThan(Math.min(keypoints[0]!.y, keypoints[1]!.y));
  });

  it.each(GROUPS)('finds every face of $file ($faces faces), largest first', async ({ file, faces: count }) => {
    const faces = await detectFaces(await fixtureImage(file));
    expect(faces).toHaveLength(count);
    const areas = faces.map((f) => f.box.width * f.box.height);
    expect(areas).toEqual([...areas].sort((a, b) => b - a));
  });

  it('finds no face in noise or in a plain gradient', async () => {
    expect(await detectFaces(noiseImage(320, 240, 7))).toEqual([]);
    expect(await detectFaces(gradientImage(320, 240))).toEqual([]);
  });
});

describe('analyzeFace with no face or several faces', () => {
  it('throws NoFaceError when there is no face', async () => {
    await expect(analyzeFace(noiseImage(256, 256, 11))).rejects.toBeInstanceOf(NoFaceError);
    await expect(analyzeFace(gradientImage(400, 300))).rejects.toBeInstanceOf(NoFaceError);
  });

  it.each(GROUPS)('analyses the largest face of $file (decision: the nearest face is the customer)', async ({ file }) => {
    const image = await fixtureImage(file);
    const [largest] = await detectFaces(image);
    const face = await analyzeFace(image);
    expect(face.box).toEqual(largest!.box);
    // Its landmarks lie on that face: the nose tip (landmark 1) inside the largest detection's box.
    const [nx, ny] = [face.landmarks[3]!, face.landmarks[4]!];
    expect(nx).toBeGreaterThan(largest!.box.left);
    expect(nx).toBeLessThan(largest!.box.left + largest!.box.width);
    expect(ny).toBeGreaterThan(largest!.box.top);
    expect(ny).toBeLessThan(largest!.box.top + largest!.box.height);
  });
});

describe('decodeDetections', () => {
  function outputs(set: (logits: Float32Array, regressors: Float32Array) => void): Record<string, ModelOutput> {
    const logits = new Float32Array(512).fill(-50);
    const regressors = new Float32Array(512 * 16);
    set(logits, regressors);
    return {
      Identity: { data: logits, dims: [1, 512, 1] },
      Identity_2: { data: regressors, dims: [1, 512, 16] },
      Identity_1: { data: new Float32Array(384).fill(-50), dims: [1, 384, 1] },
      Identity_3: { data: new Float32Array(384 * 16), dims: [1, 384, 16] },
    };
  }

  it('decodes a box and keypoints against the anchor centre, with sigmoid scores', () => {
    // Anchor 34 is cell (1, 1) of the 16x16 grid: centre (24, 24) in the 256 input.
    const out = outputs((logits, reg) => {
      logits[34] = 2;
      reg.set([4, -2, 40, 30, -10, -5, 10, -5, 0, 5, 0, 12, -18, 0, 18, 0], 34 * 16);
    });
    const [face] = decodeDetections(out, IDENTITY);
    expect(face!.score).toBeCloseTo(1 / (1 + Math.exp(-2)), 6);
    const close = (v: number) => expect.closeTo(v, 4);
    expect(face!.box).toEqual({ left: close(8), top: close(7), width: close(40), height: close(30) });
    expect(face!.keypoints[0]).toEqual({ x: close(14), y: close(19) });
    expect(face!.keypoints[5]).toEqual({ x: close(42), y: close(24) });
  });

  it('merges overlapping candidates by score-weighted averaging (weighted NMS) and drops low scores', () => {
    const out = outputs((logits, reg) => {
      // Anchors 34 and 35 share cell (1, 1); 3:1 odds vs 1:1 odds.
      logits[34] = Math.log(3);
      logits[35] = 0.0001;
      reg.set([0, 0, 40, 40], 34 * 16);
      reg.set([4, 0, 40, 40], 35 * 16);
      logits[300] = -1; // score 0.27: below the default 0.5
    });
    const faces = decodeDetections(out, IDENTITY);
    expect(faces).toHaveLength(1);
    // x centre: (0.75 * 24 + 0.5 * 28) / 1.25 = 25.6; box 40 wide.
    expect(faces[0]!.box.left).toBeCloseTo(25.6 - 20, 4);
    expect(faces[0]!.score).toBeCloseTo(0.75, 6);
  });
});
