// Painted blemishes on a real photo are found where they were painted (seeded, so every run sees
// the same scene). Precision counts only findings that were neither painted nor already in the
// unpainted photo.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DimensionId } from '../../../protocol/enums/dimensions.ts';
import { analyseView } from '../../../vision/skin/index.ts';
import type { DimensionAnalysis } from '../../../vision/skin/index.ts';
import type { FaceGeometry, RgbImage } from '../../../vision/types.ts';
import { fixtureFace, releaseLandmarker } from './helpers/faces.ts';
import type { PaintKind } from './helpers/paint.ts';
import { PAINTED, paintScene } from './helpers/scenes.ts';
import { featurePoints, scoreLines, scorePoints } from './helpers/score.ts';

const FILE = 'sample6-frontal.jpg';
const WIDTH = 1600;

let image: RgbImage;
let face: FaceGeometry;
const baseline = new Map<DimensionId, DimensionAnalysis>();

function analyse(img: RgbImage, dimension: DimensionId): DimensionAnalysis {
  const r = analyseView({ images: { white: img }, face, view: 'front' }, { dimensions: [dimension], ...PAINTED }).dimensions[dimension];
  if (!r) throw new Error(dimension);
  return r;
}

function base(dimension: DimensionId): DimensionAnalysis {
  let r = baseline.get(dimension);
  if (!r) {
    r = analyse(image, dimension);
    baseline.set(dimension, r);
  }
  return r;
}

beforeAll(async () => {
  ({ image, face } = await fixtureFace(FILE, WIDTH));
});
afterAll(releaseLandmarker);

describe('painted round findings are located', () => {
  const cases: readonly [PaintKind, DimensionId, number, readonly string[] | undefined][] = [
    ['spot', 'speckle', 10, undefined],
    ['pore', 'pore', 40, ['pore']],
    ['papule', 'acne', 10, undefined],
    ['blackhead', 'blackhead', 8, ['blackhead']],
  ];
  it.each(cases)('%s: recall >= 0.8 and precision >= 0.7 (%s)', (kind, dimension, count, types) => {
    const scene = paintScene(image, face, { kind, count, strength: 0.7, seed: 11 });
    expect(scene.painted.length).toBe(count);
    const r = analyse(scene.image, dimension);
    const score = scorePoints(scene.painted, featurePoints(r.features, types), featurePoints(base(dimension).features, types), (p) => Math.max(2 * p.radius, 1.5 * scene.pxPerMm));
    expect(score.recall).toBeGreaterThanOrEqual(0.8);
    expect(score.precision).toBeGreaterThanOrEqual(0.7);
  });
});

describe('painted lines are traced with their length', () => {
  it('forehead lines: recall >= 0.8, measured length within 25 %', () => {
    const scene = paintScene(image, face, { kind: 'line', count: 3, strength: 0.7, seed: 5 });
    const r = analyse(scene.image, 'forehead_wrinkle');
    const paths = (a: DimensionAnalysis) => a.features.flatMap((f) => (f.kind === 'line' ? [f.points] : []));
    const score = scoreLines(scene.painted, paths(r), paths(base('forehead_wrinkle')), 1.5 * scene.pxPerMm);
    expect(score.recall).toBeGreaterThanOrEqual(0.8);
    expect(score.lengthRatio).toBeGreaterThan(0.75);
    expect(score.lengthRatio).toBeLessThan(1.25);
    expect(r.level).toBeGreaterThan(base('forehead_wrinkle').level);
  });
});
