import { describe, expect, it } from 'vitest';
import { alignFaces, cssTransformOf, type Point } from '../../../common/kiosk/face-align.ts';

const ASPECT = 4 / 3;
const OVAL: Point[] = Array.from({ length: 36 }, (_, i) => {
  const a = (i / 36) * 2 * Math.PI;
  return [0.5 + 0.12 * Math.cos(a), 0.5 + 0.22 * Math.sin(a) + 0.03 * Math.cos(3 * a)];
});

/** Moves normalised points by scale s, rotation r and shift (dx, dy in frame heights), aspect-corrected. */
function move(points: Point[], s: number, r: number, dx: number, dy: number): Point[] {
  return points.map(([x, y]) => {
    const X = x * ASPECT;
    return [(s * (Math.cos(r) * X - Math.sin(r) * y) + dx) / ASPECT, s * (Math.sin(r) * X + Math.cos(r) * y) + dy];
  });
}

describe('aligning two visits’ faces by their outlines (D-061)', () => {
  it('recovers scale, rotation and shift between landmark outlines, with nothing left over', () => {
    const later = move(OVAL, 1.15, 0.08, 0.05, -0.03);
    const fit = alignFaces({ points: OVAL, source: 'landmarks' }, { points: later, source: 'landmarks' }, ASPECT);
    expect(fit?.method).toBe('procrustes');
    expect(fit?.scale).toBeCloseTo(1.15, 6);
    expect(fit?.rotation).toBeCloseTo(0.08, 6);
    expect(fit?.residual).toBeLessThan(1e-9);
  });

  it('matches centre and size only when the outlines do not correspond point by point', () => {
    const box: Point[] = [
      [0.4, 0.3],
      [0.6, 0.3],
      [0.6, 0.7],
      [0.4, 0.7],
    ];
    const fit = alignFaces({ points: box, source: 'box' }, { points: OVAL, source: 'landmarks' }, ASPECT);
    expect(fit).toMatchObject({ method: 'centre', rotation: 0 });
    expect(alignFaces({ points: box.slice(0, 2), source: 'box' }, { points: OVAL, source: 'landmarks' }, ASPECT)).toBeNull();
  });

  it('writes a CSS transform that puts the earlier outline onto the later one in the drawn box', () => {
    const later = move(OVAL, 0.9, -0.05, 0.02, 0.04);
    const fit = alignFaces({ points: OVAL, source: 'landmarks' }, { points: later, source: 'landmarks' }, ASPECT);
    if (!fit) throw new Error('no fit');
    const css = cssTransformOf(fit, ASPECT);
    const [tx, ty, rot, sc] = (css.match(/-?\d+(\.\d+)?/g) ?? []).map(Number) as [number, number, number, number];
    // Apply the CSS to a point of a 400 x 300 box, as the browser would (origin 0 0).
    const W = 400;
    const H = 300;
    const [x, y] = [(OVAL[5] as Point)[0] * W, (OVAL[5] as Point)[1] * H];
    const px = (tx / 100) * W + sc * (Math.cos(rot) * x - Math.sin(rot) * y);
    const py = (ty / 100) * H + sc * (Math.sin(rot) * x + Math.cos(rot) * y);
    expect(px / W).toBeCloseTo((later[5] as Point)[0], 3);
    expect(py / H).toBeCloseTo((later[5] as Point)[1], 3);
  });
});
