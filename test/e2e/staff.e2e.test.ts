/**
 * Staff at work (issue 8, Staff): a session the platform cannot analyse (the simulated camera
 * shows no face) fails with its reason in the staff's language, a staff retry sends it again as a
 * new task, a returning customer is found through the PIN-guarded search dialog, and a customer
 * is deleted after a confirmation. Each action is checked in main's own database (and the
 * platform's), not only on the screen.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SIMULATED_VIEWS } from '../../main/device/simulated-camera.ts';
import { countPlatformRows, tasksBySession } from '../integration/kiosk-sync/platform-db.ts';
import { chooseSkinAndStart, discardSession, enterPin, giveConsent, openKiosk, registerCustomer, runCapture, screen, STAFF_PIN, startSession, waitForReviewImages } from './helpers/flows.ts';
import { callKiosk } from './helpers/kiosk-call.ts';
import { readKioskDb, syncJob } from './helpers/kiosk-db.ts';
import { embeddedPlatform, type KioskHost } from './helpers/kiosk-host.ts';
import { startKioskBrowser, type KioskBrowser } from './helpers/kiosk-browser.ts';
import { shootBoth } from './helpers/screens.ts';

const CUSTOMER = { name: 'Noor Faceless', phone: '93335555' };

/** A single-camera unit whose simulated camera sees a grey card, not a face: the analysis fails (45103). */
async function facelessUnit(): Promise<unknown> {
  const faces = mkdtempSync(join(tmpdir(), 'kiosk-noface-'));
  const grey = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 140, g: 138, b: 135 } } }).jpeg().toBuffer();
  writeFileSync(join(faces, SIMULATED_VIEWS.front.file), grey);
  return {
    device: {
      profile: { kind: 'single_camera' },
      lightController: { kind: 'none' },
      camera: { kind: 'simulated', facesDir: faces, still: { width: 800, height: 600 } },
    },
  };
}

async function openStaff(page: Page, host: KioskHost, lang: string): Promise<void> {
  await openKiosk(page, host.withQuery(`?lang=${lang}`));
  await page.locator('[data-testid="open-staff"]').click();
  await enterPin(page, STAFF_PIN);
  await screen(page, 'staff').waitFor();
}

async function searchCustomer(page: Page, keyword: string): Promise<void> {
  await page.locator('input[name="keyword"]').fill(keyword);
  await page.locator('.search-bar button').click();
  await page.locator('[data-customer-id]').first().waitFor();
}

describe('staff: failed sync and retry, find a customer, delete a customer', () => {
  let kiosk: KioskBrowser;
  let host: KioskHost;
  let page: Page;
  let sessionId = '';
  let customerId = '';

  beforeAll(async () => {
    kiosk = await startKioskBrowser({ host: { config: await facelessUnit() } });
    ({ host, page } = kiosk);
  });

  afterAll(() => kiosk?.stop());

  it('shows a failed analysis with its reason on the processing screen', async () => {
    await openKiosk(page, host.url);
    await startSession(page, 'en');
    await giveConsent(page);
    // Staff look for the customer first (not found: a new one), which leaves a search behind.
    await page.locator('[data-testid="find-customer"]').click();
    await enterPin(page, STAFF_PIN);
    await page.locator('input[name="keyword"]').fill('Noor');
    await page.locator('.search-bar button').click();
    await page.locator('[data-testid="customer-search"] .note').waitFor();
    await page.locator('[data-testid="modal-close"]').click();
    await registerCustomer(page, CUSTOMER.name, CUSTOMER.phone);
    await chooseSkinAndStart(page, 'clean');
    const log = await runCapture(page, { lang: 'en', overrideAfterMs: 3000, timeoutMs: 90_000 });
    expect(log.overrides).toEqual(['front']);
    await waitForReviewImages(page);
    await page.locator('[data-testid="confirm-capture"]').click();
    const processing = screen(page, 'processing');
    await expect.poll(() => processing.getAttribute('data-stage'), { timeout: 120_000 }).toBe('failed');
    await expect.poll(() => page.locator('[data-testid="stage-detail"]').getAttribute('data-key')).toBe('failure.no_face');
    expect(await page.locator('[data-testid="stage-detail"]').textContent()).toContain('45103');
    await shootBoth(page, 'processing-failed', 'en');
    await page.locator('[data-testid="finish-session"]').click();
    // Says where the kiosk stands when it does not go back: this wait timed out twice in whole
    // e2e runs, never alone, with nothing else to go on (closing note of 2026-12-07).
    await screen(page, 'idle')
      .waitFor()
      .catch(async (error: unknown) => {
        const where = await page.evaluate(() => `${[...document.querySelectorAll('[data-screen]')].map((e) => e.getAttribute('data-screen')).join(',')}: ${document.body.innerText.slice(0, 300)}`);
        throw new Error(`no idle screen after "Finish — next customer"; the page shows ${where}; ${String(error)}`);
      });
    // The visit ended as every visit does (D-124): the staff area asks for its PIN again and
    // shows nothing of this visit's search.
    await page.locator('[data-testid="open-staff"]').click();
    await enterPin(page, STAFF_PIN);
    await screen(page, 'staff').waitFor();
    expect(await page.locator('input[name="keyword"]').inputValue()).toBe('');
    expect(await page.locator('[data-testid="customer-search"] .note').count()).toBe(0);
  });

  it('lists the failed session with its reason in Chinese; a retry sends it as a new task', async () => {
    await openStaff(page, host, 'zh-Hans');
    await page.locator('[data-tab="sessions"]').click();
    const row = page.locator('[data-session-id][data-stage="failed"]').first();
    await row.waitFor({ timeout: 30_000 });
    sessionId = (await row.getAttribute('data-session-id')) ?? '';
    const reason = row.locator('[data-testid="last-error"]');
    expect(await reason.getAttribute('data-key')).toBe('failure.no_face');
    expect(await reason.textContent()).toBe('分析未在照片中找到人脸（45103）：请重新拍摄。');
    await shootBoth(page, 'staff-sessions-failed', 'zh-Hans');
    expect(syncJob(host.dataDir, sessionId)).toMatchObject({ stage: 'failed', generation: 0, error_code: '45103' });

    await row.locator('[data-testid="retry-sync"]').click();
    // Main made a new task generation (a new idempotency key: the platform would answer the old,
    // failed task again), and the platform holds two tasks for the session, the second failed too.
    await expect.poll(() => syncJob(host.dataDir, sessionId)?.generation, { timeout: 30_000 }).toBe(1);
    await expect.poll(() => syncJob(host.dataDir, sessionId)?.stage, { timeout: 120_000 }).toBe('failed');
    expect((await tasksBySession(embeddedPlatform(host.dataDir).dataDir)).get(sessionId)).toEqual({ keys: [`kiosk-${sessionId}-0`, `kiosk-${sessionId}-1`], tasks: 2 });
  });

  it('finds a returning customer through the staff search dialog on the customer screen', async () => {
    for (const lang of ['en', 'zh-Hans'] as const) {
      await openKiosk(page, host.withQuery(`?lang=${lang}`));
      await startSession(page, lang);
      await giveConsent(page);
      await page.locator('[data-testid="find-customer"]').click();
      await enterPin(page, STAFF_PIN);
      await page.locator('[data-testid="customer-search"]').waitFor();
      await searchCustomer(page, 'Noor');
      customerId = (await page.locator('[data-customer-id]').first().getAttribute('data-customer-id')) ?? '';
      // Where the customer stands, other people's numbers show only their last digits (D-124).
      const row = (await page.locator('[data-customer-id]').first().textContent()) ?? '';
      expect(row).toContain(`•••${CUSTOMER.phone.slice(-4)}`);
      expect(row).not.toContain(CUSTOMER.phone);
      await shootBoth(page, 'find-customer', lang);
      await page.locator('[data-customer-id] .btn-primary').first().click();
      await expect.poll(() => page.locator('[data-testid="chosen-customer"]').textContent()).toContain(CUSTOMER.name);
      // Staff handed the kiosk back (D-134): the customer who taps "Change" and the search again
      // is asked for the PIN, and the search shows nothing of staff's.
      await page.locator('[data-testid="chosen-customer"] button').click();
      await page.locator('[data-testid="find-customer"]').click();
      await page.locator('[data-testid="pin-pad"]').waitFor();
      await enterPin(page, STAFF_PIN);
      expect(await page.locator('input[name="keyword"]').inputValue()).toBe('');
      expect(await page.locator('[data-customer-id]').count()).toBe(0);
      await page.locator('[role="dialog"] [data-testid="modal-close"]').click();
      await discardSession(page);
      await screen(page, 'idle').waitFor({ timeout: 30_000 });
    }
  });

  it('shows more than the first 20 matches of a search on request, each customer once', async () => {
    await openStaff(page, host, 'en');
    for (let i = 1; i <= 23; i++) {
      await callKiosk(page, 'registerCustomer', { customer: { name: `Paging Pat ${String(i).padStart(2, '0')}` }, agreedClauseIds: [], rejectedClauseIds: [] });
    }
    await searchCustomer(page, 'Paging Pat');
    const rows = page.locator('[data-customer-id]');
    expect(await rows.count()).toBe(20);
    const more = page.locator('[data-testid="search-more"]');
    expect(await more.textContent()).toBe('Show more (20 of 23)');
    await more.click();
    await expect.poll(() => rows.count()).toBe(23);
    const names = await rows.locator('strong').allTextContents();
    expect(new Set(names).size).toBe(23);
    expect(await more.count()).toBe(0);
  });

  it('deletes a customer after a confirmation: rows, photos and the platform’s copy go', async () => {
    const captures = readKioskDb(host.dataDir, (db) => db.prepare('SELECT COUNT(*) AS n FROM captures c JOIN sessions s ON s.id = c.session_id WHERE s.customer_id = ?').get(customerId) as { n: number });
    expect(captures.n).toBeGreaterThan(0);
    for (const lang of ['zh-Hans', 'en'] as const) {
      await openStaff(page, host, lang);
      await searchCustomer(page, 'Noor');
      await page.locator(`[data-customer-id="${customerId}"] [data-testid="delete-customer"]`).click();
      await page.locator('[data-testid="confirm-delete"]').waitFor();
      await shootBoth(page, 'staff-delete-confirm', lang);
      // The first time staff think better of it: nothing is deleted.
      if (lang === 'zh-Hans') {
        await page.locator('[data-testid="cancel-delete"]').click();
        await page.locator('[data-testid="confirm-delete"]').waitFor({ state: 'detached' });
        expect(readKioskDb(host.dataDir, (db) => db.prepare('SELECT COUNT(*) AS n FROM customers WHERE id = ?').get(customerId) as { n: number }).n).toBe(1);
      }
    }
    await page.locator('[data-testid="confirm-delete"]').click();
    await page.locator('[data-testid="confirm-delete"]').waitFor({ state: 'detached' });
    await expect.poll(() => page.locator(`[data-customer-id="${customerId}"]`).count()).toBe(0);

    const left = readKioskDb(host.dataDir, (db) => ({
      customers: (db.prepare('SELECT COUNT(*) AS n FROM customers WHERE id = ?').get(customerId) as { n: number }).n,
      sessions: (db.prepare('SELECT COUNT(*) AS n FROM sessions WHERE customer_id = ?').get(customerId) as { n: number }).n,
      captures: (db.prepare('SELECT COUNT(*) AS n FROM captures WHERE session_id = ?').get(sessionId) as { n: number }).n,
    }));
    expect(left).toEqual({ customers: 0, sessions: 0, captures: 0 });
    // The platform's copy: the request is sent and confirmed, and the platform holds no such user.
    await expect.poll(() => readKioskDb(host.dataDir, (db) => (db.prepare('SELECT COUNT(*) AS n FROM platform_deletions').get() as { n: number }).n), { timeout: 60_000 }).toBe(0);
    expect(await countPlatformRows(embeddedPlatform(host.dataDir).dataDir, 'SELECT COUNT(*) AS n FROM users WHERE client_user_id = ?', [customerId])).toBe(0);
  });
});
