// The specification's payloads built from the analysis validate against protocol/ schemas and
// carry the documented values; visibility and out-of-bounds react to a face cut by the frame edge.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { facePoseResultSchema, facialAnalysisResultSchema } from '../../../protocol/skin-api/detection.ts';
import { analyzeFace } from '../../../vision/face/analyze.ts';
import type { FaceAnalysis } from '../../../vision/face/analyze.ts';
import { estimateGender } from '../../../vision/face/attributes.ts';
import { facePoseResult, facialAttributeResult } from '../../../vision/face/results.ts';
import { regionVisibility } from '../../../vision/face/visibility.ts';
import { decodeImage } from '../../../vision/image/decode.ts';
import { FACE_FIXTURES } from '../../fixtures/faces/manifest.ts';
import { fixtureBytes, fixtureImage } from './helpers.ts';

const ALL = FACE_FIXTURES.map((f) => f.file);
const faces = new Map<string, { face: FaceAnalysis; gender: number }>();

beforeAll(async () => {
  for (const file of ALL) {
    const image = await fixtureImage(file);
    const face = await analyzeFace(image);
    faces.set(file, { face, gender: await estimateGender(image, face.region) });
  }
});

describe('facePoseResult', () => {
  it.each(ALL)('validates against facePoseResultSchema for %s', (file) => {
    const { face } = faces.get(file)!;
    const result = facePoseResultSchema.parse(facePoseResult(face));
    const bound = result.faceBound.split(',').map(Number);
    expect(bound).toHaveLength(4);
    // D-024: pixels, the landmark box clipped to the image.
    expect(bound[0]).toBeCloseTo(Math.max(0, face.landmarkBox.left), 0);
    expect(bound[0]! + bound[2]!).toBeLessThanOrEqual(face.imageWidth + 0.1);
    expect(Number(result.facePoseEuler.yaw)).toBeCloseTo(face.pose.yaw, 1);
    expect(Number(result.faceRatio)).toBeCloseTo(face.landmarkBox.width / face.imageWidth, 3);
    expect(result.faceOutDetect.outBound).toBe('0');
    for (const v of Object.values(result.faceVisibility)) expect(Number(v)).toBeGreaterThan(0.6);
    const g = result.faceGlasses;
    expect(Number(g.none) + Number(g.normal) + Number(g.sunglasses)).toBeCloseTo(1, 2);
  });
});

describe('facialAttributeResult', () => {
  it.each(ALL)('validates against facialAnalysisResultSchema for %s', (file) => {
    const { face, gender } = faces.get(file)!;
    const result = facialAnalysisResultSchema.parse(facialAttributeResult(face, gender));
    expect(result.face_landmark).toHaveLength(468);
    for (const [x, y] of result.face_landmark) {
      expect(x).toBeGreaterThanOrEqual(-0.05);
      expect(x).toBeLessThanOrEqual(1.05);
      expect(y).toBeGreaterThanOrEqual(-0.05);
      expect(y).toBeLessThanOrEqual(1.05);
    }
    const r = result.face_rectangle;
    expect(r.left + r.width).toBeLessThanOrEqual(1);
    expect(r.top + r.height).toBeLessThanOrEqual(1);
    // Distance in cm at an assumed 60 degree lens: a photo's subject, not 1 cm or 100 m.
    expect(result.face_attributes.translate_z.value).toBeGreaterThan(15);
    expect(result.face_attributes.translate_z.value).toBeLessThan(300);
  });

  it('FaceRes reads every fixture portrait (all of women) as female (score at or below 0.5)', () => {
    for (const { gender } of faces.values()) {
      expect(gender).toBeGreaterThanOrEqual(0);
      expect(gender).toBeLessThanOrEqual(0.5);
    }
  });
});

describe('frame edges and visibility', () => {
  it('flags a face cut by the image edge as out of bounds and its cut side as less visible', async () => {
    const { face } = faces.get('sample6-frontal.jpg')!;
    // Cut the image through the face, a quarter of its width in from its image-left side.
    const cut = Math.round(face.landmarkBox.left + face.landmarkBox.width * 0.25);
    const bytes = await sharp(fixtureBytes('sample6-frontal.jpg')).extract({ left: cut, top: 0, width: 400 - cut, height: 400 }).png().toBuffer();
    const cropped = await analyzeFace(await decodeImage(bytes));
    const result = facePoseResult(cropped);
    expect(result.faceOutDetect.outBound).toBe('1');
    expect(cropped.outOfBounds).toBeGreaterThan(0.05);
    // The image-left side is the subject's right: their right cheek lost landmarks, their left did not.
    expect(cropped.visibility.rightcheek).toBeLessThan(0.9);
    expect(cropped.visibility.leftcheek).toBeGreaterThan(0.9);
  });

  it('hides the far cheek, eye and brow of a head turned 70 degrees', () => {
    const { face } = faces.get('astronaut-frontal.jpg')!;
    const yaw = (70 * Math.PI) / 180;
    // Turned to the subject's left: their left side faces away from the camera.
    const R = [Math.cos(yaw), 0, Math.sin(yaw), 0, 1, 0, -Math.sin(yaw), 0, Math.cos(yaw)];
    const v = regionVisibility({ width: face.imageWidth, height: face.imageHeight }, face.landmarks, R);
    expect([v.leftcheek, v.lefteye, v.lefteyebrow]).toEqual([0, 0, 0]);
    expect(v.rightcheek).toBe(1);
    expect(v.righteye).toBe(1);
  });
});
