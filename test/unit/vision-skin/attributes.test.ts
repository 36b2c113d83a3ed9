import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skinAllRaceResultSchema } from '../../../protocol/skin-api/detection.ts';
import { SKIN_ATTRIBUTE_NAMES, SKIN_ATTRIBUTES_WITH_RECTANGLE } from '../../../protocol/skin-api/skin-attributes.ts';
import { analyseView, skinAttributes, type ViewSkinAnalysis } from '../../../vision/skin/index.ts';
import type { SkinAllRaceResult } from '../../../protocol/skin-api/detection.ts';
import { fixtureFace, releaseLandmarker } from './helpers/faces.ts';
import { PAINTED, paintScene } from './helpers/scenes.ts';

let result: SkinAllRaceResult;
let analysed: ViewSkinAnalysis;
beforeAll(async () => {
  const { image, face } = await fixtureFace('sample6-frontal.jpg', 1200);
  // A few spots and papules so the path-point attributes carry real data.
  const spotted = paintScene(image, face, { kind: 'spot', count: 6, strength: 0.8, seed: 9 }).image;
  const scene = paintScene(spotted, face, { kind: 'papule', count: 4, strength: 0.8, seed: 10 });
  analysed = analyseView({ images: { white: scene.image }, face, view: 'front' }, PAINTED);
  result = skinAttributes(analysed);
});
afterAll(releaseLandmarker);

describe('skin_all_race face_attributes', () => {
  it('validates against the protocol schema', () => {
    expect(skinAllRaceResultSchema.safeParse(result).success).toBe(true);
  });

  it('lists every attribute name of the specification, each with confidence 0-1 and a value', () => {
    expect(Object.keys(result.face_attributes).sort()).toEqual([...SKIN_ATTRIBUTE_NAMES].sort());
    for (const [name, a] of Object.entries(result.face_attributes)) {
      expect(a.confidence, name).toBeGreaterThanOrEqual(0);
      expect(a.confidence, name).toBeLessThanOrEqual(1);
      expect(a.value, name).toBeDefined();
    }
  });

  it('normalises path points and rectangles to the image', () => {
    for (const [name, a] of Object.entries(result.face_attributes)) {
      if (name.endsWith('PathPoints')) {
        expect(Array.isArray(a.value), name).toBe(true);
        for (const path of a.value as number[][]) {
          expect(path.length % 2, name).toBe(0);
          // Region outlines may reach a little past the frame where the face does.
          for (const v of path) expect(v > -0.5 && v < 1.5, `${name} ${v}`).toBe(true);
        }
      }
      for (const r of a.rectangle ?? []) for (const v of [r.left, r.top, r.width, r.height]) expect(v >= 0 && v <= 1, name).toBe(true);
    }
    for (const name of SKIN_ATTRIBUTES_WITH_RECTANGLE) expect(result.face_attributes[name]?.rectangle, name).toBeDefined();
    expect((result.face_attributes['SkinSpot']?.rectangle ?? []).length).toBeGreaterThanOrEqual(5);
    expect(result.face_attributes['SkinPapula']?.value).toBeGreaterThanOrEqual(3);
  });

  it('documents every attribute in docs/vision-skin.md', () => {
    const doc = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../../docs/vision-skin.md'), 'utf8');
    const missing = SKIN_ATTRIBUTE_NAMES.filter((n) => !doc.includes(`\`${n}\``));
    expect(missing).toEqual([]);
  });
});

describe('skin tone class (SkinColorLevel)', () => {
  it('does not call a blue-cast skin "very light": with b* near 0 the class comes from L* alone, unsure', () => {
    // ITA of (L* 55, b* -6) would be 140 degrees, "very light"; at b* 15 it is 18: tan.
    const cast = skinAttributes({ ...analysed, skinLab: [55, 8, -6] }).face_attributes;
    expect(cast['SkinColorLevel']).toEqual({ confidence: 0.3, value: 4 });
    const neutral = skinAttributes({ ...analysed, skinLab: [70, 12, 16] }).face_attributes;
    expect(neutral['SkinColorLevel']).toEqual({ confidence: 0.9, value: 2 });
  });
});
