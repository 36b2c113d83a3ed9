/**
 * What every end-to-end file starts with: a kiosk host (main's browser host and its embedded
 * platform) and Chromium showing it on a portrait kiosk page; `stop` closes them in reverse.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { kioskPage, launchChromium, type LaunchOptions } from './browser.ts';
import { startKioskHost, type KioskHost, type KioskHostOptions } from './kiosk-host.ts';
import { writeFaceY4m } from './y4m.ts';

/** The face photo Chromium's fake camera plays to the renderer-camera kiosks. */
export const CAMERA_FACE = fileURLToPath(new URL('../../fixtures/faces/sample6-frontal.jpg', import.meta.url));

/** A single-camera unit whose camera is the renderer's own (getUserMedia). */
const SINGLE_CAMERA_UNIT = {
  device: {
    profile: { kind: 'single_camera' },
    camera: { kind: 'renderer' },
    lightController: { kind: 'none' },
  },
};

export interface KioskBrowser {
  readonly host: KioskHost;
  readonly page: Page;
  stop(): Promise<void>;
}

export async function startKioskBrowser(options: { host?: KioskHostOptions; browser?: LaunchOptions } = {}): Promise<KioskBrowser> {
  const host = await startKioskHost(options.host);
  const browser = await launchChromium(options.browser).catch(async (error: unknown) => {
    await host.stop();
    throw error;
  });
  const { context, page } = await kioskPage(browser, 'portrait');
  return {
    host,
    page,
    async stop() {
      await context.close();
      await browser.close();
      await host.stop();
    },
  };
}

/** A single-camera kiosk on the renderer's camera, Chromium's fake camera playing a face photo as video. */
export async function startRendererCameraKiosk(face = CAMERA_FACE): Promise<KioskBrowser> {
  const video = join(mkdtempSync(join(tmpdir(), 'kiosk-y4m-')), 'face.y4m');
  await writeFaceY4m(face, video);
  return startKioskBrowser({ host: { config: SINGLE_CAMERA_UNIT }, browser: { fakeVideo: video } });
}
