import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SkinContext } from '../../../vision/skin/context.ts';
import { analyseView, NEEDS } from '../../../vision/skin/index.ts';
import { measureResolution } from '../../../vision/skin/measure/resolution.ts';
import type { FaceGeometry, RgbImage } from '../../../vision/types.ts';
import { fixtureFace, releaseLandmarker } from './helpers/faces.ts';
import { decodeRgb, FACE_FIXTURE_DIR } from './helpers/images.ts';
import { FaceLandmarker } from './helpers/face-landmarks.ts';

/** A sharp face: the 1920-px demo photo's face cropped at its own resolution (about 1.5 px/mm). */
async function nativeCrop(scale: number): Promise<{ image: RgbImage; face: FaceGeometry }> {
  const src = `${FACE_FIXTURE_DIR}/../../../node_modules/@vladmandic/face-api/demo/sample6.jpg`;
  const side = Math.round(520 * scale);
  const buf = await sharp(src).extract({ left: 500, top: 200, width: 520, height: 520 }).resize(side, side, { kernel: 'lanczos3' }).jpeg({ quality: 92 }).toBuffer();
  const image = await decodeRgb(buf);
  const landmarker = await FaceLandmarker.create();
  try {
    const face = await landmarker.detect(image);
    if (!face) throw new Error('no face');
    return { image, face };
  } finally {
    await landmarker.release();
  }
}

describe('effective resolution (measure/resolution.ts)', () => {
  it('reads a sharp photo at its nominal resolution and an upscaled one at about its original detail', async () => {
    const sharpFace = await nativeCrop(1);
    const upscaled = await nativeCrop(3);
    const a = measureResolution(new SkinContext({ images: { white: sharpFace.image }, face: sharpFace.face, view: 'front' }));
    const b = measureResolution(new SkinContext({ images: { white: upscaled.image }, face: upscaled.face, view: 'front' }));
    expect(a.effective / a.nominal).toBeGreaterThan(0.9);
    // Three times the pixels, not three times the detail: within 60 % of the original's.
    expect(b.nominal / a.nominal).toBeGreaterThan(2.5);
    expect(b.effective / a.effective).toBeLessThan(1.6);
    expect(b.edgeSpreadPx).toBeGreaterThan(2 * a.edgeSpreadPx);
  });

  it('names the cause of too little detail: too few pixels on the face, or pixels enough with soft edges (D-126)', async () => {
    const sharpFace = await nativeCrop(1);
    const upscaled = await nativeCrop(3);
    const dimensions = ['crows_feet', 'forehead_wrinkle'] as const;
    const few = analyseView({ images: { white: sharpFace.image }, face: sharpFace.face, view: 'front' }, { dimensions: [...dimensions] });
    const soft = analyseView({ images: { white: upscaled.image }, face: upscaled.face, view: 'front' }, { dimensions: [...dimensions] });
    // Both lack the 3.2 px/mm of real detail these lines need ...
    expect(few.effectivePxPerMm).toBeLessThan(3.2);
    expect(soft.effectivePxPerMm).toBeLessThan(3.2);
    // ... but only the native crop lacks the pixels: coming closer helps it, not the enlarged copy.
    expect(few.pxPerMm).toBeLessThan(3.2);
    expect(soft.pxPerMm).toBeGreaterThanOrEqual(3.2);
    for (const d of dimensions) {
      expect(few.notMeasured[d]?.reason, d).toBe('resolution');
      expect(soft.notMeasured[d]?.reason, d).toBe('sharpness');
      expect(soft.notMeasured[d]?.detail, d).toMatch(/nominal, but edges .* upscaled or soft/);
    }
  });
});

describe('measurability (needs.ts)', () => {
  let image: RgbImage;
  let face: FaceGeometry;
  beforeAll(async () => {
    ({ image, face } = await fixtureFace('sample6-frontal.jpg', 1600));
  });
  afterAll(releaseLandmarker);

  it('an upscaled photo measures colour and shape but not pores, texture or fine lines, and says why', () => {
    const r = analyseView({ images: { white: image }, face, view: 'front' });
    for (const d of ['pore', 'blackhead', 'water', 'skin_smoothness', 'under_eye_wrinkle', 'forehead_wrinkle'] as const) {
      // The pixels are there (about 4 px/mm), their detail is not. Water needs 8 px/mm, more than
      // the working frame that shrank this face holds, whatever the photo (D-126).
      expect(r.notMeasured[d]?.reason, d).toBe(d === 'water' ? 'analysis_resolution' : 'sharpness');
      expect(r.notMeasured[d]?.detail, d).toMatch(/px\/mm.*upscaled or soft.*needs \d/);
      expect(r.dimensions[d], d).toBeUndefined();
    }
    for (const d of ['sensitive', 'black_rim_of_eye', 'skin_glow'] as const) expect(r.dimensions[d], d).toBeDefined();
    expect(r.effectivePxPerMm).toBeLessThan(NEEDS.pore?.minPxPerMm ?? 0);
  });

  it('the same photo with its resolution known measures the fine dimensions too', () => {
    const r = analyseView({ images: { white: image }, face, view: 'front' }, { effectivePxPerMm: 10 });
    for (const d of ['pore', 'blackhead', 'skin_smoothness', 'under_eye_wrinkle', 'forehead_wrinkle'] as const) expect(r.dimensions[d], d).toBeDefined();
    // water needs 8 px/mm: the working image has about 4, and coming closer would not add any.
    expect(r.notMeasured.water?.reason).toBe('analysis_resolution');
  });

  it('a tilted head that leaves the working frame too few pixels for pores is told its pose, not the analysis\'s limit (D-126)', async () => {
    // sample1-tilted leans about 45 degrees: its landmarks' box is 2.6 pupil distances wide, the
    // frame holds 3.7 px/mm of it; upright it would hold 4.4, enough for pores' 4.
    const tilted = await fixtureFace('sample1-tilted.jpg', 2000);
    const r = analyseView({ images: { white: tilted.image }, face: tilted.face, view: 'front' }, { effectivePxPerMm: 10, dimensions: ['pore', 'water'] });
    expect(r.notMeasured.pore?.reason).toBe('pose');
    expect(r.notMeasured.pore?.detail).toMatch(/head's turn or tilt leaves the working frame 3\.\d px\/mm, upright 4\.\d/);
    // Water's 8 px/mm is beyond any pose.
    expect(r.notMeasured.water?.reason).toBe('analysis_resolution');
    const upright = analyseView({ images: { white: image }, face, view: 'front' }, { effectivePxPerMm: 10, dimensions: ['pore'] });
    expect(upright.dimensions.pore).toBeDefined();
  });

  it('a head turned past a dimension\'s limit is not measured for pose', () => {
    const turned = { ...face, pose: { ...face.pose, yaw: 35 } };
    const r = analyseView({ images: { white: image }, face: turned, view: 'front' }, { effectivePxPerMm: 10, dimensions: ['eye_sagging', 'low_cheek', 'sensitive'] });
    expect(r.notMeasured.eye_sagging?.reason).toBe('pose');
    expect(r.notMeasured.low_cheek?.reason).toBe('pose');
    expect(r.dimensions.sensitive).toBeDefined();
  });

  it('skin out of the frame is hidden: a photo cut at the brows measures no forehead lines', () => {
    // Cut the frame just above the brows (landmark 9, between them): the forehead is gone.
    const cut = Math.round(face.landmarks[9 * 3 + 1] ?? 0) - 4;
    const data = new Uint8Array(image.data.subarray(cut * image.width * 3));
    const below: RgbImage = { width: image.width, height: image.height - cut, data };
    const lm = Float32Array.from(face.landmarks, (v, i) => (i % 3 === 1 ? v - cut : v));
    const shifted: FaceGeometry = { ...face, landmarks: lm, box: { ...face.box, top: face.box.top - cut } };
    const r = analyseView({ images: { white: below }, face: shifted, view: 'front' }, { effectivePxPerMm: 10, dimensions: ['forehead_wrinkle', 'nasolabial_folds'] });
    expect(r.notMeasured.forehead_wrinkle?.reason).toBe('hidden');
    expect(r.notMeasured.forehead_wrinkle?.detail).toMatch(/forehead/);
    expect(r.dimensions.nasolabial_folds).toBeDefined();
  });

  it('colour on overexposed skin is not measured for exposure; a little clipping is a caveat', () => {
    // Linear light x2.2 clips most of the cheeks' red: their colour is gone.
    const lut = Uint8Array.from({ length: 256 }, (_, v) => {
      const c = v / 255;
      const lin = Math.min(1, (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4) * 2.2);
      return Math.round(255 * (lin <= 0.0031308 ? 12.92 * lin : 1.055 * lin ** (1 / 2.4) - 0.055));
    });
    const bright: RgbImage = { width: image.width, height: image.height, data: Uint8Array.from(image.data, (v) => lut[v] as number) };
    const r = analyseView({ images: { white: bright }, face, view: 'front' }, { effectivePxPerMm: 10, dimensions: ['sensitive', 'black_rim_of_eye', 'eye_sagging'] });
    expect(r.notMeasured.sensitive?.reason).toBe('exposure');
    expect(r.notMeasured.sensitive?.detail).toMatch(/\d+ % of the skin it reads is overexposed/);
    // Geometry does not read colour.
    expect(r.dimensions.eye_sagging).toBeDefined();
    const normal = analyseView({ images: { white: image }, face, view: 'front' }, { effectivePxPerMm: 10, dimensions: ['sensitive'] });
    expect(normal.dimensions.sensitive?.caveats ?? []).not.toContain('exposure');
  });

  it('a composite follows its parts: measured when half its weight is, not measured otherwise', () => {
    const low = analyseView({ images: { white: image }, face, view: 'front' }, { dimensions: ['wrinkle', 'skin_vitality'] });
    // wrinkle's line parts need 3-4 px/mm; skin_vitality's tone parts do not.
    expect(low.notMeasured.wrinkle?.reason).toBe('sharpness');
    expect(low.notMeasured.wrinkle?.detail).toMatch(/measured parts hold \d+ %/);
    expect(low.dimensions.skin_vitality?.details['measuredWeight']).toBeLessThan(1);
    // Only what was asked for is reported, not the parts pulled in.
    expect(Object.keys(low.notMeasured).sort()).toEqual(['wrinkle']);
    const high = analyseView({ images: { white: image }, face, view: 'front' }, { effectivePxPerMm: 10, dimensions: ['wrinkle'] });
    expect(high.dimensions.wrinkle).toBeDefined();
  });
});
