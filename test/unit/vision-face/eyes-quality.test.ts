// Eye state and image quality on the real fixtures: open eyes read open, eyes painted shut read
// closed (Iris), blur rises when the photo is blurred, brightness follows exposure, compression
// rises with JPEG loss.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeFace } from '../../../vision/face/analyze.ts';
import type { FaceAnalysis } from '../../../vision/face/analyze.ts';
import { decodeImage } from '../../../vision/image/decode.ts';
import { fixtureBytes, fixtureImage, FRONTAL, SINGLE_FACE, transformed } from './helpers.ts';
import { eyesShutSvg, withOverlay } from './overlays.ts';

const base = new Map<string, FaceAnalysis>();

beforeAll(async () => {
  for (const file of SINGLE_FACE) base.set(file, await analyzeFace(await fixtureImage(file)));
});

describe('eye state', () => {
  it.each(FRONTAL)('reads both eyes of %s as open, from Iris and from FaceMesh', async (file) => {
    const face = base.get(file)!;
    expect(face.eyes.left).toMatchObject({ source: 'iris', open: expect.closeTo(1, 1) });
    expect(face.eyes.right).toMatchObject({ source: 'iris', open: expect.closeTo(1, 1) });
    const mesh = await analyzeFace(await fixtureImage(file), { eyeModel: 'mesh' });
    expect(mesh.eyes.left.open).toBeGreaterThan(0.9);
    expect(mesh.eyes.right.open).toBeGreaterThan(0.9);
  });

  it.each(FRONTAL)('reads the eyes of %s painted over with skin as closed (Iris)', async (file) => {
    const face = base.get(file)!;
    const [cx, cy] = [Math.round(face.landmarks[3 * 205]!), Math.round(face.landmarks[3 * 205 + 1]!)];
    const image = await fixtureImage(file);
    const k = (cy * image.width + cx) * 3;
    const skin = `rgb(${image.data[k]},${image.data[k + 1]},${image.data[k + 2]})`;
    const shut = await analyzeFace(await withOverlay(fixtureBytes(file), eyesShutSvg(image.width, image.height, face.landmarks, skin)));
    expect(shut.eyes.left.open).toBeLessThan(0.5);
    expect(shut.eyes.right.open).toBeLessThan(0.5);
  });
});

describe('quality', () => {
  it.each(SINGLE_FACE)('blur of %s rises as the photo is blurred (sigma 1, then 3)', async (file) => {
    const sharpBlur = base.get(file)!.quality.blur;
    const b1 = (await analyzeFace(await transformed(file, (s) => s.blur(1)), { eyeModel: 'mesh' })).quality.blur;
    const b3 = (await analyzeFace(await transformed(file, (s) => s.blur(3)), { eyeModel: 'mesh' })).quality.blur;
    expect(b1).toBeGreaterThan(sharpBlur);
    expect(b3).toBeGreaterThan(b1);
    expect(b3).toBeGreaterThan(0.6);
  });

  it.each(SINGLE_FACE)('brightness of %s follows an exposure change', async (file) => {
    const bright = base.get(file)!.quality.brightness;
    expect(bright).toBeGreaterThan(0.1);
    const darker = (await analyzeFace(await transformed(file, (s) => s.linear(0.6, 0)), { eyeModel: 'mesh' })).quality.brightness;
    expect(darker / bright).toBeCloseTo(0.6, 1);
    const lighter = (await analyzeFace(await transformed(file, (s) => s.linear(1.25, 0)), { eyeModel: 'mesh' })).quality.brightness;
    expect(lighter).toBeGreaterThan(bright);
  });

  it.each(SINGLE_FACE)('compression of %s rises when it is re-encoded at JPEG quality 8', async (file) => {
    const lossless = (await analyzeFace(await transformed(file, (s) => s), { eyeModel: 'mesh' })).quality.compression;
    const crushed = await decodeImage(await sharp(fixtureBytes(file)).jpeg({ quality: 8 }).toBuffer());
    const heavy = (await analyzeFace(crushed, { eyeModel: 'mesh' })).quality.compression;
    expect(lossless).toBeLessThan(0.15);
    expect(heavy).toBeGreaterThan(lossless + 0.2);
  });
});
