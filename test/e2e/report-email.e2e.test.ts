/**
 * Issue 16 item 12 (D-067) on the real kiosk in Chromium: a kiosk whose configuration names a mail
 * server (an SMTP server this test starts on 127.0.0.1) offers "Send the link to my e-mail" beside
 * the phone QR, with the customer's registered address masked; the tap queues the e-mail in the
 * kiosk's outbox and the message arrives at the server in the screen's language, with the same
 * link the QR holds, and that link opens the report. Screenshots report-email-*, portrait and
 * landscape: English before the tap (the offer and its consent sentence), Chinese after it.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../integration/report-email/smtp-servers.ts';
import { chooseLanguage, chooseSkinAndStart, confirmAndWaitForResults, enterPin, giveConsent, openKiosk, runCapture, screen, STAFF_PIN, startSession, waitForReviewImages } from './helpers/flows.ts';
import type { KioskHost } from './helpers/kiosk-host.ts';
import { startKioskBrowser, type KioskBrowser } from './helpers/kiosk-browser.ts';
import { rotate, shoot } from './helpers/screens.ts';

const CUSTOMER = { name: 'Mei Lin', phone: '90005555', email: 'meilin@example.com' };
const ORIENTATIONS = ['landscape', 'portrait'] as const;

describe('report link by e-mail (issue 16 item 12)', () => {
  let smtp: TestSmtpServer;
  let kiosk: KioskBrowser;
  let host: KioskHost;
  let page: Page;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    kiosk = await startKioskBrowser({
      host: { config: { email: { smtp: { host: '127.0.0.1', port: smtp.port, security: 'none' }, from: 'skin@lumiere.example', storeName: 'Lumière Orchard' } } },
    });
    ({ host, page } = kiosk);
  });

  afterAll(async () => {
    await kiosk?.stop();
    await smtp?.close();
  });

  /** The phone dialog from the top bar, holding the QR and the e-mail offer. */
  async function openShareDialog(): Promise<void> {
    await page.locator('[data-testid="share-open"]').click();
    await page.locator('[data-testid="share-dialog"] [data-qr-text]').waitFor();
  }

  async function closeShareDialog(): Promise<void> {
    await page.locator('[data-testid="modal-close"]').click();
    await page.locator('[data-testid="share-dialog"]').waitFor({ state: 'detached' });
  }

  it('sends the report link to the registered address on the customer’s tap, in the screen’s language', async () => {
    await openKiosk(page, host.url);
    await startSession(page, 'en');
    await giveConsent(page);
    const form = page.locator('[data-testid="customer-form"]');
    await form.locator('input[name="name"]').fill(CUSTOMER.name);
    await form.locator('input[name="phone"]').fill(CUSTOMER.phone);
    await form.locator('input[name="email"]').fill(CUSTOMER.email);
    await page.locator('[data-testid="register"]').click();
    await page.locator('[data-testid="chosen-customer"]').waitFor();
    await chooseSkinAndStart(page, 'clean');
    await runCapture(page, { lang: 'en', overrideAfterMs: 20_000, timeoutMs: 180_000 });
    await waitForReviewImages(page);
    await confirmAndWaitForResults(page);
    await screen(page, 'results').waitFor();
    // The QR (and so the link) appears once the report reached the embedded platform.
    await page.locator('[data-testid="share"] [data-qr-text]').waitFor({ timeout: 120_000 });

    // Offered, with the address masked and what the tap sends said above the button.
    for (const orientation of ORIENTATIONS) {
      await rotate(page, orientation);
      await openShareDialog();
      const offer = page.locator('[data-testid="share-dialog"] [data-testid="email-link"]');
      expect(await offer.getAttribute('data-state')).toBe('offered');
      const text = (await offer.textContent()) ?? '';
      expect(text).toContain('Send the link to my e-mail');
      expect(text).toContain('m***@example.com');
      expect(text).not.toContain(CUSTOMER.email);
      await page.waitForTimeout(200);
      await shoot(page, 'report-email', orientation, 'en');
      await closeShareDialog();
    }
    expect(smtp.messages).toHaveLength(0);

    // The dialog takes the focus, so keys reach it and not the results beneath; Escape closes it
    // and gives the focus back to the button that opened it (D-112).
    await openShareDialog();
    expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
    await page.keyboard.press('Escape');
    await page.locator('[data-testid="share-dialog"]').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('share-open');

    // The customer reads Chinese and taps: the e-mail goes in Chinese.
    await chooseLanguage(page, 'zh-Hans');
    await openShareDialog();
    const qrLink = await page.locator('[data-testid="share-dialog"] [data-qr-text]').getAttribute('data-qr-text');
    await page.locator('[data-testid="share-dialog"] [data-testid="email-send"]').click();
    await expect.poll(() => smtp.messages.length, { timeout: 60_000 }).toBe(1);
    const mail = smtp.messages[0]!;
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : []).toEqual([CUSTOMER.email]);
    expect(mail.subject).toBe('您在Lumière Orchard的肌肤分析报告');
    expect(mail.from?.value[0]).toEqual({ name: 'Lumière Orchard', address: 'skin@lumiere.example' });
    expect(qrLink).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/shared\/reports\//);
    // The QR opens the report in the kiosk's language, whatever the phone's (D-137).
    expect(new URL(qrLink!).searchParams.get('lang')).toBe('zh-Hans');
    expect(mail.text).toContain(qrLink);
    expect(mail.html).toContain(qrLink!.replaceAll('&', '&amp;'));
    expect(mail.text).not.toContain(CUSTOMER.name);
    // The link in the e-mail opens the customer's report.
    const opened = await page.request.get(qrLink!, { headers: { accept: 'text/html' } });
    expect(opened.status()).toBe(200);

    // The screen says it went (main is read again while the e-mail is queued).
    const status = page.locator('[data-testid="share-dialog"] [data-testid="email-link"]');
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 30_000 }).toBe('sent');
    expect(await status.textContent()).toContain('链接已发往');
    await closeShareDialog();
    for (const orientation of ORIENTATIONS) {
      await rotate(page, orientation);
      await openShareDialog();
      await page.waitForTimeout(200);
      await shoot(page, 'report-email', orientation, 'zh-Hans');
      await closeShareDialog();
    }
    // One tap, one e-mail.
    expect(smtp.messages).toHaveLength(1);

    // Staff see on their session list that this customer's e-mail went.
    await page.locator('[data-testid="results-finish"]').click();
    await screen(page, 'idle').waitFor();
    await openKiosk(page, host.withQuery('?lang=en'));
    await page.locator('[data-testid="open-staff"]').click();
    await enterPin(page, STAFF_PIN);
    await screen(page, 'staff').waitFor();
    await page.locator('[data-tab="sessions"]').click();
    const state = page.locator('[data-session-id] [data-testid="email-state"]');
    await state.first().waitFor({ timeout: 30_000 });
    expect(await state.count()).toBe(1);
    expect(await state.getAttribute('data-state')).toBe('sent');
    expect(await state.textContent()).toBe('E-mail sent');
  });
});
