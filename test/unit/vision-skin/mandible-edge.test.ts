// mandible_edge on scenes whose jaw edge is drawn where we choose (D-120): the lower face of a real
// photo repainted as lit skin over a darker neck, the boundary a given distance outside (or
// inside) FaceMesh's jaw contour, crisp or soft, falling or rising outwards. The photo is an
// evaluation-set face (sample3-a's), not a held-out one (D-119).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseView } from '../../../vision/skin/index.ts';
import { pointInPolygon } from '../../../vision/skin/image/raster.ts';
import { IPD_MM, faceAxes, landmark, landmarks } from '../../../vision/skin/regions/geometry.ts';
import * as M from '../../../vision/skin/regions/mesh-indices.ts';
import type { FaceGeometry, Point2, RgbImage } from '../../../vision/types.ts';
import { fixtureFace, releaseLandmarker } from './helpers/faces.ts';
import { copyImage } from './helpers/images.ts';
import { distanceToPath } from './helpers/paint.ts';
import { PAINTED } from './helpers/scenes.ts';

let image: RgbImage;
let face: FaceGeometry;
beforeAll(async () => {
  ({ image, face } = await fixtureFace('sample3-frontal-smile.jpg', 1600));
});
afterAll(releaseLandmarker);

interface JawScene {
  /** Where the boundary lies, in mm outside the mesh's jaw contour (negative: inside it). */
  readonly edgeMm: number;
  /** Width of the ramp from skin to neck, mm. */
  readonly rampMm: number;
  /** Brightness of what lies beyond the edge, relative to the skin (below 1: shade under the jaw). */
  readonly beyond: number;
}

/** The cheek's own colour: the mean over a 3 mm disc at the cheek apex. */
function skinColour(img: RgbImage, at: Point2, r: number): [number, number, number] {
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = Math.round(at.y - r); y <= at.y + r; y++) {
    for (let x = Math.round(at.x - r); x <= at.x + r; x++) {
      if ((x - at.x) ** 2 + (y - at.y) ** 2 > r * r) continue;
      for (let c = 0; c < 3; c++) sum[c] = (sum[c] as number) + (img.data[(y * img.width + x) * 3 + c] as number);
      n++;
    }
  }
  return [(sum[0] as number) / n, (sum[1] as number) / n, (sum[2] as number) / n];
}

/**
 * Repaints a band 15 mm either side of the jaw contour, below the nose tip: the cheek's colour
 * inside the boundary, `beyond` times it outside, a linear ramp of `rampMm` across.
 */
function jawScene(spec: JawScene): RgbImage {
  const out = copyImage(image);
  const mm = faceAxes(face).ipd / IPD_MM;
  const nose = landmark(face, M.POINT.noseTip);
  const contour = landmarks(face, [...M.JAW_RIGHT, ...[...M.JAW_LEFT].reverse().slice(1)]);
  const edge = contour.map((p) => {
    const d = Math.hypot(p.x - nose.x, p.y - nose.y) || 1;
    return { x: p.x + ((p.x - nose.x) / d) * spec.edgeMm * mm, y: p.y + ((p.y - nose.y) / d) * spec.edgeMm * mm };
  });
  const inside = [...edge, nose];
  const skin = skinColour(image, landmark(face, M.POINT.cheekApexLeft), 3 * mm);
  for (let y = Math.floor(nose.y); y < out.height; y++) {
    for (let x = 0; x < out.width; x++) {
      const p = { x: x + 0.5, y: y + 0.5 };
      if (distanceToPath(p, contour) > 15 * mm) continue;
      const d = distanceToPath(p, edge) * (pointInPolygon(p, inside) ? -1 : 1);
      const w = Math.min(1, Math.max(0, d / (spec.rampMm * mm) + 0.5));
      const k = 1 + (spec.beyond - 1) * w;
      for (let c = 0; c < 3; c++) out.data[(y * out.width + x) * 3 + c] = Math.min(255, Math.round((skin[c] as number) * k));
    }
  }
  return out;
}

function softness(spec: JawScene): number {
  const r = analyseView({ images: { white: jawScene(spec) }, face, view: 'front' }, { dimensions: ['mandible_edge'], ...PAINTED });
  const d = r.dimensions.mandible_edge;
  if (!d) throw new Error(`mandible_edge not measured: ${JSON.stringify(r.notMeasured.mandible_edge)}`);
  return d.measure;
}

describe('mandible_edge reads the jaw edge where it is, and only a fall into shade', () => {
  it('a crisp edge 6 mm outside the mesh contour (as far out as most of the set\'s jaw edges, D-120) reads crisp', () => {
    expect(softness({ edgeMm: 6, rampMm: 1, beyond: 0.5 })).toBeLessThan(35);
  });

  it('a crisp edge 2 mm inside the contour reads crisp too', () => {
    expect(softness({ edgeMm: -2, rampMm: 1, beyond: 0.5 })).toBeLessThan(35);
  });

  it('the same fall spread over 12 mm reads at least 40 points softer, past the first level', () => {
    const crisp = softness({ edgeMm: 5, rampMm: 1, beyond: 0.5 });
    const soft = softness({ edgeMm: 5, rampMm: 12, beyond: 0.5 });
    expect(soft).toBeGreaterThanOrEqual(35);
    expect(soft - crisp).toBeGreaterThan(40);
  });

  it('a crisp fall 10 mm out (a collar, hair) is beyond the search and reads soft', () => {
    expect(softness({ edgeMm: 10, rampMm: 1, beyond: 0.5 })).toBeGreaterThanOrEqual(75);
  });

  it('a crisp fall 6 mm inside the contour (a shadow on the cheek) is before the search and reads soft', () => {
    expect(softness({ edgeMm: -6, rampMm: 1, beyond: 0.5 })).toBeGreaterThanOrEqual(75);
  });

  it('a crisp rise into something brighter (a pale wall or collar beside the jaw) is not taken for the jaw edge', () => {
    expect(softness({ edgeMm: 5, rampMm: 1, beyond: 1.6 })).toBeGreaterThanOrEqual(75);
  });
});
