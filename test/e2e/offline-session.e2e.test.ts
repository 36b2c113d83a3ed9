/**
 * Offline (issue 8, "Must show"): the platform goes away, a whole session is still captured and
 * stored, the processing screen says it is queued while offline, and when the platform returns
 * the sync engine uploads, analyses and the report opens by itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startPlatformProcess, type PlatformProcess } from '../helpers/platform-process.ts';
import { chromiumAvailable, kioskPage, launchChromium } from './helpers/browser.ts';
import { chooseSkinAndStart, giveConsent, openKiosk, registerCustomer, runCapture, screen, startSession } from './helpers/flows.ts';
import { embeddedPlatform, startKioskHost, type KioskHost } from './helpers/kiosk-host.ts';
import { shootBoth } from './helpers/screens.ts';

function exited(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}

describe.skipIf(!chromiumAvailable())('a session while the platform is unreachable', () => {
  let host: KioskHost;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let revived: PlatformProcess | null = null;

  beforeAll(async () => {
    host = await startKioskHost();
    browser = await launchChromium();
    ({ context, page } = await kioskPage(browser, 'portrait'));
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await revived?.stop();
    await host?.stop();
  });

  it('is shown as queued while offline, then synced and opened when the platform returns', async () => {
    await openKiosk(page, host.url);
    // Take the embedded platform away (the launcher this test started started it).
    const platform = embeddedPlatform(host.dataDir);
    expect(platform.pid).not.toBeNull();
    process.kill(platform.pid as number, 'SIGTERM');
    await expect.poll(() => exited(platform.pid as number), { timeout: 15_000 }).toBe(true);
    // (The status pill follows main's reachability flag, which main refreshes when it next talks
    // to the platform; what this test insists on is the session's own stage below.)

    await startSession(page, 'en');
    await giveConsent(page);
    await registerCustomer(page, 'Offline Customer', '90001111');
    await chooseSkinAndStart(page, 'clean');
    await runCapture(page, { lang: 'en', overrideAfterMs: 15_000 });
    await page.locator('[data-testid="confirm-capture"]').click();
    await screen(page, 'processing').waitFor();
    await expect.poll(() => screen(page, 'processing').getAttribute('data-stage'), { timeout: 60_000 }).toBe('queued_offline');
    await page.locator('[data-testid="queued-note"]').waitFor();
    await expect.poll(() => page.locator('[data-testid="status-pill"]').getAttribute('data-online'), { timeout: 30_000 }).toBe('false');
    await shootBoth(page, 'processing-offline', 'en');

    // The platform comes back on the same address with the same data.
    revived = await startPlatformProcess(platform.dataDir, platform.port);
    await screen(page, 'results').waitFor({ timeout: 300_000 });
    await page.locator('[data-testid="summary"]').waitFor();
    expect(await page.locator('button.dimension').count()).toBeGreaterThan(0);
  });
});
