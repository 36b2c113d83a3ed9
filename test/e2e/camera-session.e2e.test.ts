/**
 * A whole customer session with a real camera in the renderer (issue 8): Chromium's fake camera
 * fed with a real face photo turned into a Y4M video (TESTING.md), a single-camera unit whose
 * camera is the renderer's (getUserMedia), preview frames and the full-resolution still going to
 * main through the kiosk API.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromiumAvailable, kioskPage, launchChromium } from './helpers/browser.ts';
import { chooseSkinAndStart, confirmAndWaitForResults, giveConsent, openKiosk, registerCustomer, runCapture, startSession } from './helpers/flows.ts';
import { startKioskHost, type KioskHost } from './helpers/kiosk-host.ts';
import { writeFaceY4m } from './helpers/y4m.ts';

const FACE = fileURLToPath(new URL('../fixtures/faces/sample6-frontal.jpg', import.meta.url));

const SINGLE_CAMERA_UNIT = {
  device: {
    profile: { kind: 'single_camera' },
    camera: { kind: 'renderer' },
    lightController: { kind: 'none' },
  },
};

describe.skipIf(!chromiumAvailable())('customer session with the renderer camera (fake camera fed a face photo)', () => {
  let host: KioskHost;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    const video = join(mkdtempSync(join(tmpdir(), 'kiosk-y4m-')), 'face.y4m');
    await writeFaceY4m(FACE, video);
    host = await startKioskHost({ config: SINGLE_CAMERA_UNIT });
    browser = await launchChromium({ fakeVideo: video });
    ({ context, page } = await kioskPage(browser, 'portrait'));
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await host?.stop();
  });

  it('previews the camera, captures a full-resolution still of the face and shows the results', async () => {
    await openKiosk(page, host.url);
    await startSession(page, 'en');
    await giveConsent(page);
    await registerCustomer(page, 'Camera Customer', '98765432');
    await chooseSkinAndStart(page, 'clean');
    // The preview is the live <video> of getUserMedia, playing the photo.
    const video = page.locator('[data-testid="preview-video"]');
    await video.waitFor();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 20_000 }).toBeGreaterThan(0);
    const log = await runCapture(page, { lang: 'en', overrideAfterMs: 15_000 });
    console.log(`camera capture: states ${log.states.join(' > ')}; guidance ${[...log.issues].join(', ')}; overrides ${log.overrides.join(', ') || 'none'}`);
    expect(log.states).toContain('capturing');
    // One view (front) under one light (white) for a single-camera unit.
    await expect.poll(() => page.locator('.review-card').count()).toBe(1);
    await page.locator('.review-main img').waitFor();
    await confirmAndWaitForResults(page);
    expect(await page.locator('button.dimension').count()).toBeGreaterThan(0);
  });
});
