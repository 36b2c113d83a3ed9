/**
 * Preview frame to guidance result at 640x480 (`npm run bench:preview-guidance`; issue 7 Speed:
 * median at most 33 ms, the frame time at 30 fps, on 2 cores). The path the kiosk runs for every
 * preview frame: the frame -> the real live check (vision/face's tracker, main/capture/
 * face-live-check.ts) in its worker thread (createWorkerLiveCheck: copy, transfer, result
 * validated) -> evaluateGuidance. Two frame sources:
 * - simulated camera: SimulatedCamera's preview of the face photo per view (the default device);
 * - renderer camera: a 640x480 JPEG of a real face photo decoded by PushCamera, as the frames the
 *   kiosk window pushes with submitFrame are (the photo shifted a few pixels per frame, like a
 *   customer who is nearly still).
 *
 * Baselines measured in the same run, interleaved with the measured frames so both see the same
 * machine: the bare round trip of a frame through the same worker machinery with a check that
 * answers at once (bench/kiosk/echo-live-check.ts), and one JPEG decode of a frame. Prints median
 * and p90 of each and the ratios. Not a test; BENCH_FRAMES sets the number of measured frames.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { createWorkerLiveCheck, type WorkerLiveCheck } from '../../main/capture/worker-live-check.ts';
import type { FaceCheckResult } from '../../main/capture/live-check.ts';
import { evaluateGuidance } from '../../main/capture/guidance.ts';
import { guidanceConfigSchema } from '../../main/config/guidance-config.ts';
import { SimulatedCamera } from '../../main/device/simulated-camera.ts';
import { PushCamera } from '../../main/kiosk/push-camera.ts';
import type { View } from '../../protocol/skin-api/api-codes.ts';
import type { RgbImage } from '../../vision/types.ts';

const SIZE = { width: 640, height: 480 };
const FRAMES = Number(process.env['BENCH_FRAMES'] ?? 300);
const WARMUP = 30;
const GOAL_MS = 33;
const FACE_CHECK = new URL('../../main/capture/face-live-check.ts', import.meta.url);
const ECHO_CHECK = new URL('./echo-live-check.ts', import.meta.url);
const PHOTO = new URL('../../test/fixtures/faces/sample6-frontal.jpg', import.meta.url);

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

/** 640x480 JPEGs of the photo, each shifted by a few pixels: a face that is nearly still. */
async function shiftedJpegs(count: number): Promise<Buffer[]> {
  const big = await sharp(readFileSync(PHOTO)).resize(SIZE.width + 16, SIZE.height + 12, { fit: 'cover' }).toBuffer();
  const frames: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    const left = Math.round(8 + 6 * Math.sin(i / 3));
    const top = Math.round(6 + 4 * Math.cos(i / 4));
    frames.push(await sharp(big).extract({ left, top, width: SIZE.width, height: SIZE.height }).jpeg({ quality: 85 }).toBuffer());
  }
  return frames;
}

async function time<T>(samples: number[], work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await work();
  samples.push(performance.now() - start);
  return result;
}

async function main(): Promise<void> {
  const config = guidanceConfigSchema.parse({});
  const camera = await new SimulatedCamera({ preview: SIZE, still: { width: 1600, height: 1200 }, jpegQuality: 90, litLight: () => 'white' }).open();
  const pushed = new PushCamera({ preview: SIZE });
  const jpegs = await shiftedJpegs(12);
  const real: WorkerLiveCheck = createWorkerLiveCheck({ module: FACE_CHECK, options: {} });
  const echo: WorkerLiveCheck = createWorkerLiveCheck({ module: ECHO_CHECK });

  const simulated: number[] = [];
  const renderer: number[] = [];
  const roundTrip: number[] = [];
  const decode: number[] = [];
  const issues = new Map<string, number>();
  let previousSim: FaceCheckResult | null = null;
  let previousPush: FaceCheckResult | null = null;
  // The check workers are unref'd (they must not keep the kiosk alive): something must keep the
  // bench's event loop alive while a check is away in a worker.
  const keepAlive = setInterval(() => undefined, 1000);
  try {
    for (let i = 0; i < WARMUP + FRAMES; i++) {
      const measured = i >= WARMUP;
      const sink = <T>(samples: number[], work: () => Promise<T>) => (measured ? time(samples, work) : work());
      // A view per block of frames, as a session holds one view for a while.
      const view: View = (['front', 'left', 'right'] as const)[Math.floor(i / 50) % 3]!;
      const jpeg = jpegs[i % jpegs.length]!;

      // Baselines: the worker trip alone, one decode alone.
      const simFrame = await camera.previewFrame({ view, light: 'white' });
      await sink(roundTrip, () => echo.check(simFrame));
      await sink(decode, () => sharp(jpeg).resize(SIZE.width, SIZE.height, { fit: 'cover' }).removeAlpha().raw().toBuffer());

      // Simulated camera: frame -> worker check -> guidance.
      const simGuidance = await sink(simulated, async () => {
        const frame: RgbImage = await camera.previewFrame({ view, light: 'white' });
        const check = await real.check(frame);
        const guidance = evaluateGuidance(check, previousSim, frame, view, config);
        previousSim = check;
        return guidance;
      });
      // Renderer camera: JPEG -> decode -> worker check -> guidance.
      await sink(renderer, async () => {
        await pushed.pushFrame(jpeg);
        const frame = await pushed.previewFrame();
        const check = await real.check(frame);
        const guidance = evaluateGuidance(check, previousPush, frame, 'front', config);
        previousPush = check;
        return guidance;
      });
      if (measured) issues.set(simGuidance.issues[0] ?? 'ok', (issues.get(simGuidance.issues[0] ?? 'ok') ?? 0) + 1);
    }
  } finally {
    clearInterval(keepAlive);
    await real.close();
    await echo.close();
    await camera.close();
    await pushed.close();
  }

  const line = (name: string, samples: number[]) => console.log(`${name.padEnd(52)} median ${quantile(samples, 0.5).toFixed(2).padStart(7)} ms   p90 ${quantile(samples, 0.9).toFixed(2).padStart(7)} ms`);
  console.log(`preview frame to guidance, ${SIZE.width}x${SIZE.height}, ${FRAMES} frames after ${WARMUP} warm-up`);
  line('baseline: worker round trip (echo check)', roundTrip);
  line('baseline: one JPEG decode (640x480)', decode);
  line('simulated camera frame -> worker check -> guidance', simulated);
  line('renderer JPEG -> decode -> worker check -> guidance', renderer);
  const sim = quantile(simulated, 0.5);
  const push = quantile(renderer, 0.5);
  console.log(`ratio simulated path / worker round trip:   ${(sim / quantile(roundTrip, 0.5)).toFixed(1)}x`);
  console.log(`ratio renderer path / worker round trip:    ${(push / quantile(roundTrip, 0.5)).toFixed(1)}x`);
  console.log(`ratio renderer path / one decode:           ${(push / quantile(decode, 0.5)).toFixed(1)}x`);
  console.log(`first guidance of the simulated frames:     ${[...issues].map(([k, n]) => `${k} ${n}`).join(', ')}`);
  const worst = Math.max(sim, push);
  console.log(`goal median <= ${GOAL_MS} ms:                       ${worst <= GOAL_MS ? 'met' : 'NOT met'} (${worst.toFixed(1)} ms)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
