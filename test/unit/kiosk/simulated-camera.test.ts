import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDevice } from '../../../main/device/create-device.ts';
import type { OpenCamera } from '../../../main/device/camera.ts';
import { SimulatedCamera } from '../../../main/device/simulated-camera.ts';
import { SimulatedLightController } from '../../../main/device/simulated-lights.ts';
import { deviceConfigSchema } from '../../../main/config/device-config.ts';
import { LIGHT_SOURCES, VIEWS } from '../../../protocol/skin-api/api-codes.ts';
import type { LightSource, View } from '../../../protocol/skin-api/api-codes.ts';

interface Stats {
  luma: number;
  r: number;
  g: number;
  b: number;
  /** Share of near-white pixels (specular highlights). */
  white: number;
  /** Mean absolute Laplacian: fine texture and sharpness. */
  detail: number;
  /** Pixels clearly orange/red against a blue-violet ground (UV fluorescence). */
  orange: number;
  saturation: number;
}

async function stats(jpeg: Uint8Array): Promise<Stats> {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const n = info.width * info.height;
  let [luma, r, g, b, white, detail, orange, saturation] = [0, 0, 0, 0, 0, 0, 0, 0];
  const y = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const [R, G, B] = [data[3 * i]!, data[3 * i + 1]!, data[3 * i + 2]!];
    y[i] = 0.299 * R + 0.587 * G + 0.114 * B;
    luma += y[i]!;
    r += R;
    g += G;
    b += B;
    if (Math.min(R, G, B) > 200) white += 1;
    if (R > B + 60 && R > 150) orange += 1;
    const max = Math.max(R, G, B);
    saturation += max === 0 ? 0 : (max - Math.min(R, G, B)) / max;
  }
  const w = info.width;
  for (let row = 1; row < info.height - 1; row++) {
    for (let col = 1; col < w - 1; col++) {
      const i = row * w + col;
      detail += Math.abs(4 * y[i]! - y[i - 1]! - y[i + 1]! - y[i - w]! - y[i + w]!);
    }
  }
  return { luma: luma / n, r: r / n, g: g / n, b: b / n, white: white / n, detail: detail / n, orange, saturation: saturation / n };
}

describe('simulated camera', () => {
  const lights = new SimulatedLightController();
  const source = new SimulatedCamera({ preview: { width: 640, height: 480 }, still: { width: 800, height: 600 }, jpegQuality: 90, litLight: () => lights.lit });
  let camera: OpenCamera;
  const stills = new Map<string, Uint8Array>();
  const measured = new Map<string, Stats>();

  beforeAll(async () => {
    camera = await source.open();
    for (const view of VIEWS) {
      for (const light of LIGHT_SOURCES) {
        await lights.setLight(light);
        const still = await camera.captureStill({ view, light });
        stills.set(`${view}/${light}`, still.jpeg);
        measured.set(`${view}/${light}`, await stats(still.jpeg));
      }
    }
    await lights.off();
  });

  const at = (view: View, light: LightSource) => measured.get(`${view}/${light}`)!;

  it('lists one simulated device and refuses other ids', async () => {
    expect(await source.listDevices()).toEqual([{ id: 'simulated-camera', label: expect.stringContaining('Simulated') }]);
    await expect(source.open('usb-cam-2')).rejects.toMatchObject({ name: 'CameraError', code: 'not_found' });
  });

  it('gives a valid JPEG of the configured size for every view and light', async () => {
    for (const [key, jpeg] of stills) {
      const meta = await sharp(jpeg).metadata();
      expect({ key, format: meta.format, width: meta.width, height: meta.height }).toEqual({ key, format: 'jpeg', width: 800, height: 600 });
      expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8]);
    }
  });

  it('gives preview frames as 640x480 RGB under the light that is on', async () => {
    const frame = await camera.previewFrame({ view: 'front', light: null });
    expect([frame.width, frame.height, frame.data.length]).toEqual([640, 480, 640 * 480 * 3]);
    await lights.setLight('uv');
    const uv = await camera.previewFrame({ view: 'front', light: 'uv' });
    await lights.off();
    const mean = (d: Uint8Array) => d.reduce((s, v) => s + v, 0) / d.length;
    expect(mean(uv.data)).toBeLessThan(mean(frame.data) * 0.6);
  });

  it('shows the left view as the mirror image of the right one', async () => {
    const left = await camera.previewFrame({ view: 'left', light: null });
    const right = await camera.previewFrame({ view: 'right', light: null });
    const flopped = await sharp(right.data, { raw: { width: 640, height: 480, channels: 3 } }).flop().raw().toBuffer();
    let diff = 0;
    for (let i = 0; i < flopped.length; i++) diff += Math.abs(flopped[i]! - left.data[i]!);
    expect(diff / flopped.length).toBeLessThan(3);
    const front = await camera.previewFrame({ view: 'front', light: null });
    expect(Buffer.compare(Buffer.from(front.data), Buffer.from(left.data))).not.toBe(0);
  });

  it('synthesises measurably different light variants', () => {
    for (const view of VIEWS) {
      const white = at(view, 'white');
      const glow = at(view, 'white_glow');
      expect(glow.luma).toBeGreaterThan(white.luma + 5);
      expect(glow.detail).toBeLessThan(white.detail * 0.8);
      const cross = at(view, 'cross_polar');
      expect(cross.white).toBeLessThan(white.white * 0.5 + 1e-4);
      expect(cross.saturation).toBeGreaterThan(white.saturation * 1.15);
      expect(cross.r / (cross.g + cross.b)).toBeGreaterThan(white.r / (white.g + white.b));
      const parallel = at(view, 'parallel_polar');
      expect(parallel.detail).toBeGreaterThan(white.detail * 1.2);
      expect(parallel.white).toBeGreaterThan(white.white);
      const uv = at(view, 'uv');
      expect(uv.luma).toBeLessThan(white.luma * 0.5);
      expect(uv.b).toBeGreaterThan(uv.r);
      expect(uv.b).toBeGreaterThan(uv.g);
      expect(uv.orange).toBeGreaterThan(50);
    }
  });

  it('levels the side photo in its plane without blank corners (the turned edges show mirrored background)', async () => {
    for (const view of ['left', 'right'] as const) {
      const { data, info } = await sharp(stills.get(`${view}/white`)!).raw().toBuffer({ resolveWithObject: true });
      const size = Math.round(info.height * 0.08);
      for (const [x0, y0] of [[0, 0], [info.width - size, 0], [0, info.height - size], [info.width - size, info.height - size]] as const) {
        let dark = 0;
        for (let y = y0; y < y0 + size; y++) for (let x = x0; x < x0 + size; x++) if (Math.max(data[(y * info.width + x) * 3]!, data[(y * info.width + x) * 3 + 1]!, data[(y * info.width + x) * 3 + 2]!) < 12) dark++;
        expect(dark / (size * size), `${view} corner ${x0},${y0}`).toBeLessThan(0.02);
      }
    }
  });

  it('produces 12-MP stills when configured for benchmarks', async () => {
    const device = await createDevice(deviceConfigSchema.parse({ camera: { kind: 'simulated', still: { width: 4000, height: 3000 } } }));
    const big = await device.camera.open();
    await device.lights.setLight('white');
    const still = await big.captureStill({ view: 'front', light: 'white' });
    const meta = await sharp(still.jpeg).metadata();
    expect([still.width, still.height, meta.width, meta.height, meta.format]).toEqual([4000, 3000, 4000, 3000, 'jpeg']);
    await big.close();
    await expect(big.captureStill({ view: 'front', light: 'white' })).rejects.toMatchObject({ code: 'disconnected' });
  });
});
