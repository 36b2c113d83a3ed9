// The small configuration the regression test (test/unit/vision-skin/real-faces.test.ts) runs on
// every submission: the manifest's three `ci` faces (the older man, a young plain face, a
// brown-skinned face with heavy make-up), three perturbations and one painted trial each, no tone
// shift. About 15 analyses: well under a minute on 2 cores. Shared with the bench, one implementation.
// Print its figures (to reset the test's baseline): npx tsx bench/vision-real/ci.ts
import { pathToFileURL } from 'node:url';
import { evaluateFace } from './evaluate.ts';
import type { FaceRun } from './evaluate.ts';
import { prepareFace, selectFaces } from './faces.ts';
import { REAL_FACES } from '../../test/fixtures/faces-real/manifest.ts';
import { dimensionFigures, spotFigures, wrinkleFigures } from './metrics.ts';
import { QUICK_PERTURBATIONS } from './perturb.ts';
import { printDimensions, printPainting, printWrinkles } from './report.ts';

export const CI_FACES: readonly string[] = REAL_FACES.filter((f) => f.roles.includes('ci')).map((f) => f.id);

export async function runCi(): Promise<FaceRun[]> {
  const runs: FaceRun[] = [];
  for (const [k, meta] of selectFaces(CI_FACES).entries()) {
    runs.push(await evaluateFace(await prepareFace(meta), { perturbations: QUICK_PERTURBATIONS, paintTrials: 1, toneShifts: [], seed: 1000 + k }));
  }
  return runs;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const t0 = performance.now();
  const runs = await runCi();
  const dims = dimensionFigures(runs);
  printDimensions(dims);
  printPainting(spotFigures(runs));
  printWrinkles(wrinkleFigures(runs));
  console.log(JSON.stringify(Object.fromEntries(dims.map((d) => [d.dimension, [Math.round(d.scoreSd * 10) / 10, Math.round(d.levelChangeRate * 100) / 100]]))));
  console.log(`${((performance.now() - t0) / 1000).toFixed(0)} s`);
}
