// Each analyser measures the light source that suits it when the capture has it, and still works
// on white light alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseView } from '../../../vision/skin/index.ts';
import type { FaceGeometry, RgbImage } from '../../../vision/types.ts';
import type { SkinViewInput } from '../../../vision/skin/types.ts';
import { fixtureFace, releaseLandmarker } from './helpers/faces.ts';
import { paintPorphyrin, paintShine } from './helpers/paint.ts';
import { decodeRgb, encodeJpeg } from './helpers/images.ts';
import { PAINTED, paintScene, seededRandom, uvImage } from './helpers/scenes.ts';
import { skinRegions } from '../../../vision/skin/index.ts';
import { faceAxes, IPD_MM } from '../../../vision/skin/regions/geometry.ts';

let image: RgbImage;
let face: FaceGeometry;
beforeAll(async () => {
  ({ image, face } = await fixtureFace('sample6-frontal.jpg', 1600));
});
afterAll(releaseLandmarker);

/** Points well inside the nose and cheeks, seeded. */
function points(n: number, seed: number) {
  const r = skinRegions(face).regions;
  const rand = seededRandom(seed);
  const out = [];
  for (const id of ['cheek_left', 'nose'] as const) {
    const poly = r[id];
    const cx = poly.reduce((s, p) => s + p.x, 0) / poly.length;
    const cy = poly.reduce((s, p) => s + p.y, 0) / poly.length;
    for (let k = 0; k < n / 2; k++) out.push({ x: cx + (rand() - 0.5) * 30, y: cy + (rand() - 0.5) * 30 });
  }
  return out;
}

describe('light-source selection', () => {
  it('counts porphyrins on the UV image when there is one, and not without it', () => {
    const uv = uvImage(image);
    const mm = faceAxes(face).ipd / IPD_MM;
    const spots = points(8, 4).filter((p, k, all) => all.findIndex((q) => Math.hypot(q.x - p.x, q.y - p.y) < 4 * mm) === k);
    for (const p of spots) paintPorphyrin(uv, p, 0.35 * mm, 1);
    const withUv = analyseView({ images: { white: image, uv }, face, view: 'front' }, { dimensions: ['acne'], ...PAINTED }).dimensions.acne;
    const without = analyseView({ images: { white: image }, face, view: 'front' }, { dimensions: ['acne'], ...PAINTED }).dimensions.acne;
    expect(withUv?.lights).toContain('uv');
    expect(withUv?.details['porphyrins']).toBeGreaterThanOrEqual(Math.ceil(0.8 * spots.length));
    expect(without?.lights).not.toContain('uv');
    expect(without?.details['porphyrins']).toBe(0);
  });

  it('reads pigment and redness under cross-polarised light and relief under parallel-polarised light', () => {
    const r = analyseView({ images: { white: image, cross_polar: image, parallel_polar: image }, face, view: 'front' }, { dimensions: ['speckle', 'sensitive', 'pore', 'forehead_wrinkle'], ...PAINTED });
    expect(r.dimensions.speckle?.lights).toEqual(['cross_polar']);
    expect(r.dimensions.sensitive?.lights).toEqual(['cross_polar']);
    expect(r.dimensions.pore?.lights).toEqual(['parallel_polar']);
    expect(r.dimensions.forehead_wrinkle?.lights).toEqual(['parallel_polar']);
    // Each read on the light it prefers: nothing to caveat.
    for (const d of ['speckle', 'sensitive', 'pore', 'forehead_wrinkle'] as const) expect(r.dimensions[d]?.caveats, d).toEqual([]);
  });

  it('takes shine as parallel minus cross, and measures no shine without both polarised images', () => {
    const parallel = { ...image, data: new Uint8Array(image.data) };
    const mm = faceAxes(face).ipd / IPD_MM;
    const nose = skinRegions(face).regions.nose;
    paintShine(parallel, { x: nose.reduce((s, p) => s + p.x, 0) / nose.length, y: nose.reduce((s, p) => s + p.y, 0) / nose.length }, 3 * mm, 1);
    const oilOf = (images: SkinViewInput['images']) => analyseView({ images, face, view: 'front' }, { dimensions: ['oil'], ...PAINTED });
    const shiny = oilOf({ white: image, cross_polar: image, parallel_polar: parallel }).dimensions.oil;
    const matte = oilOf({ white: image, cross_polar: image, parallel_polar: image }).dimensions.oil;
    expect(shiny?.lights).toEqual(['parallel_polar', 'cross_polar']);
    expect(shiny?.details['polarisationDifference']).toBe(1);
    // A 3 mm patch on the nose is about half a percent of the T-zone; identical images shine nowhere.
    expect(shiny?.measure).toBeGreaterThan(0.3);
    expect(matte?.measure).toBe(0);
    // D-074: one photo cannot tell the skin's shine from a bright patch of light.
    for (const images of [{ white: image }, { white: image, parallel_polar: parallel }, { white: image, cross_polar: image }]) {
      const r = oilOf(images);
      expect(r.dimensions.oil, Object.keys(images).join('+')).toBeUndefined();
      expect(r.notMeasured.oil?.reason).toBe('light');
      expect(r.notMeasured.oil?.detail).toMatch(/needs parallel_polar \+ cross_polar/);
    }
  });

  it('reads a source captured at another size as the same frame scaled', async () => {
    const spotted = paintScene(image, face, { kind: 'spot', count: 6, strength: 0.9, seed: 13 });
    const half = await decodeRgb(await encodeJpeg(spotted.image, 95), image.width / 2);
    const r = analyseView({ images: { white: image, cross_polar: half }, face, view: 'front' }, { dimensions: ['speckle'], ...PAINTED }).dimensions.speckle;
    expect(r?.lights).toEqual(['cross_polar']);
    // Findings are reported in the white image's pixels, where the spots were painted.
    const found = (r?.features ?? []).flatMap((f) => (f.kind === 'spot' ? [f.at] : []));
    const hits = spotted.painted.filter((p) => found.some((f) => Math.hypot(f.x - p.at.x, f.y - p.at.y) < Math.max(2 * p.radius, 1.5 * spotted.pxPerMm)));
    expect(hits.length).toBeGreaterThanOrEqual(5);
  });

  it('falls back to white for every dimension when white is all there is, and says so where another light is preferred', () => {
    const r = analyseView({ images: { white: image }, face, view: 'front' }, PAINTED);
    for (const a of Object.values(r.dimensions)) expect(a?.lights.every((l) => l === 'white'), a?.dimension).toBe(true);
    // Pigment and redness are read best under cross-polarised light, relief under parallel-polarised.
    for (const d of ['speckle', 'sensitive', 'black_rim_of_eye', 'forehead_wrinkle', 'skin_vitality'] as const) expect(r.dimensions[d]?.caveats, d).toContain('light');
    // Geometry needs no particular light.
    expect(r.dimensions.eye_sagging?.caveats ?? [], 'eye_sagging').not.toContain('light');
  });
});
