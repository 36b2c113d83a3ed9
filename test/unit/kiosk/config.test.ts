import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadKioskCoreConfig, parseKioskCoreConfig } from '../../../main/config/kiosk-core-config.ts';
import { createDevice } from '../../../main/device/create-device.ts';
import { deviceProfile, profileShots } from '../../../main/device/profiles.ts';
import { SimulatedLightController, RoomLightController } from '../../../main/device/simulated-lights.ts';

function problems(input: unknown): readonly string[] {
  try {
    parseKioskCoreConfig(input);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('kiosk core configuration', () => {
  it('defaults to a fully simulated multi-light unit', () => {
    const config = parseKioskCoreConfig({});
    expect(config.device.profile).toEqual({ kind: 'multi_light', lights: ['white', 'white_glow', 'cross_polar', 'parallel_polar', 'uv'] });
    expect(config.device.camera).toMatchObject({ kind: 'simulated', preview: { width: 640, height: 480 }, still: { width: 1600, height: 1200 } });
    expect(config.device.lightController).toEqual({ kind: 'simulated', settleMs: 0 });
    expect(config.autoCapture).toEqual({ minStableFrames: 4, holdMs: 600, countdownMs: 1500, previewIntervalMs: 66, previewLight: 'white', helpAfterMs: 20_000 });
    expect(config.store).toEqual({ dataDir: 'data/kiosk', retentionDays: 30, verifyHashesOnStartup: 'unsynced' });
  });

  it('derives the multi-light and single-camera profiles', () => {
    const multi = deviceProfile(parseKioskCoreConfig({ device: { profile: { kind: 'multi_light', lights: ['cross_polar', 'white'] } } }).device);
    expect(multi).toEqual({ kind: 'multi_light', views: ['front', 'left', 'right'], lights: ['white', 'cross_polar'], apiCode: 'device_v' });
    expect(profileShots(multi)).toHaveLength(6);
    const single = deviceProfile(parseKioskCoreConfig({ device: { profile: { kind: 'single_camera' }, lightController: { kind: 'none' } } }).device);
    expect(single).toEqual({ kind: 'single_camera', views: ['front'], lights: ['white'], apiCode: 'online_skin' });
  });

  it('lists every problem with its path', () => {
    expect(problems({ device: { profile: { kind: 'multi_light', lights: ['uv', 'uv'] }, camera: { kind: 'simulated', still: { width: 0, height: 3000 } } } })).toEqual([
      'device.camera.still.width: Too small: expected number to be >=16',
      'device.profile.lights: white is required (device_v needs the white set)',
      'device.profile.lights: a light is listed twice',
      'device.profile.lights: uv needs cross_polar too (device_v rule 2)',
    ]);
  });

  it('checks device_v light rules, serial commands and a controller for multi-light units', () => {
    expect(problems({ device: { profile: { kind: 'multi_light', lights: ['uv', 'uv'] } } })).toEqual([
      'device.profile.lights: white is required (device_v needs the white set)',
      'device.profile.lights: a light is listed twice',
      'device.profile.lights: uv needs cross_polar too (device_v rule 2)',
    ]);
    expect(problems({ device: { profile: { kind: 'multi_light', lights: ['white', 'uv'] }, lightController: { kind: 'serial', path: '/dev/ttyACM0', commands: { white: 'W' } } } })).toEqual([
      'device.profile.lights: uv needs cross_polar too (device_v rule 2)',
      'device.lightController.commands.uv: no command for light uv',
    ]);
    expect(problems({ device: { lightController: { kind: 'none' } } })).toEqual(['device.lightController.kind: "none" only suits a single_camera profile: a multi-light unit must switch its lights']);
    expect(problems({ guidance: { views: { left: { yaw: 120, yawTolerance: 10 } } }, store: { verifyHashesOnStartup: 'some' } })).toHaveLength(2);
  });

  it('loads a JSON file, falls back to defaults when absent and reports bad JSON', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kiosk-config-'));
    try {
      const file = join(dir, 'kiosk.json');
      expect((await loadKioskCoreConfig(file)).device.camera.kind).toBe('simulated');
      writeFileSync(file, JSON.stringify({ autoCapture: { holdMs: 900 } }));
      expect((await loadKioskCoreConfig(file)).autoCapture.holdMs).toBe(900);
      writeFileSync(file, '{ not json');
      await expect(loadKioskCoreConfig(file)).rejects.toThrow(/invalid kiosk configuration .*kiosk\.json[\s\S]*not valid JSON/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('builds the simulated or room-light device from the configuration', async () => {
    const simulated = await createDevice(parseKioskCoreConfig({}).device);
    expect(simulated.lights).toBeInstanceOf(SimulatedLightController);
    expect(simulated.simulated).toBe(true);
    const single = await createDevice(parseKioskCoreConfig({ device: { profile: { kind: 'single_camera' }, lightController: { kind: 'none' } } }).device);
    expect(single.lights).toBeInstanceOf(RoomLightController);
    await expect(single.lights.setLight('uv')).rejects.toMatchObject({ code: 'no_command' });
    await expect(createDevice(parseKioskCoreConfig({ device: { camera: { kind: 'renderer' } } }).device)).rejects.toThrow(/renderer camera bridge/);
    await expect(
      createDevice(parseKioskCoreConfig({ device: { lightController: { kind: 'serial', path: '/dev/ttyUSB-no-such-port', commands: { white: 'a', white_glow: 'b', cross_polar: 'c', parallel_polar: 'd', uv: 'e' } } } }).device),
    ).rejects.toMatchObject({ code: 'port_not_found' });
  });
});
