/**
 * The technician's area (issue 8, "Must show"): behind its own PIN, the light test switches each
 * light through main and reports back, diagnostics list every check. Screenshots of every tab.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromiumAvailable, kioskPage, launchChromium } from './helpers/browser.ts';
import { enterPin, openKiosk, screen, STAFF_PIN, TECHNICIAN_PIN, waitOnline } from './helpers/flows.ts';
import { startKioskHost, type KioskHost } from './helpers/kiosk-host.ts';
import { shootBoth } from './helpers/screens.ts';

const TABS = ['device', 'camera', 'lights', 'calibration', 'diagnostics', 'platform', 'logs'] as const;

describe.skipIf(!chromiumAvailable())('technician screens', () => {
  let host: KioskHost;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    host = await startKioskHost();
    browser = await launchChromium();
    ({ context, page } = await kioskPage(browser, 'portrait'));
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await host?.stop();
  });

  it('keeps the technician area behind its own PIN: the staff PIN does not open it', async () => {
    await openKiosk(page, host.url);
    await page.locator('[data-testid="open-technician"]').click();
    await enterPin(page, STAFF_PIN);
    await expect.poll(() => page.locator('.pin-message').textContent()).not.toBe('\u00a0');
    expect(await screen(page, 'technician').count()).toBe(0);
  });

  it('tests every light of the unit and runs the diagnostics', async () => {
    await openKiosk(page, host.url);
    await page.locator('[data-testid="open-technician"]').click();
    await enterPin(page, TECHNICIAN_PIN);
    await screen(page, 'technician').waitFor();

    await page.locator('[data-tab="lights"]').click();
    const lights = await page.locator('[data-testid="light-rows"] [data-light]').evaluateAll((els) => els.map((e) => e.getAttribute('data-light') ?? ''));
    expect(lights).toContain('white');
    for (const light of lights) {
      await page.locator(`[data-testid="test-light-${light}"]`).click();
      const result = page.locator(`[data-testid="light-result-${light}"]`);
      await result.waitFor({ timeout: 30_000 });
      expect(await result.getAttribute('data-ok'), `${light}: ${await result.textContent()}`).toBe('true');
    }

    await page.locator('[data-tab="diagnostics"]').click();
    const checks = page.locator('[data-testid="diagnostics"] [data-check]');
    await expect.poll(() => checks.count(), { timeout: 60_000 }).toBeGreaterThan(0);
    const names = await checks.evaluateAll((els) => els.map((e) => e.getAttribute('data-check') ?? ''));
    console.log(`diagnostics: ${names.join(', ')}`);
    expect(await page.locator('[data-testid="diagnostics-summary"]').count()).toBe(1);

    // Log export hands main's logs to the browser as a file.
    await page.locator('[data-tab="logs"]').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid="export-logs"]').click()]);
    expect(download.suggestedFilename()).not.toBe('');
  });

  it('shows every technician tab in English and Chinese', async () => {
    for (const lang of ['en', 'zh-Hans'] as const) {
      await openKiosk(page, host.withQuery(`?lang=${lang}`));
      await waitOnline(page);
      await page.locator('[data-testid="open-technician"]').click();
      await enterPin(page, TECHNICIAN_PIN);
      await screen(page, 'technician').waitFor();
      for (const tab of TABS) {
        await page.locator(`[data-tab="${tab}"]`).click();
        if (tab === 'lights') {
          await page.locator('[data-testid="test-light-white"]').click();
          await page.locator('[data-testid="light-result-white"]').waitFor({ timeout: 30_000 });
        }
        if (tab === 'diagnostics') await page.locator('[data-testid="diagnostics"]').waitFor({ timeout: 60_000 });
        await shootBoth(page, `technician-${tab}`, lang);
      }
    }
  });
});
