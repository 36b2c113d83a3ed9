// npm run bench:vision-face [-- --no-human] [-- --reps N]
// Prints the face pipeline's speed on 640x480 frames made from the fixtures, with one intra-op
// thread and spinning off, against the JPEG decode of the same frames as the baseline of this run,
// and against @vladmandic/human on TensorFlow.js (cpu backend) on the same frames. Not a test.
import { cpus, loadavg } from 'node:os';
import sharp from 'sharp';
import { analyzeDetection } from '../../vision/face/analyze.ts';
import { detectFaces } from '../../vision/face/detector.ts';
import { estimateLandmarks } from '../../vision/face/mesh.ts';
import { FaceModels } from '../../vision/face/models.ts';
import { landmarkBox, regionFromLandmarks } from '../../vision/face/region.ts';
import { createFaceTracker } from '../../vision/face/tracker.ts';
import { decodeImage } from '../../vision/image/decode.ts';
import { makeFrames } from './frames.ts';
import type { Frame } from './frames.ts';
import { createHumanRunner } from './human.ts';
import type { HumanFace } from './human.ts';
import { cpuShareAt, median, printTable, timeIt } from './measure.ts';
import type { Row, Timing } from './measure.ts';

const args = process.argv.slice(2);
const withHuman = !args.includes('--no-human');
const reps = Number(args[args.indexOf('--reps') + 1]) || 15;

const models = new FaceModels({ intraOpNumThreads: 1, allowSpinning: false });
const options = { models, eyeModel: 'mesh' as const };

const frames = await makeFrames();
const single = frames.filter((f) => !f.label.startsWith('group'));
console.log(`vision-face benchmark: ${frames.length} frames of 640x480 (${single.length} portraits, ${frames.length - single.length} groups), ${reps} repetitions each`);
console.log(`onnxruntime-node, intraOpNumThreads 1, spinning off; node ${process.version}; ${cpus().length} cores; load average before ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);
await models.preload(['blazeface', 'facemesh']);

// Warm-up: JIT and first-run allocations of every stage.
for (const f of frames) await createFaceTracker(options).process(f.image);

const baseline = await timeIt(frames, reps, (f) => sharp(f.jpeg).raw().toBuffer());
const decoding = await timeIt(frames, reps, (f) => decodeImage(f.jpeg));
const detector = await timeIt(frames, reps, (f) => detectFaces(f.image, { models }));
const full = await timeIt(frames, reps, async (f) => {
  const [face] = await detectFaces(f.image, { models });
  if (face) await analyzeDetection(f.image, face, options);
});
const trackers = new Map(frames.map((f) => [f, createFaceTracker({ ...options, redetectEvery: 0 })]));
for (const [f, t] of trackers) await t.process(f.image);
const tracking = await timeIt(frames, reps, async (f) => {
  const result = await trackers.get(f)!.process(f.image);
  if (result.path !== 'tracking') throw new Error(`${f.label}: tracking lost`);
});
const previous = new Map<Frame, Float32Array>();
for (const [f, t] of trackers) previous.set(f, (await t.process(f.image)).face!.landmarks);
const meshOnly = await timeIt(frames, reps, (f) => estimateLandmarks(f.image, regionFromLandmarks(previous.get(f)!), models));
const iris = await timeIt(frames, reps, async (f) => {
  const [face] = await detectFaces(f.image, { models });
  if (face) await analyzeDetection(f.image, face, { models, eyeModel: 'iris' });
});

const base = { ms: median(baseline.wall), cpuMs: baseline.cpu };
const row = (label: string, t: Timing): Row => ({ label, ms: median(t.wall), cpuMs: t.cpu, base });
const rows: Row[] = [
  row('JPEG decode 640x480, sharp raw = baseline', baseline),
  row('decodeImage (header checks, orientation, decode)', decoding),
  row('BlazeFace detection (letterbox, run, decode, NMS)', detector),
  row('full path (detect + FaceMesh + all measures)', full),
  row('full path with Iris eye state (analyzeFace default)', iris),
  row('tracking path (FaceMesh + all measures, no detector)', tracking),
  row('  of which FaceMesh (crop + run)', meshOnly),
];
printTable(rows);

// Share of one core used by the live loop at 15 fps (the kiosk's preview rate), tracking mostly.
const live = createFaceTracker(options);
const frame = single[0]!;
const share = await cpuShareAt(15, 6_000, () => live.process(frame.image));
console.log(`\nlive loop at 15 fps for 6 s (tracker, redetect every 60 frames): ${(share.cpu * 100).toFixed(1)} % of one core, ${share.frames} frames, ${share.late} late`);

if (withHuman) await compareWithHuman(frames, { full, tracking });

async function compareWithHuman(all: readonly Frame[], ours: { full: Timing; tracking: Timing }): Promise<void> {
  const human = await createHumanRunner();
  const portraits = all.filter((x) => !x.label.startsWith('group'));
  // The pure-JS backend takes seconds per frame: portraits only, one run each after one warm-up.
  await human.full(portraits[0]!.image);
  const results = new Map<Frame, { plain: HumanFace | null; upright: HumanFace | null }>();
  const full = await timeIt(portraits, 1, async (f) => results.set(f, { plain: await human.full(f.image), upright: null }));
  // human's tracking reuses the box cached by the previous call on the same (unchanged) frame.
  const tracking = await timeIt(portraits, 1, (f) => human.tracking(f.image), (f) => human.full(f.image));
  const upright = await timeIt(portraits, 1, async (f) => (results.get(f)!.upright = await human.full(f.image, true)));
  console.log(`\n@vladmandic/human 3.3.6 on TensorFlow.js backend '${human.backend}', same frames (portraits), BlazeFace + FaceMesh, one face:`);
  const ratioRow = (label: string, t: Timing, mine: Timing): Row => ({ label, ms: median(t.wall), cpuMs: t.cpu, base, ratio: t.cpu / mine.cpu });
  printTable([
    ratioRow('human full path (rotation off: its default)', full, ours.full),
    ratioRow('human full path (rotation on: upright crop like ours)', upright, ours.full),
    ratioRow('human tracking path (cached box, mesh only)', tracking, ours.tracking),
  ]);
  console.log('  ratio = human CPU time / our CPU time for the same path');
  console.log('\nmean landmark distance, ours vs human, % of face width (468 points, full paths):');
  console.log(`  ${'frame'.padEnd(28)} ${'rotation off'.padStart(12)} ${'rotation on'.padStart(12)}`);
  const sums = { plain: [] as number[], upright: [] as number[] };
  for (const f of portraits) {
    const mine = (await createFaceTracker(options).process(f.image)).face;
    const r = results.get(f)!;
    const pct = (h: HumanFace | null): number => (mine && h ? landmarkDistancePct(mine.landmarks, h) : Number.NaN);
    const [a, b] = [pct(r.plain), pct(r.upright)];
    sums.plain.push(a);
    sums.upright.push(b);
    console.log(`  ${f.label.padEnd(28)} ${fmtPct(a).padStart(12)} ${fmtPct(b).padStart(12)}`);
  }
  const mean = (v: number[]): number => v.reduce((s, x) => s + x, 0) / v.length;
  console.log(`  ${'mean'.padEnd(28)} ${fmtPct(mean(sums.plain)).padStart(12)} ${fmtPct(mean(sums.upright)).padStart(12)}`);
}

function landmarkDistancePct(ours: Float32Array, theirs: HumanFace): number {
  let sum = 0;
  for (let i = 0; i < 468; i++) sum += Math.hypot(ours[3 * i]! - theirs.mesh[i]![0]!, ours[3 * i + 1]! - theirs.mesh[i]![1]!);
  return (100 * sum) / 468 / landmarkBox(ours).width;
}

function fmtPct(v: number): string {
  return Number.isNaN(v) ? 'no face' : `${v.toFixed(2)} %`;
}

console.log(`\nload average after ${loadavg().map((v) => v.toFixed(2)).join(' ')} (other processes on this machine inflate every number above)`);
