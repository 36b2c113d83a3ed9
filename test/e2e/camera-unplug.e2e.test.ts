/**
 * A renderer camera lost mid-session (issue 7): the real MediaStreamTrack of getUserMedia is
 * stopped in the page, as an unplug ends it. The <video> keeps its size and shows black, so the
 * kiosk must not go on sending black preview frames or shoot a black still: main faults the
 * session with its 'disconnected' fault, the fault panel says so, nothing is stored, and "Try
 * again" asks for the camera again so the session goes on and finishes without a reload.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { confirmAndWaitForResults, runCapture, screen, staffCaptureNow, startCustomerCapture } from './helpers/flows.ts';
import { readKioskDb } from './helpers/kiosk-db.ts';
import type { KioskHost } from './helpers/kiosk-host.ts';
import { startRendererCameraKiosk, type KioskBrowser } from './helpers/kiosk-browser.ts';

const CAMERA_FAULT = 'The camera stopped answering. Please wait for a staff member.';
/** Main's frame wait is 5 s and its still wait 15 s (main/kiosk/push-camera.ts); the rest is margin for a busy 2-core machine. */
const FAULT_AFTER_STOP_MS = 15_000;
const FAULT_AFTER_STILL_WAIT_MS = 30_000;

/** Every file under the kiosk's captures directory. */
function captureFiles(dataDir: string): string[] {
  const dir = join(dataDir, 'captures');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

function captureRows(dataDir: string): { view: string; light: string; file_path: string }[] {
  return readKioskDb(dataDir, (db) => db.prepare('SELECT view, light, file_path FROM captures').all() as { view: string; light: string; file_path: string }[]);
}

/** What an unplug does to the page's camera: every track of the preview's stream ends. */
async function unplugCamera(page: Page): Promise<number> {
  return page.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement>('[data-testid="preview-video"]');
    const stream = video?.srcObject;
    if (!(stream instanceof MediaStream)) throw new Error('the preview shows no camera stream');
    for (const track of stream.getTracks()) track.stop();
    return video!.videoWidth;
  });
}

/** The preview's track state and size, as the page sees it. */
function previewTrack(page: Page): Promise<{ readyState: string; width: number }> {
  return page.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement>('[data-testid="preview-video"]');
    const stream = video?.srcObject;
    const track = stream instanceof MediaStream ? stream.getVideoTracks()[0] : undefined;
    return { readyState: track?.readyState ?? 'none', width: video?.videoWidth ?? 0 };
  });
}

describe('a renderer camera unplugged during the session', () => {
  let kiosk: KioskBrowser;
  let host: KioskHost;
  let page: Page;

  beforeAll(async () => {
    kiosk = await startRendererCameraKiosk();
    ({ host, page } = kiosk);
  });

  afterAll(() => kiosk?.stop());

  it('faults with the camera message, stores nothing, and goes on after Try again reopens the camera', async () => {
    await startCustomerCapture(page, host.url, { name: 'Unplug Customer', phone: '98760101' });
    const capture = screen(page, 'capture');
    const message = page.locator('[data-testid="fault-message"]');
    const retry = page.locator('[data-testid="fault-retry"]');
    await expect.poll(() => previewTrack(page), { timeout: 20_000 }).toMatchObject({ readyState: 'live' });
    await expect.poll(() => capture.getAttribute('data-state'), { timeout: 30_000 }).toBe('live');
    // Main has checked frames of this camera: guidance shows.
    await page.locator('[data-testid="guidance"]:not([data-issue=""])').waitFor({ timeout: 30_000 });

    // 1. Unplugged while live: the dead <video> keeps its size, yet no black frame keeps main happy.
    const stoppedAt = Date.now();
    expect(await unplugCamera(page)).toBeGreaterThan(0);
    await expect.poll(() => capture.getAttribute('data-state'), { timeout: FAULT_AFTER_STOP_MS }).toBe('fault');
    const faultMs = Date.now() - stoppedAt;
    expect(await message.getAttribute('data-code')).toBe('disconnected');
    expect(await message.textContent()).toBe(CAMERA_FAULT);
    expect(await page.locator('[data-testid="fault-detail"]').textContent()).toMatch(/^For the technician \(disconnected\): No picture from the camera/);
    expect(captureRows(host.dataDir)).toEqual([]);
    expect(captureFiles(host.dataDir)).toEqual([]);

    // Try again asks for the camera again (the fake camera is "plugged back"): frames reach main,
    // so the session stays out of the fault well past main's 5 s frame wait.
    await retry.click();
    await expect.poll(() => previewTrack(page), { timeout: 20_000 }).toMatchObject({ readyState: 'live' });
    await expect.poll(async () => (await previewTrack(page)).width, { timeout: 20_000 }).toBeGreaterThan(0);
    const liveAgainAt = Date.now();
    while (Date.now() - liveAgainAt < 8000) {
      expect(await capture.getAttribute('data-state')).toMatch(/^(live|countdown|capturing)$/);
      await page.waitForTimeout(250);
    }

    // 2. Unplugged, then staff force a capture (the reviewer's black still): no still is taken,
    // main's still wait runs out into the same camera fault, and nothing is stored.
    const stoppedAgainAt = Date.now();
    await unplugCamera(page);
    await staffCaptureNow(page);
    await expect.poll(() => capture.getAttribute('data-state'), { timeout: FAULT_AFTER_STILL_WAIT_MS }).toBe('fault');
    const stillFaultMs = Date.now() - stoppedAgainAt;
    expect(await message.getAttribute('data-code')).toBe('disconnected');
    // The fault came from the still main waited for in vain, so the capture was really forced.
    expect(await page.locator('[data-testid="fault-detail"]').textContent()).toMatch(/no full-resolution still for front\/white/);
    expect(await message.textContent()).toBe(CAMERA_FAULT);
    expect(captureRows(host.dataDir)).toEqual([]);
    expect(captureFiles(host.dataDir)).toEqual([]);
    console.log(`camera unplug: fault ${faultMs} ms after the stop while live, ${stillFaultMs} ms after the stop with a forced capture`);

    // 3. Try again, and the session finishes with a real photo of the face.
    await retry.click();
    await expect.poll(() => previewTrack(page), { timeout: 20_000 }).toMatchObject({ readyState: 'live' });
    await runCapture(page, { lang: 'en', overrideAfterMs: 10_000 });
    const rows = captureRows(host.dataDir);
    expect(rows.map((r) => `${r.view}/${r.light}`)).toEqual(['front/white']);
    const files = captureFiles(host.dataDir);
    expect(files).toHaveLength(1);
    // Not the black picture of a dead camera: the face photo's own brightness.
    const { channels } = await sharp(files[0]).stats();
    expect(channels[0]!.mean).toBeGreaterThan(40);
    await confirmAndWaitForResults(page);
    expect(await page.locator('button.dimension').count()).toBeGreaterThan(0);
  });
});
