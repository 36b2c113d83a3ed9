/**
 * Technician settings over the configuration file: the camera-mounting pitch offset a capture
 * session's guidance uses (the technician's setting, else the file's, else the camera's default:
 * the simulated device compensates for its photos, a real camera starts at 0), and the serial
 * light controller, whose file-only fields survive a save from the Lights tab.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseKioskCoreConfig } from '../../../main/config/kiosk-core-config.ts';
import { SIMULATED_PITCH_OFFSET } from '../../../main/device/simulated-camera.ts';
import { kioskExtrasSchema } from '../../../main/kiosk/config.ts';
import { FileSecretStore } from '../../../main/kiosk/secrets.ts';
import { KioskSettings } from '../../../main/kiosk/settings.ts';
import { KioskStore } from '../../../main/store/kiosk-store.ts';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

async function settingsFor(json: Record<string, unknown>, idleSeconds?: number): Promise<KioskSettings> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-settings-'));
  const store = await KioskStore.open({ dataDir, verifyHashesOnStartup: 'none' });
  cleanups.push(() => (store.close(), rmSync(dataDir, { recursive: true, force: true })));
  const config = { core: parseKioskCoreConfig(json), extras: kioskExtrasSchema.parse(json) };
  return new KioskSettings(store.settings, config, { embedded: false, baseUrl: 'http://127.0.0.1:1' }, new FileSecretStore(join(dataDir, 'secrets.json')), Date.now, idleSeconds);
}

describe('camera mounting (guidance pitchOffset)', () => {
  it('defaults to the simulated device compensation, 0 for a real camera, and the file value over either', async () => {
    // 0 since the face check corrects FaceMesh's pitch bias (it was -7, compensating for it).
    expect(SIMULATED_PITCH_OFFSET).toBe(0);
    expect((await settingsFor({})).guidance().pitchOffset).toBe(SIMULATED_PITCH_OFFSET);
    expect((await settingsFor({ device: { camera: { kind: 'renderer' } } })).guidance().pitchOffset).toBe(0);
    expect((await settingsFor({ device: { camera: { kind: 'renderer' } }, guidance: { pitchOffset: -12 } })).guidance().pitchOffset).toBe(-12);
  });

  it("takes the technician's value over the file's, shows it in the settings and keeps the other thresholds", async () => {
    const settings = await settingsFor({ guidance: { pitchOffset: -12, maxPitch: 9 } });
    await settings.update({ pitchOffset: 4 });
    expect(settings.guidance()).toMatchObject({ pitchOffset: 4, maxPitch: 9 });
    expect((await settings.view()).pitchOffset).toBe(4);
  });
});

describe('serial light controller saved from the Lights tab', () => {
  it('keeps the off command, line ending and write timeout of the file when the screen saves what it shows', async () => {
    const serial = { kind: 'serial', path: '/dev/ttyUSB0', baudRate: 9600, commands: { white: 'W1' }, offCommand: 'ALL 0', lineEnding: '\n', writeTimeoutMs: 3000 };
    const settings = await settingsFor({ device: { profile: { kind: 'multi_light', lights: ['white'] }, lightController: serial } });
    await settings.update({ lightController: { kind: 'serial', serial: { port: '/dev/ttyUSB1', baudRate: 57600, settleMs: 200, commands: { white: 'LAMP W' } } } });
    expect(settings.device().lightController).toEqual({
      kind: 'serial', path: '/dev/ttyUSB1', baudRate: 57600, settleMs: 200, commands: { white: 'LAMP W' }, offCommand: 'ALL 0', lineEnding: '\n', writeTimeoutMs: 3000,
    });
  });
});

describe('inactivity timeouts (D-046)', () => {
  it('are 90 s on customer screens, 120 s on results and operator screens unless told otherwise', async () => {
    expect((await settingsFor({})).idleSeconds()).toEqual({ customer: 90, results: 120, operator: 120 });
  });

  it('take --idle-seconds for every screen, and a saved technician value over it', async () => {
    const settings = await settingsFor({}, 6);
    expect(settings.idleSeconds()).toEqual({ customer: 6, results: 6, operator: 6 });
    // The technician changes one timeout; the others stay as launched (a save sends them all).
    await settings.update({ idleSeconds: { customer: 45, results: 6, operator: 6 } });
    expect((await settings.view()).idleSeconds).toEqual({ customer: 45, results: 6, operator: 6 });
  });

  it('refuse a changed timeout outside 15..3600 s, naming it, and store nothing of the patch', async () => {
    const settings = await settingsFor({});
    await expect(settings.update({ retentionDays: 9, idleSeconds: { customer: 90, results: 5, operator: 120 } })).rejects.toMatchObject({
      code: 'invalid_input',
      field: 'patch.idleSeconds.results',
    });
    await expect(settings.update({ idleSeconds: { customer: 90, results: 120, operator: 3601 } })).rejects.toMatchObject({ field: 'patch.idleSeconds.operator' });
    expect(settings.retentionDays()).not.toBe(9);
    expect(settings.idleSeconds()).toEqual({ customer: 90, results: 120, operator: 120 });
    await settings.update({ idleSeconds: { customer: 15, results: 3600, operator: 120 } });
    expect(settings.idleSeconds()).toEqual({ customer: 15, results: 3600, operator: 120 });
  });
});
