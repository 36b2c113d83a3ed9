// Landmark stability of stills under the small changes a re-take or a re-save makes (issue 12):
// each single-face fixture is enlarged to a camera-sized still (as the simulated camera does) and
// perturbed (reframed 1-3 %, rescaled +-5 %, brightness +-10 %, JPEG 95 re-saved at 80); the
// landmarks of every version are mapped back onto the unperturbed still and their spread is
// measured in units of the interpupillary distance. Used by the benchmark and by
// test/unit/vision-face/stable-landmarks.test.ts.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { FACE_FIXTURES } from '../../test/fixtures/faces/manifest.ts';
import { analyzeFace } from '../../vision/face/analyze.ts';
import { UNDER_EYE } from '../../vision/face/landmark-indices.ts';
import type { FaceModels } from '../../vision/face/models.ts';
import { decodeImage } from '../../vision/image/decode.ts';
import type { DecodedImage } from '../../vision/image/decode.ts';

const FIXTURE_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/faces');

/** One version of a still and the map of its pixel coordinates back onto the unperturbed still. */
export interface PerturbedStill {
  readonly label: string;
  readonly image: DecodedImage;
  readonly back: (x: number, y: number) => [number, number];
}

export type Perturbation = 'crop' | 'scale' | 'brightness' | 'jpeg';

/**
 * The unperturbed still (first: long side `side` px, lanczos3, JPEG 95) and its perturbed
 * versions, each written as JPEG 95 except the quality-80 re-save.
 */
export async function perturbedStills(source: Buffer, side = 1600, kinds: readonly Perturbation[] = ['crop', 'scale', 'brightness', 'jpeg']): Promise<PerturbedStill[]> {
  const original = await sharp(source).resize(side, side, { fit: 'inside', kernel: 'lanczos3' }).jpeg({ quality: 95 }).toBuffer();
  const { width = side, height = side } = await sharp(original).metadata();
  const still = async (label: string, jpeg: Buffer, back: PerturbedStill['back']): Promise<PerturbedStill> => ({ label, image: await decodeImage(jpeg), back });
  const out = [await still('original', original, (x, y) => [x, y])];
  const q95 = (s: sharp.Sharp): Promise<Buffer> => s.jpeg({ quality: 95 }).toBuffer();
  if (kinds.includes('crop')) {
    // Reframings: 1 % off the left and top, 2 % off the right and top, 3 % off the left and bottom.
    for (const [p, l, t] of [[0.01, 1, 1], [0.02, 0, 1], [0.03, 1, 0]] as const) {
      const left = Math.round(p * width * l);
      const top = Math.round(p * height * t);
      const w = Math.round(width * (1 - p));
      const h = Math.round(height * (1 - p));
      out.push(await still(`crop ${p * 100} %`, await q95(sharp(original).extract({ left, top, width: w, height: h })), (x, y) => [x + left, y + top]));
    }
  }
  if (kinds.includes('scale')) {
    for (const s of [0.95, 1.05]) {
      const w = Math.round(width * s);
      const h = Math.round(height * s);
      out.push(await still(`scale ${s}`, await q95(sharp(original).resize(w, h, { kernel: 'lanczos3' })), (x, y) => [(x * width) / w, (y * height) / h]));
    }
  }
  if (kinds.includes('brightness')) {
    for (const b of [0.9, 1.1]) out.push(await still(`brightness ${b}`, await q95(sharp(original).linear(b, 0)), (x, y) => [x, y]));
  }
  if (kinds.includes('jpeg')) out.push(await still('JPEG 95 -> 80', await sharp(original).jpeg({ quality: 80 }).toBuffer(), (x, y) => [x, y]));
  return out;
}

/** Landmarks (x, y per point) of one version, mapped onto the unperturbed still. */
export function mapBack(landmarks: Float32Array, back: PerturbedStill['back']): Float64Array {
  const n = landmarks.length / 3;
  const out = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    const [x, y] = back(landmarks[3 * i]!, landmarks[3 * i + 1]!);
    out[2 * i] = x;
    out[2 * i + 1] = y;
  }
  return out;
}

/** Distance between the eye centres (midpoints of the eye corners 33/133 and 362/263). */
export function interpupillary(points: Float64Array): number {
  const mid = (a: number, b: number): [number, number] => [(points[2 * a]! + points[2 * b]!) / 2, (points[2 * a + 1]! + points[2 * b + 1]!) / 2];
  const [r, l] = [mid(33, 133), mid(362, 263)];
  return Math.hypot(l[0] - r[0], l[1] - r[1]);
}

/**
 * Jitter of one face: the root-mean-square distance of every landmark of every version from that
 * landmark's mean over the versions, over the interpupillary distance of the mean face.
 * `indices` restricts it to some landmarks (default all).
 */
export function landmarkJitter(versions: readonly Float64Array[], indices?: readonly number[]): number {
  const n = versions[0]!.length / 2;
  const mean = new Float64Array(2 * n);
  for (const v of versions) for (let k = 0; k < 2 * n; k++) mean[k]! += v[k]! / versions.length;
  const points = indices ?? Array.from({ length: n }, (_, i) => i);
  let sum = 0;
  for (const v of versions) for (const i of points) sum += (v[2 * i]! - mean[2 * i]!) ** 2 + (v[2 * i + 1]! - mean[2 * i + 1]!) ** 2;
  return Math.sqrt(sum / (versions.length * points.length)) / interpupillary(mean);
}

export interface StabilityRow {
  readonly file: string;
  /** Jitter of all 468 landmarks, fraction of the interpupillary distance. */
  readonly jitter: number;
  /** Jitter of the under-eye points (UNDER_EYE of landmark-indices.ts), where the eye-bag regions sit. */
  readonly underEye: number;
  /** Pitch of the unperturbed still, and the standard deviation over the versions. */
  readonly pitch: number;
  readonly pitchSd: number;
  /** Median wall time of the analysis per version, ms. */
  readonly ms: number;
  /** Mean process CPU time (user + system) of the analysis per version, ms: less disturbed by other load. */
  readonly cpuMs: number;
}

/**
 * Runs `analyse` (landmarks and pose of the largest face) on every version of every fixture and
 * measures the spread. `stills` are made once per file and can be shared between two analyses.
 */
export async function measureStability(
  files: readonly string[],
  stills: (file: string) => Promise<readonly PerturbedStill[]>,
  analyse: (image: DecodedImage) => Promise<{ landmarks: Float32Array; pose: { pitch: number } }>,
  indices: readonly number[],
): Promise<StabilityRow[]> {
  const rows: StabilityRow[] = [];
  for (const file of files) {
    const versions: Float64Array[] = [];
    const pitches: number[] = [];
    const times: number[] = [];
    let cpu = 0;
    for (const s of await stills(file)) {
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const face = await analyse(s.image);
      times.push(performance.now() - t0);
      const used = process.cpuUsage(cpu0);
      cpu += (used.user + used.system) / 1000;
      versions.push(mapBack(face.landmarks, s.back));
      pitches.push(face.pose.pitch);
    }
    const mean = pitches.reduce((a, b) => a + b, 0) / pitches.length;
    const sd = Math.sqrt(pitches.reduce((a, p) => a + (p - mean) ** 2, 0) / pitches.length);
    times.sort((a, b) => a - b);
    rows.push({ file, jitter: landmarkJitter(versions), underEye: landmarkJitter(versions, indices), pitch: pitches[0]!, pitchSd: sd, ms: times[times.length >> 1]!, cpuMs: cpu / times.length });
  }
  return rows;
}

/**
 * The benchmark's stability section: analyzeFace with one FaceMesh run and with stable landmarks
 * on the single-face fixtures as 1600 px stills and their perturbed versions.
 */
export async function printStability(models: FaceModels): Promise<void> {
  const files = FACE_FIXTURES.filter((f) => f.faces === 1).map((f) => f.file);
  const cache = new Map<string, readonly PerturbedStill[]>();
  const stills = async (file: string): Promise<readonly PerturbedStill[]> => {
    if (!cache.has(file)) cache.set(file, await perturbedStills(readFileSync(join(FIXTURE_DIR, file))));
    return cache.get(file)!;
  };
  const under = [...UNDER_EYE.left, ...UNDER_EYE.right];
  const run = (stable: boolean): Promise<StabilityRow[]> => measureStability(files, stills, (image) => analyzeFace(image, { models, stableLandmarks: stable }), under);
  await run(false); // warm-up: makes the stills, first runs at this size
  const [single, stable] = [await run(false), await run(true)];
  console.log('\nlandmark jitter of analyzeFace on 1600 px stills (RMS, % of the eye distance) under crop 1-3 %, scale +-5 %, brightness +-10 %, JPEG 95 -> 80:');
  console.log(`  ${'fixture'.padEnd(26)}  one run: all  under-eye  ms  CPU ms   stable: all  under-eye  ms  CPU ms`);
  const cols = (r: StabilityRow): string => `${(100 * r.jitter).toFixed(3).padStart(5)}  ${(100 * r.underEye).toFixed(3).padStart(9)}  ${r.ms.toFixed(0).padStart(3)}  ${r.cpuMs.toFixed(0).padStart(6)}`;
  for (let k = 0; k < files.length; k++) console.log(`  ${files[k]!.padEnd(26)}  ${' '.repeat(8)}${cols(single[k]!)}  ${' '.repeat(11)}${cols(stable[k]!)}`);
  const mean = (rows: StabilityRow[], key: 'jitter' | 'underEye'): string => ((100 * rows.reduce((a, r) => a + r[key], 0)) / rows.length).toFixed(3);
  console.log(`  mean jitter: one run ${mean(single, 'jitter')} (under-eye ${mean(single, 'underEye')}), stable ${mean(stable, 'jitter')} (under-eye ${mean(stable, 'underEye')})`);
}
