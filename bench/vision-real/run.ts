// Real-face evaluation of vision/skin (issue 12, part 6): is each dimension a measurement?
// npm run bench:vision-real [-- --quick] [-- --faces a,b] [-- --trials n] [-- --write-figures <path>] [-- --held-out]
// Figures and their limits: bench/vision-real/README.md. Exits 0 whatever the aims say (it is a
// measuring instrument); 1 only when it crashes.
import { cpus, loadavg } from 'node:os';
import { evaluateFace } from './evaluate.ts';
import type { FaceRun } from './evaluate.ts';
import { TARGET_PX_PER_MM, prepareFace, selectFaces } from './faces.ts';
import { dimensionFigures, perturbationFigures, smallSpotFigures, spotFigures, toneFigures, wrinkleFigures } from './metrics.ts';
import { PERTURBATIONS, QUICK_PERTURBATIONS } from './perturb.ts';
import { aims, printAims, printDimensions, printFaces, printPainting, printPerturbations, printSmallSpots, printTone, printWrinkles, smallSpotLine, writeFigures } from './report.ts';

interface Args {
  readonly quick: boolean;
  readonly faces?: string[];
  readonly figures?: string;
  /** Painted trials per face (default 2, 1 with --quick): two per face is too few to read a rate of new false spots (D-088). */
  readonly trials?: number;
  /** The held-out faces instead of the evaluation set (manifest.ts, D-119). */
  readonly heldOut: boolean;
}

function parseArgs(argv: readonly string[]): Args {
  let quick = false;
  let heldOut = false;
  let faces: string[] | undefined;
  let figures: string | undefined;
  let trials: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--quick') quick = true;
    else if (a === '--held-out') heldOut = true;
    else if (a === '--faces') faces = (argv[++i] ?? '').split(',').filter(Boolean);
    else if (a?.startsWith('--faces=')) faces = a.slice(8).split(',').filter(Boolean);
    else if (a === '--write-figures') figures = argv[++i];
    else if (a?.startsWith('--write-figures=')) figures = a.slice(16);
    else if (a === '--trials' || a?.startsWith('--trials=')) trials = paintTrialsArg(a === '--trials' ? argv[++i] : a.slice(9));
    else throw new Error(`unknown argument ${a} (use --quick, --faces a,b, --trials n, --write-figures <path>, --held-out)`);
  }
  return { quick, heldOut, ...(faces ? { faces } : {}), ...(figures ? { figures } : {}), ...(trials !== undefined ? { trials } : {}) };
}

function paintTrialsArg(v: string | undefined): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--trials wants a whole number of painted trials per face, 1 or more (got ${v})`);
  return n;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const started = performance.now();
  const perturbations = args.quick ? QUICK_PERTURBATIONS : PERTURBATIONS;
  const paintTrials = args.trials ?? (args.quick ? 1 : 2);
  const toneShifts = [10, -10];
  if (args.heldOut && args.figures) throw new Error('--write-figures records the evaluation set\'s figures (the kiosk\'s noise bands), not the held-out faces\'');
  const metas = selectFaces(args.faces, args.heldOut);
  console.log(`vision-real bench ${new Date().toISOString()}; ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`${metas.length} ${args.heldOut ? 'held-out faces (never tuned on; cut from their sources)' : 'faces'} at ${TARGET_PX_PER_MM} px/mm; perturbations: ${perturbations.map((p) => p.name).join(', ')}; ${paintTrials} painted trial(s) per face, as many small spots on steep shading; tone shifts ${toneShifts.join(', ')} ITA degrees`);
  const runs: FaceRun[] = [];
  for (const [k, meta] of metas.entries()) {
    const face = await prepareFace(meta);
    // The small spot on shading: as many copies as painted trials, one analysis each (shading.ts).
    runs.push(await evaluateFace(face, { perturbations, paintTrials, smallSpotTrials: paintTrials, toneShifts, seed: 1000 + k, log: (l) => console.error(l) }));
  }
  const dims = dimensionFigures(runs);
  const spots = spotFigures(runs);
  const tone = toneFigures(runs);
  const wrinkles = wrinkleFigures(runs);
  const small = smallSpotFigures(runs);
  printFaces(runs);
  printDimensions(dims);
  printPerturbations(perturbationFigures(runs));
  printPainting(spots);
  printSmallSpots(small);
  printTone(tone);
  printWrinkles(wrinkles);
  const smallAll = small[small.length - 1];
  printAims(aims(dims, spots, tone, wrinkles), smallAll && smallAll.trials + smallAll.notMeasured > 0 ? [smallSpotLine(smallAll)] : []);
  if (args.figures) {
    await writeFigures(args.figures, dims, { faces: metas.map((m) => m.id), perturbations: perturbations.map((p) => p.name), targetPxPerMm: TARGET_PX_PER_MM });
    console.log(`\nrepeatability figures written to ${args.figures}`);
  }
  const analyses = runs.reduce((s, r) => s + r.analyses, 0);
  console.log(`\n${analyses} analyses in ${((performance.now() - started) / 1000).toFixed(0)} s; load average now ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
