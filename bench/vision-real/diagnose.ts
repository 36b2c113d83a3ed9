// Why levels change: for each face, the unperturbed analysis and each perturbation side by side,
// one line per dimension whose outcome differs (level, or measured / not measured with the
// reason's detail), and the view's effective resolution. A tool for reading the bench's level
// changes, not a figure of it.
//   npx tsx bench/vision-real/diagnose.ts [--faces a,b] [--dimensions x,y] [--tone] [--held-out]
// (--tone: the +10 and -10 ITA degree tone shifts instead of the perturbations; --held-out: the
// held-out faces of manifest.ts instead of the evaluation set)
import { DIMENSION_IDS } from '../../protocol/enums/dimensions.ts';
import type { DimensionId } from '../../protocol/enums/dimensions.ts';
import { prepareFace, selectFaces } from './faces.ts';
import { PERTURBATIONS } from './perturb.ts';
import { toJpeg } from './faces.ts';
import { shiftTone } from './tone.ts';
import { skinRegions } from '../../vision/skin/regions/regions.ts';
import { analyseJpeg } from './pipeline.ts';
import type { Analysis } from './pipeline.ts';

function arg(name: string): string[] | null {
  const i = process.argv.indexOf(name);
  return i >= 0 ? (process.argv[i + 1] ?? '').split(',').filter(Boolean) : null;
}

function describe(a: Analysis, d: DimensionId): string {
  const nm = a.combined.notMeasured[d] ?? a.view.notMeasured[d];
  if (nm) return `not measured (${nm.reason}: ${nm.detail})`;
  const r = a.combined.dimensions[d];
  return r ? `level ${r.level} score ${r.score} measure ${r.measure.toFixed(2)}` : 'absent';
}

const faces = selectFaces(arg('--faces') ?? undefined, process.argv.includes('--held-out'));
const dims = (arg('--dimensions') as DimensionId[] | null) ?? [...DIMENSION_IDS];
for (const meta of faces) {
  const face = await prepareFace(meta);
  const base = await analyseJpeg(face.jpeg);
  console.log(`\n## ${meta.id}: ${`${base.view.effectivePxPerMm.toFixed(3)} px/mm effective of ${base.view.pxPerMm.toFixed(2)}`}`);
  const tone = process.argv.includes('--tone');
  const variants = tone
    ? [10, -10].map((deg) => ({ name: `tone ${deg > 0 ? '+' : ''}${deg}`, apply: async () => toJpeg(shiftTone(face.image, skinRegions(base.face), base.pxPerMm, deg).image) }))
    : PERTURBATIONS;
  for (const p of variants) {
    let a: Analysis;
    try {
      a = await analyseJpeg(await p.apply(face.image));
    } catch (err) {
      console.log(`  ${p.name}: ${String(err)}`);
      continue;
    }
    const lines = dims.flatMap((d) => {
      const before = describe(base, d);
      const after = describe(a, d);
      const level = (t: string): string => (t.startsWith('not') ? 'not' : t.split(' score')[0] ?? t);
      const changed = level(before) !== level(after);
      return changed ? [`    ${d}: ${before}  ->  ${after}`] : [];
    });
    console.log(`  ${p.name}: ${`${a.view.effectivePxPerMm.toFixed(3)} of ${a.view.pxPerMm.toFixed(2)}`}${lines.length ? '\n' + lines.join('\n') : ''}`);
  }
}
