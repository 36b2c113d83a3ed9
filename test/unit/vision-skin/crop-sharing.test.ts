// A multi-light view's other lights are resampled on a helper thread while the analysis thread
// builds the reference's crop and masks (vision/skin/parallel/, D-087). Whoever makes a crop, the
// analysis must be the one the analysis thread alone gives: every level, score, finding and
// annotation.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightSource } from '../../../protocol/skin-api/api-codes.ts';
import { analyseView, CropHelper } from '../../../vision/skin/index.ts';
import type { SkinViewInput, ViewSkinAnalysis } from '../../../vision/skin/types.ts';
import type { FaceGeometry, RgbImage } from '../../../vision/types.ts';
import { fixtureFace, releaseLandmarker } from './helpers/faces.ts';
import { uvImage } from './helpers/scenes.ts';

let image: RgbImage;
let face: FaceGeometry;
const helpers: CropHelper[] = [];
beforeAll(async () => {
  ({ image, face } = await fixtureFace('sample6-frontal.jpg', 1600));
});
afterAll(async () => {
  await Promise.all(helpers.map((h) => h.close()));
  await releaseLandmarker();
});

/** The photo under another light: channels scaled (a tint), at `scale` of the reference's size (a light decoded shrunk). */
async function lit(source: RgbImage, gains: readonly [number, number, number], scale = 1): Promise<RgbImage> {
  const data = new Uint8Array(source.data.length);
  for (let i = 0; i < data.length; i++) data[i] = Math.min(255, Math.round((source.data[i] as number) * (gains[i % 3] as number)));
  if (scale === 1) return { width: source.width, height: source.height, data };
  const width = Math.round(source.width * scale);
  const height = Math.round(source.height * scale);
  const raw = { raw: { width: source.width, height: source.height, channels: 3 as const } };
  return { width, height, data: new Uint8Array(await sharp(data, raw).resize(width, height, { kernel: 'lanczos3' }).raw().toBuffer()) };
}

async function fiveLights(gain: number): Promise<SkinViewInput> {
  const images: Partial<Record<LightSource, RgbImage>> = {
    white: image,
    white_glow: await lit(image, [1.1 * gain, 1.08, 1.05], 0.5),
    cross_polar: await lit(image, [0.95, 0.85 * gain, 0.8], 0.5),
    parallel_polar: await lit(image, [1.02, 1.0, 0.97 * gain]),
    uv: uvImage(await lit(image, [gain, 1, 1], 0.5)),
  };
  return { images, face, view: 'front' };
}

/** The analysis without its timings, which differ from run to run. */
function outcome(analysis: ViewSkinAnalysis): Omit<ViewSkinAnalysis, 'elapsedMs' | 'setupMs' | 'timings'> {
  const { elapsedMs: _e, setupMs: _s, timings: _t, ...rest } = analysis;
  return rest;
}

const options = { effectivePxPerMm: Infinity } as const;

describe('crops made on a helper thread', () => {
  it('give the analysis the analysis thread gives alone, view after view on reused buffers', async () => {
    const helper = new CropHelper();
    helpers.push(helper);
    await helper.start();
    // Two different views through the same helper: the second reuses the first's shared buffers.
    for (const gain of [1, 0.9]) {
      const input = await fiveLights(gain);
      const alone = analyseView(input, options);
      const shared = analyseView(input, { ...options, cropSharing: helper });
      expect(outcome(shared)).toEqual(outcome(alone));
      expect(Object.keys(shared.dimensions).length).toBeGreaterThan(20);
    }
    // The helper made crops (it starts on them while this thread builds the reference's), so the
    // comparison covered its planes, not only crops made here.
    expect(helper.made.helper).toBeGreaterThan(0);
    expect(helper.made.helper + helper.made.here).toBe(8);
  }, 120_000);

  it('are made on the analysis thread when the helper thread cannot start, with the same analysis', async () => {
    const helper = new CropHelper(new URL('./helpers/no-such-crop-worker.mjs', import.meta.url));
    helpers.push(helper);
    await helper.start();
    const input = await fiveLights(1.05);
    const shared = analyseView(input, { ...options, cropSharing: helper });
    expect(outcome(shared)).toEqual(outcome(analyseView(input, options)));
    expect(helper.made).toEqual({ helper: 0, here: 4 });
  }, 120_000);

  it('are not asked for in a view of one light', async () => {
    const helper = new CropHelper();
    helpers.push(helper);
    const input: SkinViewInput = { images: { white: image }, face, view: 'front' };
    expect(outcome(analyseView(input, { ...options, dimensions: ['speckle'], cropSharing: helper }))).toEqual(outcome(analyseView(input, { ...options, dimensions: ['speckle'] })));
    expect(helper.made).toEqual({ helper: 0, here: 0 });
  });
});
