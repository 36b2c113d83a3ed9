/**
 * Measuring the camera mounting's pitch (kiosk API measurePitch) with the real face check (ONNX
 * models) on real photos: the simulated camera's frontal portrait reads the simulated device's
 * default offset; a turned or tilted head, or frames without a face, give no value and say why.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiveCheck } from '../../../main/capture/face-live-check.ts';
import type { FaceCheckResult, LiveCheck } from '../../../main/capture/live-check.ts';
import { parseKioskCoreConfig } from '../../../main/config/kiosk-core-config.ts';
import { SIMULATED_PITCH_OFFSET } from '../../../main/device/simulated-camera.ts';
import { DeviceHolder } from '../../../main/kiosk/device-holder.ts';
import { measurePitch } from '../../../main/kiosk/pitch-measure.ts';
import type { PitchMeasureDeps } from '../../../main/kiosk/pitch-measure.ts';

const photo = (file: string) => new Uint8Array(readFileSync(new URL(`../../fixtures/faces/${file}`, import.meta.url)));
const FRONTAL = photo('astronaut-frontal.jpg');

async function device(camera: 'simulated' | 'renderer'): Promise<DeviceHolder> {
  const config = parseKioskCoreConfig({
    device: {
      profile: { kind: 'single_camera' },
      camera: camera === 'simulated' ? { kind: 'simulated', still: { width: 320, height: 240 } } : { kind: 'renderer' },
      lightController: { kind: 'simulated', settleMs: 5 },
    },
  });
  const holder = new DeviceHolder();
  await holder.start(config.device);
  return holder;
}

describe('measuring the camera mounting pitch', () => {
  const guidance = parseKioskCoreConfig({}).guidance;
  let simulated: DeviceHolder;
  let renderer: DeviceHolder;
  let liveCheck: LiveCheck;
  let deps: (holder: DeviceHolder, busy?: boolean) => PitchMeasureDeps;
  let grey: Uint8Array;

  beforeAll(async () => {
    [simulated, renderer, liveCheck] = await Promise.all([device('simulated'), device('renderer'), createLiveCheck({})]);
    deps = (holder, busy = false) => ({ device: holder, liveCheck, guidance: () => guidance, busy: () => busy });
    grey = new Uint8Array(await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 128, g: 128, b: 128 } } }).jpeg().toBuffer());
  });
  afterAll(async () => {
    await simulated?.close();
    await renderer?.close();
  });

  it("reads the simulated camera's frontal portrait as the simulated device's default offset", async () => {
    const reading = await measurePitch(deps(simulated));
    expect(reading).toMatchObject({ ok: true, frames: 5, faces: 5, detail: { key: 'pitch.measured' } });
    expect(Math.abs(reading.pitch! - SIMULATED_PITCH_OFFSET)).toBeLessThanOrEqual(1);
  });

  it("takes the median over the renderer camera's frames, so frames without a face do not move it", async () => {
    const reading = await measurePitch(deps(renderer), [FRONTAL, grey, FRONTAL, grey, FRONTAL]);
    expect(reading).toMatchObject({ ok: true, frames: 5, faces: 3, pitch: SIMULATED_PITCH_OFFSET });
    expect(reading.detail.text).toBe(`Measured ${SIMULATED_PITCH_OFFSET}° from 3 of 5 frames: save to use it as the camera mounting offset.`);
  });

  it('gives no value when fewer than half the frames show a face', async () => {
    const reading = await measurePitch(deps(renderer), [FRONTAL, grey, grey, grey]);
    expect(reading).toMatchObject({ ok: false, pitch: null, frames: 4, faces: 1, detail: { key: 'pitch.no_face', params: { faces: 1, frames: 4 } } });
  });

  it.each([
    ['a head turned away (yaw about -20°)', 'sample6-frontal.jpg', 'yaw'],
    ['a head leaning to the shoulder (roll about 45°)', 'sample1-tilted.jpg', 'roll'],
  ])('gives no value for %s: the person must face the screen', async (_, file, axis) => {
    const turned = photo(file);
    const reading = await measurePitch(deps(renderer), [turned, turned, turned]);
    expect(reading).toMatchObject({ ok: false, pitch: null, faces: 3, detail: { key: 'pitch.not_facing' } });
    const params = reading.detail.params as { yaw: number; roll: number };
    const limit = axis === 'yaw' ? guidance.views.front.yawTolerance : guidance.maxRoll;
    expect(Math.abs(params[axis as 'yaw' | 'roll'])).toBeGreaterThan(limit);
  });

  it('refuses a reading beyond the ±30° the offset allows', async () => {
    // The face check's answer is fixed here: no photo in the fixtures looks 35° down at a camera.
    const steep: FaceCheckResult = {
      facePresent: true,
      pose: { pitch: -35, yaw: 1, roll: 0 },
      eyesOpen: { left: 1, right: 1 },
      quality: { blur: 0.1, brightness: 0.5 },
      faceBox: { left: 200, top: 100, width: 240, height: 300 },
      faceRatio: 0.375,
    };
    const reading = await measurePitch({ ...deps(renderer), liveCheck: async () => steep }, [FRONTAL, FRONTAL, FRONTAL]);
    expect(reading).toMatchObject({ ok: false, pitch: null, detail: { key: 'pitch.out_of_range', params: { pitch: -35, limit: 30 } } });
  });

  it('refuses unreadable frames, a real camera without frames, and a camera in use', async () => {
    await expect(measurePitch(deps(renderer), [FRONTAL, new Uint8Array([1, 2, 3]), FRONTAL])).rejects.toMatchObject({ code: 'invalid_input', field: 'jpegs' });
    await expect(measurePitch(deps(renderer))).rejects.toMatchObject({ code: 'invalid_input', field: 'jpegs' });
    await expect(measurePitch(deps(simulated, true))).rejects.toMatchObject({ code: 'conflict' });
  });
});
