import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { qualityProblem, requireAnalysable, requireMeasurable } from '../../../platform/analysis/jobs/quality-gate.ts';
import { analyseView } from '../../../vision/skin/index.ts';
import { JobError } from '../../../platform/analysis/jobs/job-errors.ts';
import { analyzeFace, type FaceAnalysis } from '../../../vision/face/index.ts';
import { decodeImage } from '../../../vision/image/decode.ts';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/faces/${name}`, import.meta.url));

async function faceOf(bytes: Buffer): Promise<FaceAnalysis> {
  return analyzeFace(await decodeImage(new Uint8Array(bytes)));
}

describe('the skin analysis quality gate (45104)', () => {
  it.each(['sample6-frontal.jpg', 'astronaut-frontal.jpg', 'sample3-frontal-smile.jpg', 'sample1-tilted.jpg', 'sample5-side-glance.jpg'])('lets %s through as taken, in every view', async (name) => {
    const face = await faceOf(fixture(name));
    for (const view of ['front', 'left', 'right'] as const) expect(qualityProblem(face, view), view).toBeNull();
  });

  it('refuses a photo too dark and a photo too blurred, naming the measure', async () => {
    const dark = await faceOf(await sharp(fixture('sample6-frontal.jpg')).linear(0.1, 0).jpeg().toBuffer());
    expect(qualityProblem(dark, 'left')).toMatch(/^too dark \(face brightness 0\.\d\d, at least 0\.12\)$/);
    const blurred = await faceOf(await sharp(fixture('astronaut-frontal.jpg')).blur(4).jpeg().toBuffer());
    expect(qualityProblem(blurred, 'right')).toMatch(/^too blurred/);
  });

  it('refuses a front view turned away from the camera, but not a side view', async () => {
    const face = await faceOf(fixture('sample6-frontal.jpg'));
    const turned = { ...face, pose: { ...face.pose, yaw: 55 } };
    const nodding = { ...face, pose: { ...face.pose, pitch: -40 } };
    expect(qualityProblem(turned, 'front')).toMatch(/yaw 55/);
    expect(qualityProblem(nodding, 'front')).toMatch(/pitch -40/);
    expect(qualityProblem(turned, 'left')).toBeNull();
    let thrown: unknown = null;
    try {
      requireAnalysable(turned, 'front', 'front_image');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(JobError);
    expect(thrown).toMatchObject({ code: 45104, message: expect.stringContaining('front_image') });
  });
});

describe('the minimum-resolution check (45104, D-033)', () => {
  it('refuses a face with too little detail for every dimension asked, naming the figures and the remedy', async () => {
    const image = await decodeImage(new Uint8Array(fixture('sample6-frontal.jpg')));
    const face = await analyzeFace(image);
    const finest = analyseView({ images: { white: image }, face, view: 'front' }, { dimensions: ['pore', 'under_eye_wrinkle'] });
    let thrown: unknown = null;
    try {
      requireMeasurable(finest, 'front_image');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(JobError);
    expect((thrown as JobError).code).toBe(45104);
    expect((thrown as JobError).message).toMatch(/front_image\): too little detail on the face \(1\.\d px\/mm, at least 4 for the dimensions asked\): come closer/);
  });

  it('asks for a sharper photo, not a closer one, when the face has the pixels but not their detail (D-126)', async () => {
    // The same photo enlarged four times: pixels enough for pores, detail still the original's.
    const image = await decodeImage(new Uint8Array(await sharp(fixture('sample6-frontal.jpg')).resize({ width: 1600 }).jpeg({ quality: 92 }).toBuffer()));
    const face = await analyzeFace(image);
    const finest = analyseView({ images: { white: image }, face, view: 'front' }, { dimensions: ['pore', 'under_eye_wrinkle'] });
    expect(finest.notMeasured.pore?.reason).toBe('sharpness');
    expect(() => requireMeasurable(finest, 'front_image')).toThrow(/too little detail on the face \(1\.\d px\/mm, at least 4 for the dimensions asked\): the photo is not sharp enough: focus the camera, hold still/);
    // Water's 0.2 mm microrelief is beyond the working frame this face was shrunk to: no retake helps.
    const water = analyseView({ images: { white: image }, face, view: 'front' }, { dimensions: ['water'] });
    expect(() => requireMeasurable(water, 'front_image')).toThrow(/at least 8 for the dimensions asked\): the analysis does not read detail this fine at any distance/);
  });

  it('lets the analysis through when some dimension asked is measurable: the rest are listed as not measured', async () => {
    const image = await decodeImage(new Uint8Array(fixture('sample6-frontal.jpg')));
    const face = await analyzeFace(image);
    const mixed = analyseView({ images: { white: image }, face, view: 'front' }, { dimensions: ['pore', 'sensitive'] });
    expect(() => requireMeasurable(mixed, 'front_image')).not.toThrow();
    expect(mixed.notMeasured.pore?.reason).toBe('resolution');
  });
});
