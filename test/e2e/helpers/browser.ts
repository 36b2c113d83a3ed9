/**
 * Debian's Chromium driven by playwright-core (TESTING.md, Browser tests). Fake camera flags are
 * added when a test needs the renderer camera; a .y4m file feeds it a real face.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Whether the browser the e2e tests drive is installed (global-setup.ts fails the run without it). */
export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM);
}

export interface LaunchOptions {
  /** A .y4m file for Chromium's fake camera; without it the fake camera shows its test pattern. */
  readonly fakeVideo?: string;
}

export async function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  const args = [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    ...(options.fakeVideo ? [`--use-file-for-fake-video-capture=${options.fakeVideo}`] : []),
  ];
  return chromium.launch({ executablePath: CHROMIUM, args, headless: true });
}

export type Orientation = 'portrait' | 'landscape';

/**
 * A page at kiosk size: the panels are 1080x1920 (portrait) and 1920x1080 (landscape) CSS pixels
 * at device scale 1, so the layout and the screenshots are the panel's own, pixel for pixel.
 */
export async function kioskPage(browser: Browser, orientation: Orientation): Promise<{ context: BrowserContext; page: Page }> {
  const viewport = orientation === 'portrait' ? { width: 1080, height: 1920 } : { width: 1920, height: 1080 };
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, hasTouch: true, acceptDownloads: true });
  const page = await context.newPage();
  return { context, page };
}
