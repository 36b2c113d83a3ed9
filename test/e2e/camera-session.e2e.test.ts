/**
 * A whole customer session with a real camera in the renderer (issue 8): Chromium's fake camera
 * fed with a real face photo turned into a Y4M video (TESTING.md), a single-camera unit whose
 * camera is the renderer's (getUserMedia), preview frames and the full-resolution still going to
 * main through the kiosk API. A camera that stops delivering frames faults the capture, and the
 * fault panel tells the customer in their language while keeping main's detail for the technician.
 * The technician's pitch measurement reads the same camera's preview frames.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { confirmAndWaitForResults, discardSession, openTechnician, runCapture, screen, startCustomerCapture } from './helpers/flows.ts';
import { readKioskDb } from './helpers/kiosk-db.ts';
import type { KioskHost } from './helpers/kiosk-host.ts';
import { startRendererCameraKiosk, type KioskBrowser } from './helpers/kiosk-browser.ts';
import { shootBoth } from './helpers/screens.ts';

describe('customer session with the renderer camera (fake camera fed a face photo)', () => {
  let kiosk: KioskBrowser;
  let host: KioskHost;
  let page: Page;

  beforeAll(async () => {
    kiosk = await startRendererCameraKiosk();
    ({ host, page } = kiosk);
  });

  afterAll(() => kiosk?.stop());

  it('previews the camera, captures a full-resolution still of the face and shows the results', async () => {
    await startCustomerCapture(page, host.url, { name: 'Camera Customer', phone: '98760000' });
    // The preview is the live <video> of getUserMedia, playing the photo.
    const video = page.locator('[data-testid="preview-video"]');
    await video.waitFor();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 20_000 }).toBeGreaterThan(0);
    const log = await runCapture(page, { lang: 'en', overrideAfterMs: 15_000, shots: { live: 'capture-camera' } });
    console.log(`camera capture: states ${log.states.join(' > ')}; guidance ${[...log.issues].join(', ')}; overrides ${log.overrides.join(', ') || 'none'}`);
    // One view (front) under one light (white) for a single-camera unit; the still the renderer
    // shot for main's token is what main stored (the capturing step itself may be too short to see).
    await expect.poll(() => page.locator('.review-card').count()).toBe(1);
    const stored = readKioskDb(host.dataDir, (db) => db.prepare('SELECT view, light, width, height FROM captures').all());
    expect(stored).toEqual([{ view: 'front', light: 'white', width: 640, height: 480 }]);
    await page.locator('.review-main img').waitFor();
    await confirmAndWaitForResults(page);
    expect(await page.locator('button.dimension').count()).toBeGreaterThan(0);
  });

  it('faults the capture when the camera stops sending frames, says so in the customer’s language, and goes on after Try again', async () => {
    const faults = { en: 'The camera stopped answering. Please wait for a staff member.', 'zh-Hans': '相机没有响应。请稍候，工作人员马上来协助。' } as const;
    for (const lang of ['en', 'zh-Hans'] as const) {
      await startCustomerCapture(page, host.withQuery(`?lang=${lang}`), { name: `Fault Customer ${lang}`, phone: lang === 'en' ? '98760001' : '98760002' }, lang);
      const capture = screen(page, 'capture');
      await expect.poll(() => capture.getAttribute('data-state'), { timeout: 30_000 }).toBe('live');
      // As if the camera were unplugged: no preview frame reaches main any more.
      await page.route('**/api/call/submitFrame', (route) => route.abort());
      await expect.poll(() => capture.getAttribute('data-state'), { timeout: 30_000 }).toBe('fault');
      const message = page.locator('[data-testid="fault-message"]');
      expect(await message.getAttribute('data-code')).toBe('disconnected');
      expect(await message.textContent()).toBe(faults[lang]);
      expect(await page.locator('[data-testid="fault-detail"]').textContent()).toMatch(/disconnected/);
      await shootBoth(page, 'capture-fault', lang);
      // The camera is back: "Try again" takes the view from the start.
      await page.unroute('**/api/call/submitFrame');
      await page.locator('[data-testid="fault-retry"]').click();
      await expect.poll(() => capture.getAttribute('data-state'), { timeout: 30_000 }).toMatch(/^(live|countdown|capturing)$/);
      await discardSession(page);
      await screen(page, 'idle').waitFor({ timeout: 30_000 });
    }
  });

  it("measures the camera mounting on the renderer camera's frames, keeps the old value when the head is turned, and checks that camera in Diagnostics", async () => {
    await openTechnician(page, host.url);
    await page.locator('[data-tab="calibration"]').click();
    const video = page.locator('.tech-preview video');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 20_000 }).toBeGreaterThan(0);
    const value = page.locator('[data-testid="pitch-offset-value"]');
    const before = await value.textContent();
    // The fake camera plays a face turned about 20° from the camera (sample6): its pitch is not
    // the mounting's, so main gives no value and says why.
    await page.locator('[data-testid="measure-pitch"]').click();
    const reading = page.locator('[data-testid="pitch-reading"]');
    await reading.waitFor({ timeout: 30_000 });
    expect(await reading.getAttribute('data-ok')).toBe('false');
    expect(await reading.textContent()).toMatch(/^The head was turned \(yaw -?\d+°, roll -?\d+°\): face the screen squarely/);
    const yaw = Number(/yaw (-?\d+)°/.exec((await reading.textContent())!)![1]);
    expect(Math.abs(yaw)).toBeGreaterThan(8);
    expect(await value.textContent()).toBe(before);

    // Diagnostics checks the window's own camera (main cannot see it): open, delivering, its size.
    await page.locator('[data-tab="diagnostics"]').click();
    const camera = page.locator('[data-check="camera"]');
    await expect.poll(() => camera.getAttribute('data-ok'), { timeout: 20_000 }).toBe('true');
    expect(await camera.locator('.row-main').textContent()).toMatch(/^The kiosk window opened .+ and it delivers \d+×\d+ pictures\.$/);
  });
});
