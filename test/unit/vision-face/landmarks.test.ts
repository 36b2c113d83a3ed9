// FaceMesh landmarks on the fixtures: on the face (inside the detector's box and the crop), the
// tracking crop derived from them finds the same points again.
import { beforeAll, describe, expect, it } from 'vitest';
import { detectFaces } from '../../../vision/face/detector.ts';
import { estimateLandmarks, LANDMARK_COUNT } from '../../../vision/face/mesh.ts';
import type { MeshResult } from '../../../vision/face/mesh.ts';
import { landmarkBox, regionFromDetection, regionFromLandmarks } from '../../../vision/face/region.ts';
import type { DetectedFace } from '../../../vision/face/types.ts';
import type { Box, RgbImage } from '../../../vision/types.ts';
import { fixtureImage, SINGLE_FACE } from './helpers.ts';

interface Case {
  readonly image: RgbImage;
  readonly detection: DetectedFace;
  readonly mesh: MeshResult;
}

const cases = new Map<string, Case>();

beforeAll(async () => {
  for (const file of SINGLE_FACE) {
    const image = await fixtureImage(file);
    const [detection] = await detectFaces(image);
    if (!detection) throw new Error(`no face in ${file}`);
    cases.set(file, { image, detection, mesh: await estimateLandmarks(image, regionFromDetection(detection)) });
  }
});

function inside(box: Box, x: number, y: number, margin = 0): boolean {
  const mx = box.width * margin;
  const my = box.height * margin;
  return x >= box.left - mx && x <= box.left + box.width + mx && y >= box.top - my && y <= box.top + box.height + my;
}

// Eye corners, nose tip, mouth corners, chin: the points a detector box must hold.
const FEATURES = [33, 133, 362, 263, 1, 61, 291];

describe('estimateLandmarks on the fixtures', () => {
  it.each(SINGLE_FACE)('puts the 468 landmarks of %s on the face', (file) => {
    const { detection, mesh } = cases.get(file)!;
    const { landmarks } = mesh;
    expect(landmarks).toHaveLength(LANDMARK_COUNT * 3);
    expect(mesh.faceScore).toBeGreaterThan(0.9);
    for (const i of FEATURES) expect(inside(detection.box, landmarks[3 * i]!, landmarks[3 * i + 1]!), `landmark ${i}`).toBe(true);
    // Forehead and jaw line reach past the detector's box (it spans brows to chin), but not far:
    // every point lies within the box grown by 20 % on each side.
    for (let i = 0; i < LANDMARK_COUNT; i++) expect(inside(detection.box, landmarks[3 * i]!, landmarks[3 * i + 1]!, 0.2), `landmark ${i}`).toBe(true);
  });

  it.each(SINGLE_FACE)('keeps the anatomy of %s in order (eyes either side of the nose, mouth below it, chin below that)', (file) => {
    const { landmarks: l } = cases.get(file)!.mesh;
    const x = (i: number): number => l[3 * i]!;
    const y = (i: number): number => l[3 * i + 1]!;
    // Along the eye line, whatever the roll.
    const ex = x(263) - x(33);
    const ey = y(263) - y(33);
    const along = (i: number): number => (x(i) - x(33)) * ex + (y(i) - y(33)) * ey;
    const across = (i: number): number => (y(i) - y(33)) * ex - (x(i) - x(33)) * ey;
    // (The nose tip may pass an inner eye corner when the head is turned, not the outer ones.)
    expect(along(133)).toBeLessThan(along(362));
    expect(along(1)).toBeGreaterThan(0);
    expect(along(1)).toBeLessThan(along(263));
    expect(across(13)).toBeGreaterThan(across(1));
    expect(across(152)).toBeGreaterThan(across(13));
  });

  it.each(SINGLE_FACE)('finds the same landmarks of %s from the tracking crop (previous landmarks, no detector)', async (file) => {
    const { image, mesh } = cases.get(file)!;
    const again = await estimateLandmarks(image, regionFromLandmarks(mesh.landmarks));
    expect(again.faceScore).toBeGreaterThan(0.9);
    const width = landmarkBox(mesh.landmarks).width;
    let sum = 0;
    for (let i = 0; i < LANDMARK_COUNT; i++) sum += Math.hypot(again.landmarks[3 * i]! - mesh.landmarks[3 * i]!, again.landmarks[3 * i + 1]! - mesh.landmarks[3 * i + 1]!);
    expect(sum / LANDMARK_COUNT / width).toBeLessThan(0.03);
  });

  it('the tracking crop has the size the detection crop had (so FaceMesh sees the face at the same scale)', () => {
    for (const { detection, mesh } of cases.values()) {
      const ratio = regionFromLandmarks(mesh.landmarks).size / regionFromDetection(detection).size;
      expect(ratio).toBeGreaterThan(0.85);
      expect(ratio).toBeLessThan(1.15);
    }
  });
});
