/**
 * A screen opens at its top (D-106). The window is the page's scroller and outlives the screens;
 * a customer who scrolled down the consent clauses to tick the last one used to land in the middle
 * of the registration form, its heading and name field above the fold. Landscape, where the
 * consent clauses run past the screen.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveConsent, openKiosk, screen, startSession } from './helpers/flows.ts';
import type { KioskHost } from './helpers/kiosk-host.ts';
import { startKioskBrowser, type KioskBrowser } from './helpers/kiosk-browser.ts';
import { rotate } from './helpers/screens.ts';

describe('a new screen opens at its top', () => {
  let kiosk: KioskBrowser;
  let host: KioskHost;
  let page: Page;

  beforeAll(async () => {
    kiosk = await startKioskBrowser();
    ({ host, page } = kiosk);
  });

  afterAll(() => kiosk?.stop());

  it('shows the registration form from its heading after the consent was scrolled to its end', async () => {
    await rotate(page, 'landscape');
    await openKiosk(page, host.url);
    await startSession(page, 'en');
    // Scrolled as a customer does to reach the last clause's switch.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await page.evaluate(() => window.scrollY), 'the consent screen scrolls in landscape').toBeGreaterThan(100);
    await giveConsent(page);
    await screen(page, 'customer').waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const heading = await screen(page, 'customer').locator('h1').first().boundingBox();
    expect(heading, 'the customer screen has a heading').not.toBeNull();
    expect(heading!.y).toBeGreaterThanOrEqual(0);
    expect(heading!.y + heading!.height).toBeLessThanOrEqual(1080);
  });
});
