// The light's colour (issue 12 part 4): read off the eye whites, it does not move the redness
// measure, it lowers the colour measures' confidence, and the result's capture field reports it.
import { afterAll, describe, expect, it } from 'vitest';
import { captureConditions } from '../../../platform/analysis/skin-task.ts';
import { captureConditionsSchema } from '../../../protocol/skin-api/task-result.ts';
import { analyseView } from '../../../vision/skin/index.ts';
import type { ViewSkinAnalysis } from '../../../vision/skin/index.ts';
import type { RgbImage } from '../../../vision/types.ts';
import { fixtureFace, releaseLandmarker } from './helpers/faces.ts';
import { PAINTED } from './helpers/scenes.ts';

afterAll(releaseLandmarker);

/** The photo under a coloured light: linear R and B multiplied (1.15 and 0.85: a warm lamp). */
function cast(image: RgbImage, kr: number, kb: number): RgbImage {
  const lut = (k: number): Uint8Array => {
    const t = new Uint8Array(256);
    for (let v = 0; v < 256; v++) {
      const c = v / 255;
      const lin = Math.min(1, (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4) * k);
      t[v] = Math.round(255 * (lin <= 0.0031308 ? 12.92 * lin : 1.055 * lin ** (1 / 2.4) - 0.055));
    }
    return t;
  };
  const r = lut(kr);
  const b = lut(kb);
  const data = Uint8Array.from(image.data, (v, i) => (i % 3 === 0 ? (r[v] as number) : i % 3 === 2 ? (b[v] as number) : v));
  return { width: image.width, height: image.height, data };
}

async function view(file: string, width?: number, k: readonly [number, number] = [1, 1], dimensions: ('sensitive' | 'speckle')[] = ['sensitive']): Promise<ViewSkinAnalysis> {
  const { image, face } = await fixtureFace(file, width);
  const img = k[0] === 1 && k[1] === 1 ? image : cast(image, k[0], k[1]);
  return analyseView({ images: { white: img }, face, view: 'front' }, { dimensions, ...(width ? PAINTED : {}) });
}

const WARM = [1.15, 0.85] as const;

describe('colour cast from the eye whites', () => {
  it('a warm light moves the sclera towards warm; a strong one is reported as warm', async () => {
    for (const file of ['bare-faceid-man.jpg', 'astronaut-frontal.jpg', 'sample6-frontal.jpg']) {
      const plain = (await view(file)).conditions?.colourCast;
      const warm = (await view(file, undefined, WARM)).conditions?.colourCast;
      if (!plain?.assessed || !warm?.assessed || plain.a === null || plain.b === null || warm.a === null || warm.b === null) throw new Error(`${file}: sclera not seen`);
      const angle = (Math.atan2(warm.b - plain.b, warm.a - plain.a) * 180) / Math.PI;
      expect(Math.hypot(warm.a - plain.a, warm.b - plain.b), file).toBeGreaterThan(4);
      expect(angle, file).toBeGreaterThan(20);
      expect(angle, file).toBeLessThan(135);
    }
    // The man's webcam light is near neutral; a strong warm lamp is named.
    expect((await view('bare-faceid-man.jpg')).conditions?.colourCast.hue).toBe('none');
    const strong = (await view('bare-faceid-man.jpg', undefined, [1.35, 0.7])).conditions?.colourCast;
    expect(strong?.hue, JSON.stringify(strong)).toBe('warm');
  });

  it('a uniform warm cast leaves sensitive at its level (before the balance: 1.8 -> 3.2 % red, sample6 1.7 -> 3.8 %)', async () => {
    for (const [file, width] of [
      ['astronaut-frontal.jpg', 800],
      ['sample1-tilted.jpg', 1200],
      ['sample6-frontal.jpg', 1200],
      ['bare-faceid-man.jpg', 560],
    ] as const) {
      const a = (await view(file, width)).dimensions.sensitive;
      const b = (await view(file, width, WARM)).dimensions.sensitive;
      if (!a || !b) throw new Error(`${file}: sensitive not measured`);
      expect(Math.abs(b.measure - a.measure), `${file}: ${a.measure} -> ${b.measure}`).toBeLessThanOrEqual(0.6);
      // sample6 sits at 2.95 % red, on the 3 % threshold: its level may tip, its measure may not move.
      if (file !== 'sample6-frontal.jpg') expect(b.level, `${file}: ${a.measure} -> ${b.measure}`).toBe(a.level);
    }
  });

  it('a strong cast lowers the colour measures\' confidence and says why', async () => {
    const plain = await view('bare-faceid-man.jpg', 560, [1, 1], ['sensitive', 'speckle']);
    const warm = await view('bare-faceid-man.jpg', 560, [1.35, 0.7], ['sensitive', 'speckle']);
    for (const d of ['sensitive', 'speckle'] as const) {
      expect(plain.dimensions[d]?.caveats ?? [], d).not.toContain('colour_cast');
      expect(warm.dimensions[d]?.caveats, d).toContain('colour_cast');
      expect(warm.dimensions[d]?.confidence ?? 1, d).toBeLessThan(plain.dimensions[d]?.confidence ?? 0);
    }
  });
});

describe('capture conditions in the skin result', () => {
  it('make-up and colour cast of the front view validate with the protocol schema', async () => {
    const made = captureConditions(await view('sample6-frontal.jpg'));
    expect(captureConditionsSchema.parse(made)).toEqual(made);
    expect(made.makeup).toEqual({ eyes: true, lips: false, foundation: false });
    expect(made.colour_cast?.hue).toBeDefined();
    const bare = captureConditions(await view('bare-faceid-man.jpg'));
    expect(captureConditionsSchema.parse(bare)).toEqual(bare);
    expect(bare.makeup?.eyes ?? false).toBe(false);
    expect(bare.colour_cast).toEqual({ strength: expect.any(Number), hue: 'none' });
  });
});
