import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createLiveCheck, toFaceCheck } from '../../../main/capture/face-live-check.ts';
import { evaluateGuidance } from '../../../main/capture/guidance.ts';
import { createWorkerLiveCheck } from '../../../main/capture/worker-live-check.ts';
import { guidanceConfigSchema } from '../../../main/config/guidance-config.ts';
import { SimulatedCamera } from '../../../main/device/simulated-camera.ts';
import type { TrackedFrame } from '../../../vision/face/index.ts';

const MODULE = fileURLToPath(new URL('../../../main/capture/face-live-check.ts', import.meta.url));
const camera = await new SimulatedCamera({ preview: { width: 640, height: 480 }, still: { width: 640, height: 480 }, jpegQuality: 90, litLight: () => 'white' }).open();
afterAll(() => camera.close());

describe('the real live check (vision/face tracker)', () => {
  it('finds the simulated face on every view, with the yaw sign each view asks for, and its guidance passes on the front', async () => {
    const check = await createLiveCheck({});
    const results = new Map<string, Awaited<ReturnType<typeof check>>>();
    for (const view of ['front', 'left', 'right'] as const) results.set(view, await check(await camera.previewFrame({ view, light: 'white' })));
    for (const r of results.values()) expect(r.facePresent).toBe(true);
    const yaw = (view: string) => {
      const r = results.get(view)!;
      return r.facePresent ? r.pose.yaw : NaN;
    };
    // Left view: the customer turned to their own left (yaw > 0); right view: yaw < 0 (docs/kiosk-core.md).
    expect(yaw('left')).toBeGreaterThan(yaw('front'));
    expect(yaw('right')).toBeLessThan(yaw('front'));
    const front = results.get('front')!;
    const guidance = evaluateGuidance(front, null, { width: 640, height: 480 }, 'front', guidanceConfigSchema.parse({}));
    expect(guidance.issues).not.toContain('no_face');
    if (front.facePresent) {
      expect(front.faceRatio).toBeGreaterThan(0.1);
      expect(front.quality.brightness).toBeGreaterThan(0.1);
    }
  }, 30_000);

  it('says no face on an empty frame', async () => {
    const check = await createLiveCheck({ preload: false });
    expect(await check({ width: 320, height: 240, data: new Uint8Array(320 * 240 * 3).fill(40) })).toEqual({ facePresent: false });
  }, 30_000);

  it('maps a tracked face into the result schema, clamping what vision may report out of range', () => {
    const face = {
      landmarkBox: { left: 10, top: 20, width: 100, height: 120 },
      pose: { pitch: 1, roll: 2, yaw: 3 },
      eyes: { left: { open: 1.2 }, right: { open: 0.4 } },
      quality: { blur: -0.1, brightness: 0.5 },
      glasses: { none: 0.9, normal: 0.05, sunglasses: 0.05 },
      faceRatio: 0.3,
    };
    const result = toFaceCheck({ path: 'full', faces: [], face, pose: null, eyes: null, quality: null } as unknown as TrackedFrame);
    expect(result).toEqual({
      facePresent: true,
      pose: { pitch: 1, roll: 2, yaw: 3 },
      eyesOpen: { left: 1, right: 0.4 },
      quality: { blur: 0, brightness: 0.5 },
      faceBox: { left: 10, top: 20, width: 100, height: 120 },
      faceRatio: 0.3,
      glasses: { normal: 0.05, sunglasses: 0.05 },
    });
  });

  it('runs in the worker adapter (models load off the main thread)', async () => {
    const worker = createWorkerLiveCheck({ module: MODULE, timeoutMs: 20_000 });
    try {
      const result = await worker.check(await camera.previewFrame({ view: 'front', light: 'white' }));
      expect(result.facePresent).toBe(true);
    } finally {
      await worker.close();
    }
  }, 40_000);
});
