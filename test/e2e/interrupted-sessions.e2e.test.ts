/**
 * Sessions interrupted on the way. A screen reloaded in the middle of a session (a renderer
 * crash, the error boundary's reload): main still holds the session and refuses a new one, so the
 * screen takes it up again, and the capture the customer sat for is confirmed and analysed, not
 * stranded behind "please try again". A capture the customer cancelled is listed for staff
 * without a retry, since nothing was finished to send.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { discardSession, enterPin, runCapture, screen, STAFF_PIN, startCustomerCapture, waitForReviewImages } from './helpers/flows.ts';
import { startKioskBrowser, type KioskBrowser } from './helpers/kiosk-browser.ts';
import type { KioskHost } from './helpers/kiosk-host.ts';
import { readKioskDb } from './helpers/kiosk-db.ts';

describe('interrupted sessions', () => {
  let kiosk: KioskBrowser;
  let host: KioskHost;
  let page: Page;

  beforeAll(async () => {
    kiosk = await startKioskBrowser();
    ({ host, page } = kiosk);
  });
  afterAll(() => kiosk?.stop());

  it('comes back to the review of the capture it lost, which is then confirmed and analysed', async () => {
    await startCustomerCapture(page, host.url, { name: 'Reload Rita', phone: '81234567' });
    await runCapture(page, { lang: 'en', timeoutMs: 150_000 });
    await waitForReviewImages(page);
    const shotsBefore = await page.locator('.review-card img').count();

    await page.reload();
    await screen(page, 'review').waitFor({ timeout: 30_000 });
    await waitForReviewImages(page);
    expect(await page.locator('.review-card img').count()).toBe(shotsBefore);

    await page.locator('[data-testid="confirm-capture"]').click();
    await screen(page, 'processing').waitFor();
    const sessions = readKioskDb(host.dataDir, (db) => db.prepare("SELECT s.state, COUNT(c.session_id) AS shots FROM sessions s JOIN customers u ON u.id = s.customer_id LEFT JOIN captures c ON c.session_id = s.id WHERE u.name = 'Reload Rita' GROUP BY s.id").all());
    expect(sessions).toEqual([{ state: 'done', shots: shotsBefore }]);
    await screen(page, 'results').waitFor({ timeout: 240_000 });
  });

  it('lists a cancelled capture for staff as cancelled, without a retry that could not send anything', async () => {
    await startCustomerCapture(page, host.url, { name: 'Cancel Carl', phone: '81234568' });
    await discardSession(page);
    await screen(page, 'idle').waitFor();
    await page.locator('[data-testid="open-staff"]').click();
    await enterPin(page, STAFF_PIN);
    await page.locator('[data-tab="sessions"]').click();
    const cancelled = page.locator('[data-session-id][data-state="cancelled"]');
    await cancelled.waitFor({ timeout: 30_000 });
    expect(await cancelled.count()).toBe(1);
    expect(await cancelled.locator('[data-testid="retry-sync"]').count()).toBe(0);
    // The finished session of the test before keeps its actions.
    expect(await page.locator('[data-session-id][data-state="done"]').count()).toBe(1);
  });
});
