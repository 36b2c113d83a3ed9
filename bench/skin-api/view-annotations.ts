/**
 * One 12 MP view through the platform's skin_view job path, phase by phase (issue 12: analysis
 * with annotations <= 1.5 s on this machine): decoding and the face (one phase, since the job
 * overlaps them), analyseView, and drawing every dimension's annotation overlay
 * (annotation_image). The phases are the job's own exported steps
 * (platform/analysis/jobs/skin-jobs.ts), run in this process the way a worker runs them. Prints the
 * median of the warm runs per phase (one warm-up run first, for the JIT), the CPU time of the
 * annotation phase (sharp draws on libvips threads, so its wall time alone hides the cores it
 * takes from a second worker) and the ratio of annotation time to analysis time from the same
 * runs, with the load average, since the machine is shared. Not a test.
 * Options: --runs=N warm runs (default 5), --lights=N light sources per view, 1 (white, a
 * single-camera front view) or 5 (a device_v view; all five are the same photo, tinted),
 * --system-allocator (glibc's defaults instead of the station's settings, analysis-allocator.ts).
 */
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import sharp from 'sharp';
import { DIMENSION_IDS } from '../../protocol/enums/dimensions.ts';
import { LIGHT_SOURCES, type LightSource } from '../../protocol/skin-api/api-codes.ts';
import { annotationBases, decodeView, viewAnnotations } from '../../platform/analysis/jobs/skin-jobs.ts';
import type { SkinViewJobPayload } from '../../platform/analysis/job-types.ts';
import { analyseView, threadCropHelper } from '../../vision/skin/index.ts';
import { underAnalysisAllocator } from '../analysis-allocator.ts';
import { intArg } from './bench-args.ts';
import { median } from '../median.ts';

const ALLOCATOR = underAnalysisAllocator();
const SIDE = 3464; // 12.0 MP, as bench/vision-skin/timing.ts
const RUNS = intArg('runs', 5);
const LIGHTS = intArg('lights', 1);
if (LIGHTS !== 1 && LIGHTS !== 5) throw new Error('--lights=1 or --lights=5');

interface Phases {
  /** Decoding the photos and finding the face: one phase, since the job overlaps them. */
  decodeFace: number;
  analyse: number;
  annotations: number;
  annotationsCpu: number;
  /** CPU time of the whole run, every thread of the process. */
  cpu: number;
}


async function photo(face: Buffer, light: LightSource): Promise<Uint8Array> {
  // Light looks as bench/skin-api/device-v-task.ts, so each light's photo is its own JPEG.
  const looks: Record<LightSource, sharp.Sharp> = {
    white: sharp(face),
    white_glow: sharp(face).modulate({ brightness: 1.15, saturation: 0.9 }),
    cross_polar: sharp(face).modulate({ brightness: 0.9, saturation: 1.3 }),
    parallel_polar: sharp(face).modulate({ brightness: 1.05, saturation: 0.8 }),
    uv: sharp(face).modulate({ brightness: 0.5, saturation: 0.6 }).tint({ r: 80, g: 60, b: 200 }),
  };
  return new Uint8Array(await looks[light].jpeg({ quality: 90 }).toBuffer());
}

async function runOnce(payload: SkinViewJobPayload): Promise<{ phases: Phases; files: { name: string; bytes: Uint8Array }[] }> {
  // Decoding and the face together, as the job does: the other lights decode while the face's
  // landmarks are found, shrunk on load where the analysis allows.
  const run0 = process.cpuUsage();
  let t = performance.now();
  const { images, face } = await decodeView(payload);
  const decodeFace = performance.now() - t;
  t = performance.now();
  // The annotation images' shrunk photos are made on libvips' threads during analyseView, as in the job.
  const bases = annotationBases(payload, images);
  // The upscaled photo holds about 1.5 px/mm of real detail and would leave most dimensions "not
  // measured" (D-033); a device's 12-MP still is sharp, so the bench takes it as resolved and
  // times every analyser, as a real capture costs. The other lights' crops are made on the
  // helper thread, as in the job.
  const analysis = analyseView({ images, face, view: payload.view }, { dimensions: payload.dimensions, effectivePxPerMm: Infinity, cropSharing: threadCropHelper() });
  const analyse = performance.now() - t;
  const cpu0 = process.cpuUsage();
  t = performance.now();
  const { files } = await viewAnnotations(payload, analysis, bases);
  const annotations = performance.now() - t;
  const cpu = process.cpuUsage(cpu0);
  const all = process.cpuUsage(run0);
  return { phases: { decodeFace, analyse, annotations, annotationsCpu: (cpu.user + cpu.system) / 1000, cpu: (all.user + all.system) / 1000 }, files };
}

async function main(): Promise<void> {
  const source = readFileSync(new URL('../../test/fixtures/faces/sample6-frontal.jpg', import.meta.url));
  const face = await sharp(source).resize(SIDE, SIDE, { fit: 'cover', kernel: 'lanczos3' }).jpeg({ quality: 95 }).toBuffer();
  const lights = LIGHTS === 1 ? (['white'] as const) : LIGHT_SOURCES;
  const photos: Partial<Record<LightSource, Uint8Array>> = {};
  for (const light of lights) photos[light] = await photo(face, light);
  const payload: SkinViewJobPayload = { view: 'front', photos, dimensions: DIMENSION_IDS, format: 'annotation_image', namesLight: LIGHTS > 1 };

  const cold = await runOnce(payload);
  const warm: Phases[] = [];
  let last = cold;
  for (let k = 0; k < RUNS; k++) warm.push((last = await runOnce(payload)).phases);
  const load = loadavg()[0] ?? 0;

  const m = (key: keyof Phases): number => median(warm.map((p) => p[key]));
  const totals = warm.map((p) => p.decodeFace + p.analyse + p.annotations);
  const analysisOnly = warm.map((p) => p.decodeFace + p.analyse);
  const ratios = warm.map((p) => p.annotations / (p.decodeFace + p.analyse));
  const sizes = await Promise.all(last.files.slice(0, 1).map((f) => sharp(f.bytes).metadata()));
  const bytes = last.files.reduce((n, f) => n + f.bytes.length, 0);

  console.log(`skin_view job, one ${SIDE}x${SIDE} front view (${((SIDE * SIDE) / 1e6).toFixed(1)} MP), ${lights.length} light(s), ${DIMENSION_IDS.length} dimensions, annotation_image`);
  console.log(`  ${ALLOCATOR}`);
  console.log(`  ${availableParallelism()} cores, sharp concurrency ${sharp.concurrency()}, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} (1-min at the end of the warm runs: ${load.toFixed(2)})`);
  console.log(`  overlays: ${last.files.length} JPEGs of ${sizes[0]?.width}x${sizes[0]?.height}, ${(bytes / 1024).toFixed(0)} KiB together`);
  console.log(`  first run: decode + face ${cold.phases.decodeFace.toFixed(0)}, analyseView ${cold.phases.analyse.toFixed(0)}, annotations ${cold.phases.annotations.toFixed(0)} ms`);
  console.log(`  warm, median of ${RUNS}:`);
  console.log(`    decode + face ${m('decodeFace').toFixed(0)} ms`);
  console.log(`    analyseView   ${m('analyse').toFixed(0)} ms`);
  console.log(`    annotations   ${m('annotations').toFixed(0)} ms wall, ${m('annotationsCpu').toFixed(0)} ms CPU (all threads)`);
  console.log(`    analysis (decode + face + analyseView) ${median(analysisOnly).toFixed(0)} ms; with annotations ${median(totals).toFixed(0)} ms (aim <= 1500 ms), ${m('cpu').toFixed(0)} ms CPU`);
  console.log(`    annotations / analysis ${median(ratios).toFixed(3)}; annotations' share of the total ${(median(warm.map((p, i) => p.annotations / totals[i]!)) * 100).toFixed(1)} %`);
  console.log(`  every warm run (decode + face/analyse/annotations ms): ${warm.map((p) => [p.decodeFace, p.analyse, p.annotations].map((v) => v.toFixed(0)).join('/')).join(', ')}`);
}

await main();
