// Why a speckle spot appears in a painted or re-lit copy of a capture and not in the capture: for
// each such spot, its tests in that run next to the nearest candidate of the capture's run, and
// what the run's landmarks set (working frame, px/mm, tone scale). With --fixed, the copy is also
// read with the capture's geometry, which separates what the landmarks' re-detection changes
// from what the pixels do. A tool for reading the bench's "new false spots", not a figure of it.
//   npx tsx bench/vision-real/spot-dump.ts [--faces a,b] [--fixed] [--jitter] [--small] [--trials n]
// (--jitter: instead of the bench's copies, the capture itself with its landmarks moved by a
// pixel or scaled by 0.2 %, as a re-detection moves them; --small: the copies with the small spot
// on steep shading instead, each with the capture's shading slope there; --trials: painted copies
// per face, 2 as the bench by default; the first two are the bench's, the same seed places them)
import { REAL_FACES } from '../../test/fixtures/faces-real/manifest.ts';
import { SkinContext } from '../../vision/skin/context.ts';
import { spotCandidates } from '../../vision/skin/measure/spots.ts';
import type { SpotCandidate } from '../../vision/skin/measure/spots.ts';
import { toneScale } from '../../vision/skin/measure/tone.ts';
import { analyzeFace } from '../../vision/face/index.ts';
import { decodeImage } from '../../vision/image/decode.ts';
import type { FaceGeometry, Point2, RgbImage } from '../../vision/types.ts';
import { paintedImages, smallSpotImages } from './evaluate.ts';
import { JITTERS, moved } from './jitter.ts';
import { prepareFace, toJpeg } from './faces.ts';
import { PERTURBATIONS } from './perturb.ts';
import { analyseJpeg, spotCentres } from './pipeline.ts';

function arg(name: string): string[] | null {
  const i = process.argv.indexOf(name);
  return i >= 0 ? (process.argv[i + 1] ?? '').split(',').filter(Boolean) : null;
}

interface Read {
  readonly ctx: SkinContext;
  readonly candidates: readonly (SpotCandidate & { readonly at: Point2 })[];
}

function read(image: RgbImage, face: FaceGeometry): Read {
  const ctx = new SkinContext({ images: { white: image }, face, view: 'front' });
  const { candidates } = spotCandidates(ctx);
  return { ctx, candidates: candidates.map((c) => ({ ...c, at: ctx.toImage(1, c.x, c.y) })) };
}

const f2 = (v: number): string => v.toFixed(2);
const frameOf = (r: Read): string => `frame left ${r.ctx.frame.left} top ${r.ctx.frame.top} scale ${r.ctx.frame.scale.toFixed(4)}, ${r.ctx.pxPerMm(1).toFixed(4)} px/mm coarse, tone ${toneScale(r.ctx, 'white').toFixed(4)}`;
const testsOf = (c: SpotCandidate): string =>
  `resp ${f2(c.tests.response)} depth ${f2(c.tests.depth)} (${f2(c.depth)} L*) ring ${f2(c.tests.ring)} red ${f2(c.tests.redness)} iso ${f2(c.tests.isolation)} (raw ${c.isolationValue.toFixed(3)} at r ${(1.6 * c.radiusPx).toFixed(2)} px; radius ${f2(c.radiusMm)} mm)`;

function nearest(r: Read, p: Point2): { c: (typeof r.candidates)[number]; d: number } | null {
  let best: { c: (typeof r.candidates)[number]; d: number } | null = null;
  for (const c of r.candidates) {
    const d = Math.hypot(c.at.x - p.x, c.at.y - p.y);
    if (!best || d < best.d) best = { c, d };
  }
  return best;
}

const fixed = process.argv.includes('--fixed');
const trials = Number(arg('--trials')?.[0] ?? 2);
if (!Number.isInteger(trials) || trials < 1) throw new Error('--trials wants a whole number, 1 or more');
const jitter = process.argv.includes('--jitter');
const small = process.argv.includes('--small');

const ids = arg('--faces') ?? REAL_FACES.map((f) => f.id);
for (const id of ids) {
  const k = REAL_FACES.findIndex((f) => f.id === id);
  const meta = REAL_FACES[k];
  if (!meta) throw new Error(`no real face '${id}'`);
  const face = await prepareFace(meta);
  const base = await analyseJpeg(face.jpeg);
  const mm = base.pxPerMm;
  const baseSpots = spotCentres(base, 'speckle');
  const b = read(base.image, base.face);
  const sp = base.combined.dimensions.speckle;
  console.log(`\n## ${id} (seed ${1000 + k}): ${baseSpots.length} spots, speckle ${sp ? `level ${sp.level} measure ${sp.measure.toFixed(2)}` : 'not measured'}; capture ${frameOf(b)}`);
  // The same copies as the bench's: its painted trials (seed 1000 + index) and its same-pixel
  // perturbations; with --jitter, the capture's own pixels with its landmarks moved a little.
  // `within`: how near the painted spot (mm) a spot finds it, max(2 radii, 3 mm) as the bench counts.
  const copies: { name: string; image: RgbImage; geometry: FaceGeometry; paint: Point2 | null; within: number }[] = [];
  const decoded = async (name: string, jpeg: Buffer, paint: Point2 | null, within = 6): Promise<void> => {
    const image = await decodeImage(jpeg);
    copies.push({ name, image, geometry: await analyzeFace(image), paint, within });
  };
  if (jitter) for (const [name, move] of JITTERS) copies.push({ name, image: base.image, geometry: moved(base.face, move), paint: null, within: 6 });
  else if (small) {
    for (const [t, p] of smallSpotImages(face, base, trials, 1000 + k).painted.entries()) await decoded(`small ${t + 1} (shading ${p.slope.toFixed(2)} L*/mm)`, await toJpeg(p.image), p.spot, 3);
  } else {
    for (const [t, p] of paintedImages(face, base, trials, 1000 + k).entries()) await decoded(`painted ${t + 1}`, await toJpeg(p.image), p.spot);
    for (const p of PERTURBATIONS.filter((q) => q.sameGeometry)) await decoded(p.name, await p.apply(face.image), null);
  }
  for (const copy of copies) {
    const { image, geometry } = copy;
    const runs: [string, Read][] = [[jitter ? 'moved landmarks' : 'own landmarks', read(image, geometry)]];
    if (fixed) runs.push(["capture's landmarks", read(image, base.face)]);
    for (const [how, r] of runs) {
      const reported = r.candidates.filter((c) => c.weight >= 0.5);
      const fresh = reported.filter((c) => !(copy.paint && Math.hypot(c.at.x - copy.paint.x, c.at.y - copy.paint.y) <= copy.within * mm) && !baseSpots.some((s) => Math.hypot(s.x - c.at.x, s.y - c.at.y) <= 3 * mm));
      const gone = b.candidates.filter((c) => c.weight >= 0.5 && !reported.some((s) => Math.hypot(s.at.x - c.at.x, s.at.y - c.at.y) <= 3 * mm));
      console.log(`  ${copy.name}, ${how}: ${reported.length} spots, ${fresh.length} new, ${gone.length} gone; ${frameOf(r)}`);
      // The painted spot itself: the candidate nearest its centre, found or missed and why.
      const paint = copy.paint;
      if (paint) {
        const n = nearest(r, paint);
        const found = reported.some((c) => Math.hypot(c.at.x - paint.x, c.at.y - paint.y) <= copy.within * mm);
        console.log(`    paint at (${paint.x.toFixed(1)}, ${paint.y.toFixed(1)}) ${found ? 'found' : 'MISSED'}: ${n ? `${testsOf(n.c)} [${(n.d / mm).toFixed(2)} mm away]` : 'no candidate'}`);
      }
      for (const c of fresh) {
        const n = nearest(b, c.at);
        const far = copy.paint ? `${(Math.hypot(c.at.x - copy.paint.x, c.at.y - copy.paint.y) / mm).toFixed(0)} mm from paint` : '';
        console.log(`    new at (${c.at.x.toFixed(1)}, ${c.at.y.toFixed(1)}) ${far}\n      copy:    ${testsOf(c)}`);
        console.log(`      capture: ${n && n.d <= 3 * mm ? `${testsOf(n.c)} [${(n.d / mm).toFixed(2)} mm away]` : 'no candidate within 3 mm'}`);
      }
      for (const c of gone) {
        const n = nearest(r, c.at);
        console.log(`    gone at (${c.at.x.toFixed(1)}, ${c.at.y.toFixed(1)})\n      capture: ${testsOf(c)}`);
        console.log(`      copy:    ${n && n.d <= 3 * mm ? `${testsOf(n.c)} [${(n.d / mm).toFixed(2)} mm away]` : 'no candidate within 3 mm'}`);
      }
    }
  }
}
