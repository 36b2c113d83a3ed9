/**
 * What every end-to-end file starts with: a kiosk host (main's browser host and its embedded
 * platform) and Chromium showing it on a portrait kiosk page; `stop` closes them in reverse.
 */
import type { Page } from 'playwright-core';
import { kioskPage, launchChromium, type LaunchOptions } from './browser.ts';
import { startKioskHost, type KioskHost, type KioskHostOptions } from './kiosk-host.ts';

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
