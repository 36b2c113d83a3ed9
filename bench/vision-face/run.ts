// npm run bench:vision-face [-- --no-human] [-- --no-stability] [-- --reps N]
// Prints the face pipeline's speed on 640x480 frames made from the fixtures, with one intra-op
// thread and spinning off, against the JPEG decode of the same frames as the baseline of this run,
// and against @vladmandic/human on TensorFlow.js (WASM backend) on the same frames. Not a test.
import { cpus, loadavg } from 'node:os';
import sharp from 'sharp';
import { analyzeDetection } from '../../vision/face/analyze.ts';
import { detectFaces } from '../../vision/face/detector.ts';
import { estimateLandmarks } from '../../vision/face/mesh.ts';
import { FaceModels } from '../../vision/face/models.ts';
import { regionFromDetection, regionFromLandmarks } from '../../vision/face/region.ts';
import { createFaceTracker } from '../../vision/face/tracker.ts';
import { decodeImage } from '../../vision/image/decode.ts';
import { makeFrames } from './frames.ts';
import type { Frame } from './frames.ts';
import { compareWithHuman } from './compare-human.ts';
import { printStability } from './stability.ts';
import { median } from '../median.ts';
import { cpuShareAt, printTable, timeIt } from './measure.ts';
import type { Row, Timing } from './measure.ts';

const args = process.argv.slice(2);
const withHuman = !args.includes('--no-human');
const withStability = !args.includes('--no-stability');
const reps = Number(args[args.indexOf('--reps') + 1]) || 15;
// human takes about 40 ms a frame on WASM: fewer rounds keep the run short.
const humanReps = Math.max(1, Math.round(reps / 3));

const models = new FaceModels({ intraOpNumThreads: 1, allowSpinning: false });
// The tracker's full path: FaceMesh eyelids and one FaceMesh run (analyzeFace's stable landmarks are timed apart).
const options = { models, eyeModel: 'mesh' as const, stableLandmarks: false };

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
// The work human's pipeline does (BlazeFace, then FaceMesh on the largest face), without our measures.
const landmarksOnly = await timeIt(frames, reps, async (f) => {
  const [face] = await detectFaces(f.image, { models });
  if (face) await estimateLandmarks(f.image, regionFromDetection(face), models);
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
  if (face) await analyzeDetection(f.image, face, { models, eyeModel: 'iris', stableLandmarks: false });
});
const still = await timeIt(frames, reps, async (f) => {
  const [face] = await detectFaces(f.image, { models });
  if (face) await analyzeDetection(f.image, face, { models });
});

const base = { ms: median(baseline.wall), cpuMs: baseline.cpu };
const row = (label: string, t: Timing): Row => ({ label, ms: median(t.wall), cpuMs: t.cpu, base });
const rows: Row[] = [
  row('JPEG decode 640x480, sharp raw = baseline', baseline),
  row('decodeImage (header checks, orientation, decode)', decoding),
  row('BlazeFace detection (letterbox, run, decode, NMS)', detector),
  row('full path (detect + FaceMesh + all measures)', full),
  row('  of which detect + FaceMesh (what human computes)', landmarksOnly),
  row('full path with Iris eye state, one FaceMesh run', iris),
  row('analyzeFace default (Iris, stable landmarks: 8 FaceMesh runs)', still),
  row('tracking path (FaceMesh + all measures, no detector)', tracking),
  row('  of which FaceMesh (crop + run)', meshOnly),
];
printTable(rows);

// Share of one core used by the live loop at 15 fps (the kiosk's preview rate), tracking mostly.
const live = createFaceTracker(options);
const frame = single[0]!;
const share = await cpuShareAt(15, 6_000, () => live.process(frame.image));
console.log(`\nlive loop at 15 fps for 6 s (tracker, redetect every 60 frames): ${(share.cpu * 100).toFixed(1)} % of one core, ${share.frames} frames, ${share.late} late`);

// Against the aims (issue 3): tracking path median at most 10 ms, full path at most 20 ms.
console.log(`aims: full path median ${median(full.wall).toFixed(1)} ms of 20 (CPU ${full.cpu.toFixed(1)}), tracking path ${median(tracking.wall).toFixed(1)} ms of 10 (CPU ${tracking.cpu.toFixed(1)})`);

if (withStability) await printStability(models);

if (withHuman) await compareWithHuman(frames, humanReps, { full, landmarksOnly, tracking, models, options, base });

console.log(`\nload average after ${loadavg().map((v) => v.toFixed(2)).join(' ')} (other processes on this machine inflate every number above)`);
