// The same face pipeline run by @vladmandic/human on TensorFlow.js' WASM backend, over the same
// frames in the same run: its speed against ours, and how far apart the two meshes are
// (docs/vision-face.md, "Benchmark").
import { analyzeDetection } from '../../vision/face/analyze.ts';
import type { AnalyzeOptions } from '../../vision/face/analyze.ts';
import { detectFaces } from '../../vision/face/detector.ts';
import { estimateLandmarks } from '../../vision/face/mesh.ts';
import type { FaceModels } from '../../vision/face/models.ts';
import { DETECTION_SCALE, landmarkBox } from '../../vision/face/region.ts';
import type { RgbImage } from '../../vision/types.ts';
import type { Frame } from './frames.ts';
import { createHumanRunner } from './human.ts';
import type { HumanFace } from './human.ts';
import { median } from '../median.ts';
import { printTable, timeIt } from './measure.ts';
import type { Row, Timing } from './measure.ts';

interface Ours {
  readonly full: Timing;
  /** Detect + FaceMesh only: the same work as human's pipeline. */
  readonly landmarksOnly: Timing;
  readonly tracking: Timing;
  readonly models: FaceModels;
  readonly options: AnalyzeOptions;
  readonly base: Row['base'];
}

export async function compareWithHuman(frames: readonly Frame[], reps: number, ours: Ours): Promise<void> {
  const human = await createHumanRunner();
  console.log(`\n@vladmandic/human 3.3.6 on TensorFlow.js backend '${human.backend}' (${human.wasm}), same frames, BlazeFace + FaceMesh, one face:`);
  // Warm-up, two rounds of each mode: the first WASM runs of each input shape are about 40 % slower.
  for (let round = 0; round < 2; round++) {
    for (const f of frames) {
      await human.full(f.image);
      await human.full(f.image, true);
      await human.tracking(f.image);
    }
  }
  const full = await timeIt(frames, reps, (f) => human.full(f.image));
  // human's tracking reuses the box cached by the previous call on the same (unchanged) frame.
  const tracking = await timeIt(frames, reps, (f) => human.tracking(f.image), (f) => human.full(f.image));
  const upright = await timeIt(frames, reps, (f) => human.full(f.image, true));
  const ratioRow = (label: string, t: Timing, mine: Timing): Row => ({ label, ms: median(t.wall), cpuMs: t.cpu, base: ours.base, ratio: t.cpu / mine.cpu });
  printTable([
    ratioRow('human full path (rotation off: its default) / our detect + FaceMesh', full, ours.landmarksOnly),
    ratioRow('human full path (rotation on: upright crop like ours) / same', upright, ours.landmarksOnly),
    ratioRow('human full path (rotation off) / our full path with all measures', full, ours.full),
    ratioRow('human tracking path (cached box, mesh only) / our tracking path', tracking, ours.tracking),
  ]);
  console.log('  ratio = human CPU time / our CPU time (aim: at least 3); our full and tracking paths also compute pose, eyes, quality, glasses, visibility');
  await landmarkDistances(
    frames.filter((f) => !f.label.startsWith('group')),
    human,
    ours,
  );
}

type Human = Awaited<ReturnType<typeof createHumanRunner>>;

/**
 * Mean distance between the two meshes in % of the face's width, three ways:
 * - same input, same crop: both detectors see the same letterboxed frame (the frame padded to a
 *   square, which human's stretch to 256x256 then leaves undistorted) and FaceMesh reads the same
 *   crop rule (human's: the best-scoring box, 1.4x, square, not rotated). What is left is the
 *   two runtimes, resampling and human's integer rounding: the pipelines' parity.
 * - as designed, same input: each pipeline's own crop (ours rotated upright by the eye line,
 *   weighted NMS; human with its rotation option) on the padded frame.
 * - human's defaults: the raw 640x480 frame, which human stretches to 256x256 for BlazeFace, so its
 *   box (and crop) comes from a face squeezed to 75 % of its width; ours letterboxes as MediaPipe does.
 */
async function landmarkDistances(portraits: readonly Frame[], human: Human, ours: Ours): Promise<void> {
  console.log('\nmean landmark distance, ours vs human, % of face width (468 points; human rounds to whole pixels, +0.5 px undoes its truncation):');
  const columns = ['same input + crop', 'as designed', "human's defaults"];
  console.log(`  ${'frame'.padEnd(28)} ${columns.map((c) => c.padStart(18)).join(' ')}`);
  const sums = columns.map(() => [] as number[]);
  for (const f of portraits) {
    const padded = padToSquare(f.image);
    const [detection] = await detectFaces(f.image, { models: ours.models });
    const mine = detection ? (await analyzeDetection(f.image, detection, ours.options)).landmarks : null;
    const sameCrop = await humanStyleMesh(f.image, ours.models);
    const values = [
      distancePct(sameCrop, await human.full(padded.image), padded),
      distancePct(mine, await human.full(padded.image, true), padded),
      distancePct(mine, await human.full(f.image), { dx: 0, dy: 0 }),
    ];
    values.forEach((v, i) => sums[i]!.push(v));
    console.log(`  ${f.label.padEnd(28)} ${values.map((v) => fmtPct(v).padStart(18)).join(' ')}`);
  }
  const mean = (v: number[]): number => v.reduce((s, x) => s + x, 0) / v.length;
  console.log(`  ${'mean'.padEnd(28)} ${sums.map((v) => fmtPct(mean(v)).padStart(18)).join(' ')}`);
}

/** Our FaceMesh on human's crop: its best-scoring detector box (no weighted merge), 1.4x, square, upright. */
async function humanStyleMesh(image: RgbImage, models: FaceModels): Promise<Float32Array | null> {
  // A threshold just under 1 merges only identical boxes, so every anchor above 0.5 stays separate.
  const candidates = await detectFaces(image, { models, iouThreshold: 0.9999 });
  const best = candidates.reduce<(typeof candidates)[number] | undefined>((a, c) => (!a || c.score > a.score ? c : a), undefined);
  if (!best) return null;
  const { box } = best;
  const region = { cx: box.left + box.width / 2, cy: box.top + box.height / 2, size: Math.max(box.width, box.height) * DETECTION_SCALE, angle: 0 };
  return (await estimateLandmarks(image, region, models)).landmarks;
}

interface Offset {
  readonly dx: number;
  readonly dy: number;
}

/** The frame centred on a black square: human's detector then sees what our letterbox feeds ours. */
function padToSquare(image: RgbImage): { image: RgbImage } & Offset {
  const side = Math.max(image.width, image.height);
  const dx = (side - image.width) >> 1;
  const dy = (side - image.height) >> 1;
  const data = new Uint8Array(side * side * 3);
  for (let y = 0; y < image.height; y++) data.set(image.data.subarray(y * image.width * 3, (y + 1) * image.width * 3), ((y + dy) * side + dx) * 3);
  return { image: { width: side, height: side, data }, dx, dy };
}

function distancePct(ours: Float32Array | null, theirs: HumanFace | null, offset: Offset): number {
  if (!ours || !theirs) return Number.NaN;
  let sum = 0;
  for (let i = 0; i < 468; i++) {
    const [hx = Number.NaN, hy = Number.NaN] = theirs.mesh[i] ?? [];
    sum += Math.hypot(ours[3 * i]! - (hx + 0.5 - offset.dx), ours[3 * i + 1]! - (hy + 0.5 - offset.dy));
  }
  return (100 * sum) / 468 / landmarkBox(ours).width;
}

function fmtPct(v: number): string {
  return Number.isNaN(v) ? 'no face' : `${v.toFixed(2)} %`;
}
