// Levels rise (never fall) as painted findings get stronger, and end above where they started.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DimensionId } from '../../../protocol/enums/dimensions.ts';
import { analyseView } from '../../../vision/skin/index.ts';
import type { FaceGeometry, RgbImage } from '../../../vision/types.ts';
import { fixtureFace, releaseLandmarker } from './helpers/faces.ts';
import type { PaintKind } from './helpers/paint.ts';
import { PAINTED, paintScene } from './helpers/scenes.ts';

let image: RgbImage;
let face: FaceGeometry;
beforeAll(async () => {
  ({ image, face } = await fixtureFace('sample6-frontal.jpg', 1600));
});
afterAll(releaseLandmarker);

const STRENGTHS = [0, 0.5, 1];
const cases: readonly [PaintKind, DimensionId, (s: number) => number][] = [
  ['spot', 'speckle', (s) => Math.round(24 * s)],
  ['papule', 'acne', (s) => Math.round(30 * s)],
  ['line', 'forehead_wrinkle', (s) => Math.round(4 * s)],
  ['dark_circle', 'black_rim_of_eye', () => 1],
];

describe('levels rise monotonically with strength', () => {
  it.each(cases)('%s -> %s', (kind, dimension, count) => {
    const levels: number[] = [];
    const scores: number[] = [];
    for (const s of STRENGTHS) {
      const scene = s === 0 ? { image } : paintScene(image, face, { kind, count: count(s), strength: Math.max(0.3, s), seed: 3 });
      const r = analyseView({ images: { white: scene.image }, face, view: 'front' }, { dimensions: [dimension], ...PAINTED }).dimensions[dimension];
      levels.push(r?.level ?? -1);
      scores.push(r?.score ?? -1);
    }
    for (let k = 1; k < levels.length; k++) {
      expect(levels[k], `levels ${levels.join(' ')}`).toBeGreaterThanOrEqual(levels[k - 1] ?? 0);
      expect(scores[k], `scores ${scores.join(' ')}`).toBeLessThanOrEqual((scores[k - 1] ?? 100) + 1e-9);
    }
    expect(levels[levels.length - 1]).toBeGreaterThan(levels[0] ?? 0);
  });
});
