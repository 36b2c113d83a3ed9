// Expression as a confounder (issue 12 item 4, D-068): a smile or an open mouth deepens the folds
// and creases, so their results carry the `expression` caveat with lowered confidence; a face at
// rest carries none, and dimensions a smile does not touch are left alone.
import { afterAll, describe, expect, it } from 'vitest';
import { analyseView } from '../../../vision/skin/index.ts';
import type { ViewSkinAnalysis } from '../../../vision/skin/index.ts';
import { fixtureFace, releaseLandmarker } from './helpers/faces.ts';
import { PAINTED } from './helpers/scenes.ts';

afterAll(releaseLandmarker);

async function analyse(file: string): Promise<ViewSkinAnalysis> {
  // Upscaled and read as sharp: this is about the expression, not the photos' small size.
  const { image, face } = await fixtureFace(file, 1200);
  return analyseView({ images: { white: image }, face, view: 'front' }, { dimensions: ['nasolabial_folds', 'eye_bags', 'sensitive'], ...PAINTED });
}

describe('expression (measure/expression.ts)', () => {
  it('reads a broad smile with teeth as a strong expression and caveats the folds it deepens', async () => {
    const smile = await analyse('astronaut-frontal.jpg');
    expect(smile.conditions?.expression.strength).toBeGreaterThan(0.9);
    for (const d of ['nasolabial_folds', 'eye_bags'] as const) {
      expect(smile.dimensions[d]?.caveats, d).toContain('expression');
      expect(smile.dimensions[d]?.confidence ?? 1, d).toBeLessThanOrEqual(0.5);
    }
    // Redness is not a fold: a smile does not make it less certain.
    expect(smile.dimensions.sensitive?.caveats ?? []).not.toContain('expression');
  });

  it('leaves a face at rest without the caveat', async () => {
    const rest = await analyse('bare-faceid-man.jpg');
    expect(rest.conditions?.expression.strength).toBe(0);
    expect(rest.conditions?.expression.mouthWidth).toBeLessThan(0.85);
    for (const d of ['nasolabial_folds', 'eye_bags'] as const) expect(rest.dimensions[d]?.caveats ?? [], d).not.toContain('expression');
  });
});
