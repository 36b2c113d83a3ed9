// Reported spots do not come and go when only the landmarks move (D-082, D-091). The working frame
// is cut and resampled around the landmarks; before D-091 its corner followed them, so landmarks
// found a pixel elsewhere on the same pixels moved the coarse grid by up to half a pixel on the
// photo, and before D-082 the "dark all round" test, read on single samples of that grid, let two
// forehead spots of sample3-c appear and one disappear under a half-pixel shift (the painted
// copies' new false spots of bench:vision-real, D-080c). Since D-091 the corner sits on a lattice
// fixed in the photo, so the photo is sampled at the same points; what still moves with the
// landmarks is the skin mask, so a spot within about a millimetre of its edge may still come and
// go (D-091, not done) and is left out of the comparison. Real faces of the bench
// (test/fixtures/faces-real), prepared as the bench prepares them; 10-20 s on 2 cores.
import { beforeAll, describe, expect, it } from 'vitest';
import { JITTERS, moved } from '../../../bench/vision-real/jitter.ts';
import { prepareFace, selectFaces } from '../../../bench/vision-real/faces.ts';
import { analyseJpeg } from '../../../bench/vision-real/pipeline.ts';
import type { Analysis } from '../../../bench/vision-real/pipeline.ts';
import { SkinContext } from '../../../vision/skin/context.ts';
import type { Mask } from '../../../vision/skin/image/plane.ts';
import { FACE_SKIN } from '../../../vision/skin/measure/regions.ts';
import { findSpots } from '../../../vision/skin/measure/spots.ts';
import type { FaceGeometry, Point2, RgbImage } from '../../../vision/types.ts';

/** sample3-c: a resampled frame (scale 0.95); sample6-c: a frame taken 1:1, halved. */
const FACES = ['sample3-c', 'sample6-c'];
/** Moves of a pixel or 0.2 % (a re-detection's size); a 1.5 px move also shifts region edges by a coarse pixel. */
const MOVES = JITTERS.filter(([, m]) => Math.hypot(m.dx, m.dy) <= 1);

/** How near the skin mask's edge a spot is left out (the sample3-c spot that comes and goes sits 1.1 mm from it). */
const EDGE_MM = 1.5;

/** Coarse pixels from (x, y) to the nearest pixel outside the mask, up to `reach`. */
function edgeDistance(mask: Mask, x: number, y: number, reach: number): number {
  let best = Infinity;
  for (let dy = -reach; dy <= reach; dy++) {
    for (let dx = -reach; dx <= reach; dx++) {
      const px = Math.round(x) + dx;
      const py = Math.round(y) + dy;
      const outside = px < 0 || py < 0 || px >= mask.width || py >= mask.height || !mask.data[py * mask.width + px];
      if (outside) best = Math.min(best, Math.hypot(dx, dy));
    }
  }
  return best;
}

/** The reported spots on the photo, and those of them near the skin mask's edge. */
function spotsOf(image: RgbImage, face: FaceGeometry): { spots: Point2[]; nearEdge: Point2[] } {
  const ctx = new SkinContext({ images: { white: image }, face, view: 'front' });
  const mask = ctx.unionMask(FACE_SKIN, 1);
  const reach = Math.ceil(EDGE_MM * ctx.pxPerMm(1));
  const spots: Point2[] = [];
  const nearEdge: Point2[] = [];
  for (const s of findSpots(ctx).spots) {
    const at = ctx.toImage(1, s.x, s.y);
    (edgeDistance(mask, s.x, s.y, reach) <= reach ? nearEdge : spots).push(at);
  }
  return { spots, nearEdge };
}

const unmatched = (a: readonly Point2[], b: readonly Point2[], px: number): Point2[] => a.filter((p) => !b.some((q) => Math.hypot(p.x - q.x, p.y - q.y) <= px));

const captures = new Map<string, Analysis>();

beforeAll(async () => {
  for (const meta of selectFaces(FACES)) {
    const face = await prepareFace(meta);
    captures.set(meta.id, await analyseJpeg(face.jpeg));
  }
}, 60_000);

describe('the working frame under a landmark re-detection on the same pixels', () => {
  const shifts = MOVES.filter(([, m]) => m.k === 1);
  it.each(FACES.flatMap((f) => shifts.map(([name, m]) => [f, name, m] as const)))('%s, landmarks moved (%s): the coarse grid stays on the same photo points', (id, _name, m) => {
    const a = captures.get(id) as Analysis;
    const frameOf = (face: FaceGeometry) => new SkinContext({ images: { white: a.image }, face, view: 'front' }).frame;
    const before = frameOf(a.face);
    const after = frameOf(moved(a.face, m));
    // A pure shift keeps the scale; a coarse pixel is 2 work pixels, and the corners differ by
    // whole coarse pixels.
    expect(after.scale).toBe(before.scale);
    for (const [b, c] of [[before.left, after.left], [before.top, after.top]] as const) {
      const steps = ((c - b) * before.scale) / 2;
      expect(Math.abs(steps - Math.round(steps))).toBeLessThan(1e-6);
    }
  });
});

describe('spots under a landmark re-detection on the same pixels', () => {
  it.each(FACES.flatMap((f) => MOVES.map(([name, m]) => [f, name, m] as const)))('%s, landmarks moved (%s): the same spots away from the mask edge', (id, _name, m) => {
    const a = captures.get(id) as Analysis;
    const before = spotsOf(a.image, a.face);
    const after = spotsOf(a.image, moved(a.face, m));
    expect(before.spots.length).toBeGreaterThan(0);
    const mm = a.pxPerMm;
    // A spot that moved to the edge's band in the other run is not a spot that came or went.
    const anyOf = (x: { spots: Point2[]; nearEdge: Point2[] }) => [...x.spots, ...x.nearEdge];
    expect({ appeared: unmatched(after.spots, anyOf(before), 3 * mm), vanished: unmatched(before.spots, anyOf(after), 3 * mm) }).toEqual({ appeared: [], vanished: [] });
  });
});
