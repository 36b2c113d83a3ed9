/**
 * Light calibration (kiosk API startCalibration, calibrateLight) and its use: the grey card is
 * measured while the light being calibrated is on (the simulated camera shows the card dark with
 * every lamp off), the light goes off afterwards, and every still of a calibrated light is
 * corrected before it is stored, so a grey card under it comes out neutral at the target level.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { parseKioskCoreConfig } from '../../../main/config/kiosk-core-config.ts';
import { showsGreyCard } from '../../../main/device/simulated-camera.ts';
import type { SimulatedLightController } from '../../../main/device/simulated-lights.ts';
import { TARGET_LUMA, calibratedStills, checkCalibrationStill } from '../../../main/kiosk/calibration.ts';
import type { Calibration } from '../../../main/kiosk/calibration.ts';
import { DeviceHolder } from '../../../main/kiosk/device-holder.ts';
import { LightCalibration } from '../../../main/kiosk/light-calibration.ts';
import type { LightSource } from '../../../protocol/skin-api/api-codes.ts';
import { controllerRig } from './helpers/controller-rig.ts';
import type { Rig } from './helpers/controller-rig.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function unit(camera: 'simulated' | 'renderer', options: { busy?: () => boolean; holdMs?: number } = {}) {
  const config = parseKioskCoreConfig({
    device: {
      profile: { kind: 'multi_light', lights: ['white', 'cross_polar', 'uv'] },
      camera: camera === 'simulated' ? { kind: 'simulated', still: { width: 320, height: 240 } } : { kind: 'renderer' },
      lightController: { kind: 'simulated', settleMs: 20 },
    },
  }).device;
  const device = new DeviceHolder();
  await device.start(config);
  closers.push(() => device.close());
  const saved: Partial<Record<LightSource, Calibration>> = {};
  const calibration = new LightCalibration({
    device,
    save: (light, value) => (saved[light] = value),
    busy: options.busy ?? (() => false),
    log: () => undefined,
    findFace: async () => null,
    ...(options.holdMs ? { holdMs: options.holdMs } : {}),
  });
  closers.push(() => calibration.release());
  const open = device.get();
  return { calibration, saved, lights: open.device.lights as SimulatedLightController, camera: open.camera };
}

/** Mean RGB (0..1) of the picture's centre, where the card is held. */
async function centreMean(jpeg: Uint8Array): Promise<{ r: number; g: number; b: number }> {
  const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = Math.round(info.height * 0.3); y < Math.round(info.height * 0.7); y++) {
    for (let x = Math.round(info.width * 0.3); x < Math.round(info.width * 0.7); x++) {
      for (let c = 0; c < 3; c++) sum[c]! += data[(y * info.width + x) * 3 + c]!;
      n++;
    }
  }
  const [r, g, b] = sum.map((s) => s / n / 255) as [number, number, number];
  return { r, g, b };
}

const chroma = (m: { r: number; g: number; b: number }) => Math.max(m.r, m.g, m.b) - Math.min(m.r, m.g, m.b);
const luma = (m: { r: number; g: number; b: number }) => 0.299 * m.r + 0.587 * m.g + 0.114 * m.b;

describe('calibrating a light against a grey card', () => {
  it('measures the card with the lamp lit (with it off the card is too dark), then switches the lamp off', async () => {
    const { calibration, saved, lights, camera } = await unit('simulated');
    if (!showsGreyCard(camera)) throw new Error('the simulated camera shows a grey card');
    // What the old flow did: the light test switched the lamp off before the still.
    await lights.setLight('white');
    await lights.off();
    expect(await checkCalibrationStill((await camera.captureGreyCard()).jpeg, async () => null)).toMatchObject({ ok: false, reason: 'too_dark' });

    const answer = await calibration.calibrate('white');
    expect(lights.lit).toBeNull();
    const white = answer.calibration!;
    // The simulated white lamp lights the mid-grey card (118 of 255) neutrally.
    expect(answer).toMatchObject({ ok: true, light: 'white', reason: null });
    expect(white.gains.map((g) => Math.abs(g - 1) < 0.03)).toEqual([true, true, true]);
    expect(white.exposure).toBeCloseTo((TARGET_LUMA * 255) / 118, 1);
    // Shown before and after, saved only when the technician saves that very proposal (D-060).
    expect(answer.before.length).toBeGreaterThan(100);
    expect(answer.after?.length).toBeGreaterThan(100);
    expect(saved.white).toBeUndefined();
    expect(() => calibration.save('white', 'another-proposal')).toThrow(expect.objectContaining({ code: 'conflict' }) as Error);
    expect(() => calibration.save('cross_polar', answer.proposal!)).toThrow(expect.objectContaining({ code: 'conflict' }) as Error);
    expect(calibration.save('white', answer.proposal!)).toEqual(white);
    expect(saved.white).toEqual(white);
    // Saved once: the proposal is gone.
    expect(() => calibration.save('white', answer.proposal!)).toThrow(expect.objectContaining({ code: 'conflict' }) as Error);
  });

  it('stores stills of a calibrated light corrected: a grey card under cross-polarised light comes out neutral at the target level', async () => {
    const { calibration, saved, lights, camera } = await unit('simulated');
    if (!showsGreyCard(camera)) throw new Error('the simulated camera shows a grey card');
    const proposed = await calibration.calibrate('cross_polar');
    calibration.save('cross_polar', proposed.proposal!);
    await lights.setLight('cross_polar');
    const raw = await camera.captureGreyCard();
    await lights.off();
    const before = await centreMean(raw.jpeg);
    // The polarisers tint the card (warm) and darken it: the test would be empty otherwise.
    expect(chroma(before)).toBeGreaterThan(0.05);
    const corrected = await calibratedStills(() => saved)(raw, 'cross_polar');
    const after = await centreMean(corrected.jpeg);
    expect(chroma(after)).toBeLessThan(0.012);
    expect(luma(after)).toBeCloseTo(TARGET_LUMA, 1.5);
    expect(corrected).toMatchObject({ width: raw.width, height: raw.height });
    // A light without a calibration is stored as the camera delivered it.
    expect(await calibratedStills(() => saved)(raw, 'white')).toBe(raw);
  });

  it('with the renderer camera: the light stays on from start until the still comes back with the token, and goes off after', async () => {
    const { calibration, saved, lights } = await unit('renderer');
    const card = new Uint8Array(await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 140, g: 120, b: 100 } } }).jpeg().toBuffer());
    // A still without a started calibration (the lamp off) is refused.
    await expect(calibration.calibrate('white', 'no-such-token', card)).rejects.toMatchObject({ code: 'conflict' });
    // Main's own camera path is not for a renderer camera.
    await expect(calibration.calibrate('white')).rejects.toMatchObject({ code: 'invalid_input' });
    const { token } = await calibration.start('white');
    expect(lights.lit).toBe('white');
    await expect(calibration.calibrate('cross_polar', token, card)).rejects.toMatchObject({ code: 'conflict' });
    const result = await calibration.calibrate('white', token, card);
    expect(result.ok).toBe(true);
    expect(saved.white).toBeUndefined();
    expect(calibration.save('white', result.proposal!)).toEqual(saved.white);
    expect(lights.lit).toBeNull();
    await expect(calibration.calibrate('white', token, card)).rejects.toMatchObject({ code: 'conflict' });
  });

  it('switches a started light off by itself when no still comes, and refuses uv and a busy device', async () => {
    let busy = false;
    const { calibration, lights } = await unit('renderer', { holdMs: 50, busy: () => busy });
    const { token } = await calibration.start('cross_polar');
    expect(lights.lit).toBe('cross_polar');
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(lights.lit).toBeNull();
    await expect(calibration.calibrate('cross_polar', token, new Uint8Array([0xff, 0xd8]))).rejects.toMatchObject({ code: 'conflict' });
    await expect(calibration.start('uv')).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringContaining('uv') });
    busy = true;
    await expect(calibration.start('white')).rejects.toMatchObject({ code: 'conflict' });
  });
});

describe('stills of a session on a calibrated unit', () => {
  let rig: Rig | null = null;
  afterEach(async () => {
    await rig?.close();
    rig = null;
  });

  it('are corrected with the light calibration before they are stored (simulated device)', async () => {
    const gains: Calibration = { exposure: 1, gains: [0.8, 1, 1.2] };
    rig = await controllerRig({ camera: 'simulated', correctStill: calibratedStills(() => ({ white: gains })) });
    const { id } = rig.start(rig.store.createCustomer({ name: 'Cal Ibrated' }).id);
    expect((await rig.controller.captureNow(id)).current?.view).toBe('left');
    const stored = readFileSync(rig.store.listCaptures(id).find((c) => c.view === 'front')!.path);
    // The same scene as the camera delivers it, for comparison.
    const camera = rig.device.get().camera;
    await rig.lights.setLight('white');
    const raw = await camera.captureStill({ view: 'front', light: 'white' });
    const means = async (jpeg: Uint8Array | Buffer) => (await sharp(jpeg).stats()).channels.slice(0, 3).map((c) => c.mean);
    const [r0, g0, b0] = await means(raw.jpeg);
    const [r1, g1, b1] = await means(stored);
    expect(r1! / r0!).toBeCloseTo(0.8, 1);
    expect(g1! / g0!).toBeCloseTo(1, 1);
    // Blue is raised (a few bright pixels clip at white, so a little under 1.2).
    expect(b1! / b0!).toBeGreaterThan(1.12);
    expect(b1! / b0!).toBeLessThan(1.21);
  });
});
