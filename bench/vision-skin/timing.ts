// Time for one 12-megapixel front image against decoding the same JPEG (the baseline measured in
// the same run, so a slower or busier machine moves both).
import { loadavg } from 'node:os';
import { analyseView } from '../../vision/skin/index.ts';
import type { ViewSkinAnalysis } from '../../vision/skin/index.ts';
import type { FaceGeometry, RgbImage } from '../../vision/types.ts';
import { decodeRgb, encodeJpeg } from '../../test/unit/vision-skin/helpers/images.ts';
import { uvImage } from '../../test/unit/vision-skin/helpers/scenes.ts';
import { median } from '../median.ts';

export interface Timing {
  readonly megapixels: number;
  readonly decodeMs: number;
  readonly coldMs: number;
  readonly warmMs: number;
  /** Fastest warm run: the least disturbed by other jobs on a shared machine. */
  readonly bestMs: number;
  readonly allLightsMs: number;
  /** CPU time of the process during the warm runs, per run (includes the garbage collector's threads). */
  readonly warmCpuMs: number;
  /** One-minute load average when the warm runs ended: this machine is shared, and wall time follows it. */
  readonly load: number;
  readonly last: ViewSkinAnalysis;
}


/** `image` is the 12 MP capture, `face` its geometry (from the same landmarker the tests use). */
export async function timeTwelveMegapixels(image: RgbImage, face: FaceGeometry): Promise<Timing> {
  const jpeg = await encodeJpeg(image, 92);
  const decodes: number[] = [];
  for (let k = 0; k < 5; k++) {
    const t = performance.now();
    await decodeRgb(jpeg);
    decodes.push(performance.now() - t);
  }
  const run = (images: Parameters<typeof analyseView>[0]['images']) => {
    const t = performance.now();
    // Resolved as a sharp 12-MP device still would be (D-033), so every analyser runs.
    const r = analyseView({ images, face, view: 'front' }, { effectivePxPerMm: Infinity });
    return { ms: performance.now() - t, r };
  };
  const cold = run({ white: image });
  const warm: number[] = [];
  let last = cold.r;
  const cpu0 = process.cpuUsage();
  for (let k = 0; k < 5; k++) {
    const w = run({ white: image });
    warm.push(w.ms);
    last = w.r;
  }
  const cpu = process.cpuUsage(cpu0);
  const load = loadavg()[0] ?? 0;
  const all = run({ white: image, white_glow: image, cross_polar: image, parallel_polar: image, uv: uvImage(image) });
  return { megapixels: (image.width * image.height) / 1e6, decodeMs: median(decodes), coldMs: cold.ms, warmMs: median(warm), allLightsMs: all.ms, warmCpuMs: (cpu.user + cpu.system) / 5000, load, last, bestMs: Math.min(...warm) };
}
