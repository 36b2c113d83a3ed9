import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { TARGET_LUMA, checkCalibrationStill } from '../../../main/kiosk/calibration.ts';

const noFace = async () => null;
import { hashPin, pinMatches } from '../../../main/kiosk/pins.ts';
import { PushCamera, readStill } from '../../../main/kiosk/push-camera.ts';
import { FileSecretStore } from '../../../main/kiosk/secrets.ts';

const dir = mkdtempSync(join(tmpdir(), 'kiosk-tools-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function card(rgb: [number, number, number], border: [number, number, number] = [20, 200, 20]): Promise<Uint8Array> {
  // The card fills the centre; the border around it must not count.
  const inner = await sharp({ create: { width: 200, height: 150, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } }).png().toBuffer();
  return sharp({ create: { width: 400, height: 300, channels: 3, background: { r: border[0], g: border[1], b: border[2] } } })
    .composite([{ input: inner, left: 100, top: 75 }])
    .jpeg({ quality: 95 })
    .toBuffer();
}

describe('light calibration from a grey card', () => {
  it('gives gains that neutralise a colour cast and an exposure that brings the balanced card to the 0.46 luma target', async () => {
    const check = await checkCalibrationStill(await card([140, 120, 100]), noFace);
    if (!check.ok) throw new Error(`refused: ${check.reason}`);
    const { gains, exposure } = check.calibration;
    const balanced = [140 * gains[0], 120 * gains[1], 100 * gains[2]];
    expect(Math.max(...balanced) - Math.min(...balanced)).toBeLessThan(2);
    // Balanced, the card is neutral (luma = its grey level); exposed, it sits at the target.
    const corrected = balanced.map((v) => (v * exposure) / 255);
    expect(0.299 * corrected[0]! + 0.587 * corrected[1]! + 0.114 * corrected[2]!).toBeCloseTo(TARGET_LUMA, 2);
  });

  it('refuses a card too dark or clipped, and a picture that is not an image', async () => {
    expect(await checkCalibrationStill(await card([2, 2, 2]), noFace)).toMatchObject({ ok: false, reason: 'too_dark' });
    expect(await checkCalibrationStill(await card([255, 255, 255]), noFace)).toMatchObject({ ok: false, reason: 'overexposed' });
    await expect(checkCalibrationStill(new Uint8Array([1, 2, 3]), noFace)).rejects.toMatchObject({ code: 'invalid_input' });
  });
});

describe('PINs and secrets', () => {
  it('verifies PINs against scrypt hashes only', () => {
    const hash = hashPin('2468');
    expect(hash).toMatch(/^scrypt\$/);
    expect(pinMatches('2468', hash)).toBe(true);
    expect(pinMatches('2469', hash)).toBe(false);
    expect(pinMatches('2468', 'scrypt$broken')).toBe(false);
  });

  it('keeps the app secret in a 0600 file and warns that it is not encrypted', async () => {
    const store = new FileSecretStore(join(dir, 'secrets.json'));
    expect(await store.get('platform.appSecret')).toBeNull();
    await store.set('platform.appSecret', 's3cret');
    expect(await store.get('platform.appSecret')).toBe('s3cret');
    expect(statSync(join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
    expect(store.warning).toMatch(/unencrypted/);
    await store.delete('platform.appSecret');
    expect(await store.get('platform.appSecret')).toBeNull();
  });
});

describe('the renderer camera (pushed frames and stills)', () => {
  it('hands pushed frames to the session at the preview size, and times out with an unplugged-camera message', async () => {
    const camera = new PushCamera({ preview: { width: 160, height: 120 }, frameTimeoutMs: 100, stillTimeoutMs: 100 });
    const jpeg = await card([120, 120, 120]);
    const waiting = camera.previewFrame();
    await camera.pushFrame(jpeg);
    expect(await waiting).toMatchObject({ width: 160, height: 120 });
    await expect(camera.previewFrame()).rejects.toMatchObject({ code: 'disconnected', message: expect.stringContaining('plugged in') });
    await expect(camera.pushFrame(new Uint8Array([1, 2, 3]))).rejects.toMatchObject({ code: 'capture_failed' });
  });

  it('takes a still only for the shot it waits for, under that shot\'s token, once; never one that came early', async () => {
    const camera = new PushCamera({ preview: { width: 160, height: 120 }, stillTimeoutMs: 100 });
    const still = await readStill(await card([120, 120, 120]));
    // Early (nothing waits yet, e.g. the light is still settling): refused, not kept for later.
    expect(camera.deliverStill('early', 'front', 'white', still)).toBe(false);
    expect(camera.stillRequest).toBeNull();
    const waiting = camera.captureStill({ view: 'front', light: 'white' });
    const request = camera.stillRequest!;
    expect(request).toMatchObject({ view: 'front', light: 'white', token: expect.any(String) });
    expect(camera.deliverStill('early', 'front', 'white', still)).toBe(false);
    expect(camera.deliverStill(request.token, 'left', 'white', still)).toBe(false);
    expect(camera.deliverStill(request.token, 'front', 'white', still)).toBe(true);
    expect(await waiting).toMatchObject({ width: 400, height: 300 });
    expect(camera.deliverStill(request.token, 'front', 'white', still)).toBe(false);
    // Every shot has its own token; a shot nobody answers times out with a camera message.
    const next = camera.captureStill({ view: 'left', light: 'white' });
    expect(camera.stillRequest?.token).not.toBe(request.token);
    await expect(next).rejects.toMatchObject({ code: 'disconnected', message: expect.stringContaining('left/white') });
    expect(camera.stillRequest).toBeNull();
  });

  it('abandons an awaited still or frame and drops a pending frame on reset (session fault, cancel, end)', async () => {
    const camera = new PushCamera({ preview: { width: 160, height: 120 }, frameTimeoutMs: 100, stillTimeoutMs: 5000 });
    const jpeg = await card([120, 120, 120]);
    const frameWait = camera.previewFrame();
    camera.reset();
    await expect(frameWait).rejects.toMatchObject({ code: 'capture_failed' });
    await camera.pushFrame(jpeg);
    const waiting = camera.captureStill({ view: 'front', light: 'white' });
    const { token } = camera.stillRequest!;
    camera.reset();
    await expect(waiting).rejects.toMatchObject({ code: 'capture_failed' });
    expect(camera.deliverStill(token, 'front', 'white', await readStill(jpeg))).toBe(false);
    // The frame pushed before the reset is gone: the next preview waits (and here times out).
    await expect(camera.previewFrame()).rejects.toMatchObject({ code: 'disconnected' });
  });

  it('refuses a still that is not a JPEG with invalid_input', async () => {
    await expect(readStill(new Uint8Array([1, 2, 3]))).rejects.toMatchObject({ code: 'invalid_input', field: 'jpeg' });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } } }).png().toBuffer();
    await expect(readStill(png)).rejects.toMatchObject({ code: 'invalid_input' });
  });
});
