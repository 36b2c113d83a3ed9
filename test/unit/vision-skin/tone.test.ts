import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseView } from '../../../vision/skin/index.ts';
import type { ViewSkinAnalysis } from '../../../vision/skin/index.ts';
import type { FaceGeometry, RgbImage } from '../../../vision/types.ts';
import { fixtureFace, releaseLandmarker } from './helpers/faces.ts';
import { PAINTED, paintScene } from './helpers/scenes.ts';

/** The photo with its light multiplied by k in linear RGB: a darker or lighter skin tone, or exposure. */
function relit(image: RgbImage, k: number): RgbImage {
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v++) {
    const c = v / 255;
    const lin = (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4) * k;
    const s = lin <= 0.0031308 ? 12.92 * lin : 1.055 * Math.min(1, lin) ** (1 / 2.4) - 0.055;
    lut[v] = Math.round(Math.min(1, Math.max(0, s)) * 255);
  }
  return { width: image.width, height: image.height, data: Uint8Array.from(image.data, (v) => lut[v] as number) };
}

/** Individual Typology Angle of the view's median skin colour, degrees. */
function ita(v: ViewSkinAnalysis): number {
  const [L, , b] = v.skinLab;
  return (Math.atan2(L - 50, b) * 180) / Math.PI;
}

describe('tone-relative colour measures (measure/tone.ts)', () => {
  let image: RgbImage;
  let face: FaceGeometry;
  beforeAll(async () => {
    const f = await fixtureFace('sample6-frontal.jpg', 1600);
    face = f.face;
    // Painted spots and dark circles give the colour measures something to find.
    image = paintScene(paintScene(f.image, face, { kind: 'spot', count: 6, strength: 0.8, seed: 7 }).image, face, { kind: 'dark_circle', count: 1, strength: 0.6, seed: 3 }).image;
  });
  afterAll(releaseLandmarker);

  it('the same face made darker or lighter by about 10 ITA degrees keeps its colour measures and levels', () => {
    const dims = ['black_rim_of_eye', 'sensitive', 'skin_glow', 'speckle'] as const;
    const run = (img: RgbImage) => analyseView({ images: { white: img }, face, view: 'front' }, { dimensions: [...dims], ...PAINTED });
    const base = run(image);
    for (const k of [0.8, 1.3]) {
      const shifted = run(relit(image, k));
      const shift = Math.abs(ita(shifted) - ita(base));
      expect(shift, `ITA shift at k=${k}`).toBeGreaterThan(5);
      expect(shift, `ITA shift at k=${k}`).toBeLessThan(14);
      for (const d of dims) {
        const a = base.dimensions[d];
        const b = shifted.dimensions[d];
        if (!a || !b) throw new Error(`${d} not measured`);
        expect(b.level, `${d} at k=${k}: ${a.measure} -> ${b.measure}`).toBe(a.level);
        expect(Math.abs(b.measure - a.measure), `${d} at k=${k}`).toBeLessThanOrEqual(Math.max(0.15 * a.measure, 0.6));
      }
    }
  });
});
