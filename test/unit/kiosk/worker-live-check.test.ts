import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createWorkerLiveCheck, LiveCheckWorkerError } from '../../../main/capture/worker-live-check.ts';
import type { WorkerLiveCheck } from '../../../main/capture/worker-live-check.ts';
import { SimulatedCamera } from '../../../main/device/simulated-camera.ts';
import type { RgbImage } from '../../../vision/types.ts';
import type { LumaCheckOptions } from './fixtures/luma-check.ts';

const MODULE = fileURLToPath(new URL('./fixtures/luma-check.ts', import.meta.url));
const open: WorkerLiveCheck[] = [];
afterEach(async () => {
  for (const w of open.splice(0)) await w.close();
});

function start(options: LumaCheckOptions = {}, extra: { exportName?: string; timeoutMs?: number } = {}): WorkerLiveCheck {
  const worker = createWorkerLiveCheck({ module: MODULE, options, ...extra });
  open.push(worker);
  return worker;
}

function grey(width: number, height: number, value: number): RgbImage {
  return { width, height, data: new Uint8Array(width * height * 3).fill(value) };
}

describe('worker live check', () => {
  it('runs the check module in another thread and returns its result', async () => {
    const worker = start();
    const result = await worker.check(grey(64, 48, 128));
    expect(result).toMatchObject({ facePresent: true, quality: { brightness: expect.closeTo(128 / 255, 3) }, faceRatio: 0.4 });
    // The fixture reports its threadId as yaw: not the main thread's 0.
    if (result.facePresent) expect(result.pose.yaw).toBeGreaterThan(0);
    expect(await worker.check(grey(64, 48, 0))).toEqual({ facePresent: false });
  });

  it('keeps the main thread free while a check blocks its worker', async () => {
    const worker = start({ blockMs: 300 });
    await worker.check(grey(8, 8, 100));
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 20);
    const started = performance.now();
    await worker.check(grey(8, 8, 100));
    clearInterval(timer);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(ticks).toBeGreaterThanOrEqual(8);
  });

  it('leaves the caller frame intact (the worker gets a copy)', async () => {
    const worker = start();
    const frame = grey(16, 16, 77);
    await worker.check(frame);
    expect(frame.data.length).toBe(16 * 16 * 3);
    expect(frame.data[0]).toBe(77);
  });

  it('checks a simulated preview frame', async () => {
    const camera = await new SimulatedCamera({ preview: { width: 640, height: 480 }, still: { width: 320, height: 240 }, jpegQuality: 80, litLight: () => null }).open();
    const frame = await camera.previewFrame({ view: 'front', light: null });
    const result = await start().check(frame);
    expect(result.facePresent && result.quality.brightness).toBeGreaterThan(0.2);
  });

  it('reports a failing check and keeps working', async () => {
    const worker = start({ throwOnWidth: 13 });
    await expect(worker.check(grey(13, 2, 9))).rejects.toMatchObject({ code: 'check_failed', message: 'cannot check a frame 13 wide' });
    expect((await worker.check(grey(12, 2, 90))).facePresent).toBe(true);
  });

  it('refuses a malformed result from the check module', async () => {
    const worker = start({ wrongUnitOnWidth: 7 });
    await expect(worker.check(grey(7, 2, 90))).rejects.toMatchObject({ code: 'check_failed', message: expect.stringContaining('quality.brightness') });
  });

  it('fails the pending check when the worker dies and starts a new one for the next', async () => {
    const worker = start({ crashOnWidth: 11 });
    await worker.check(grey(10, 2, 90));
    await expect(worker.check(grey(11, 2, 90))).rejects.toMatchObject({ code: 'crashed' });
    expect((await worker.check(grey(10, 2, 90))).facePresent).toBe(true);
  });

  it('times out a hung check and uses a fresh worker for the next', async () => {
    const worker = start({ blockMs: 400, throwOnWidth: 5 }, { timeoutMs: 150 });
    const error = await worker.check(grey(4, 4, 90)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LiveCheckWorkerError);
    expect(error).toMatchObject({ code: 'timeout' });
    // The retired worker is still busy; a new one answers (the fixture throws before blocking).
    await expect(worker.check(grey(5, 4, 90))).rejects.toMatchObject({ code: 'check_failed' });
  });

  it('fails every check with the reason when the module does not load', async () => {
    const worker = start({}, { exportName: 'noSuchFactory' });
    await expect(worker.check(grey(4, 4, 90))).rejects.toMatchObject({ code: 'init_failed', message: expect.stringContaining('noSuchFactory') });
    await expect(worker.check(grey(4, 4, 90))).rejects.toMatchObject({ code: 'init_failed' });
  });

  it('refuses checks after close', async () => {
    const worker = start();
    await worker.check(grey(4, 4, 90));
    await worker.close();
    await expect(worker.check(grey(4, 4, 90))).rejects.toMatchObject({ code: 'closed' });
  });
});
