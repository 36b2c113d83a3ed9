import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ANNOTATION_MAX_SIDE, annotationBase, annotationBounds, renderAnnotation } from '../../../platform/analysis/annotation-render.ts';
import type { SkinAnnotation } from '../../../vision/skin/index.ts';
import type { RgbImage } from '../../../vision/types.ts';

const GREY = 128;
const RED = 'rgb(255,0,0)';

/** A uniform grey photo, so any colour in the overlay comes from the drawing. */
function grey(width: number, height: number): RgbImage {
  return { width, height, data: new Uint8Array(width * height * 3).fill(GREY) };
}

async function decoded(jpeg: Uint8Array): Promise<{ width: number; height: number; at: (x: number, y: number) => [number, number, number] }> {
  const meta = await sharp(jpeg).metadata();
  expect(meta.format).toBe('jpeg');
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number): [number, number, number] => {
    const i = (Math.round(y) * info.width + Math.round(x)) * info.channels;
    return [data[i]!, data[i + 1]!, data[i + 2]!];
  };
  return { width: info.width, height: info.height, at };
}

/** `tolerance` allows for JPEG ringing and 4:2:0 chroma next to a saturated stroke. */
function expectGrey([r, g, b]: [number, number, number], tolerance = 6): void {
  for (const v of [r, g, b]) expect(Math.abs(v - GREY)).toBeLessThanOrEqual(tolerance);
}

describe('annotation images', () => {
  // A 12 MP-like 3:2 source: overlays are shrunk to the documented long side, aspect kept.
  const source = grey(3000, 2000);
  const scale = ANNOTATION_MAX_SIDE / 3000;

  it('are JPEGs of at most ANNOTATION_MAX_SIDE on the long side, aspect kept', async () => {
    const base = await annotationBase(source);
    expect([base.width, base.height]).toEqual([ANNOTATION_MAX_SIDE, Math.round(2000 * scale)]);
    const image = await decoded(await renderAnnotation(base, [], source.width, RED));
    expect([image.width, image.height]).toEqual([base.width, base.height]);
    expectGrey(image.at(base.width / 2, base.height / 2));
  });

  it('keep a small photo at its own size', async () => {
    const base = await annotationBase(grey(800, 600));
    expect([base.width, base.height]).toEqual([800, 600]);
  });

  it('draw a circle where a point is, in source pixels scaled to the overlay', async () => {
    const base = await annotationBase(source);
    const points: SkinAnnotation = { kind: 'points', points: [{ x: 1500, y: 1000 }], radii: [20] };
    const image = await decoded(await renderAnnotation(base, [points], source.width, RED));
    const r = 20 * scale * 1.5;
    const [cr, cg] = image.at(1500 * scale + r, 1000 * scale);
    expect(cr).toBeGreaterThan(170);
    expect(cg).toBeLessThan(100);
    expectGrey(image.at(1500 * scale, 1000 * scale), 16); // the circle is not filled (13 px away)
    expectGrey(image.at(100, 100));
  });

  it('fill polygons and mask cells translucently, and trace paths', async () => {
    const base = await annotationBase(source);
    const annotations: SkinAnnotation[] = [
      { kind: 'polygon', polygons: [[{ x: 300, y: 300 }, { x: 900, y: 300 }, { x: 900, y: 900 }, { x: 300, y: 900 }]] },
      { kind: 'mask', box: { left: 2000, top: 1000, width: 400, height: 400 }, cols: 2, rows: 2, cells: new Uint8Array([1, 0, 0, 0]) },
      { kind: 'path', paths: [[{ x: 300, y: 1600 }, { x: 2700, y: 1600 }]] },
    ];
    const image = await decoded(await renderAnnotation(base, annotations, source.width, RED));
    // fill-opacity 0.2 over grey: red up, green and blue down, by about 0.2 of the difference.
    const [pr, pg] = image.at(600 * scale, 600 * scale);
    expect(pr).toBeGreaterThan(GREY + 15);
    expect(pg).toBeLessThan(GREY - 15);
    // The filled mask cell (top left of the box) at 0.35, the empty one beside it untouched.
    const [mr, mg] = image.at(2100 * scale, 1100 * scale);
    expect(mr).toBeGreaterThan(GREY + 30);
    expect(mg).toBeLessThan(GREY - 30);
    expectGrey(image.at(2300 * scale, 1300 * scale));
    const [lr, lg] = image.at(1500 * scale, 1600 * scale);
    expect(lr).toBeGreaterThan(170);
    expect(lg).toBeLessThan(100);
    expectGrey(image.at(1500 * scale, 1700 * scale));
  });

  it('draw marks cut by the image edge, and nothing for marks outside it', async () => {
    const base = await annotationBase(source);
    const edge: SkinAnnotation = { kind: 'points', points: [{ x: 0, y: 0 }, { x: 3000, y: 2000 }], radii: [30, 30] };
    const image = await decoded(await renderAnnotation(base, [edge], source.width, RED));
    const r = 30 * scale * 1.5;
    expect(image.at(r, 1)[0]).toBeGreaterThan(170);
    const outside: SkinAnnotation = { kind: 'points', points: [{ x: -500, y: -500 }], radii: [10] };
    expect(annotationBounds([outside], scale, base.width, base.height)).toBeNull();
    expectGrey((await decoded(await renderAnnotation(base, [outside], source.width, RED))).at(2, 2));
  });

  it('bound the drawing to the marks, with room for the stroke', () => {
    const box = annotationBounds([{ kind: 'path', paths: [[{ x: 100, y: 200 }, { x: 300, y: 250 }]] }], 1, 1000, 1000);
    expect(box).not.toBeNull();
    expect(box!.left).toBeLessThan(100);
    expect(box!.top).toBeLessThan(200);
    expect(box!.left + box!.width).toBeGreaterThan(300);
    expect(box!.top + box!.height).toBeGreaterThan(250);
    expect(box!.width).toBeLessThan(220);
  });
});
