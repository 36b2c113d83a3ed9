/**
 * Privacy and safety on the kiosk (issue 16 items 1 and 2, D-046, D-047), launched with
 * `--idle-seconds 15` (the warning shows after 10 s untouched, for 5 s):
 * - Cancel on the review screen asks first; Keep going (a tap, or Escape) keeps the photos.
 * - The review screen with the customer's photos, left untouched, warns and returns to idle; the
 *   page then holds no name and no photo, main has cancelled the session and deleted its photos.
 * - Discard chosen with the keyboard ends the session the same way.
 * - A touch anywhere takes the warning away and keeps the screen.
 * - The staff screen locks: back to idle, its PIN asked again, main's role dropped.
 * - The technician sets the timeouts (15–3600 s, checked by main), stored and read by every screen.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chooseSkinAndStart, enterPin, giveConsent, openKiosk, openTechnician, registerCustomer, runCapture, screen, STAFF_PIN, startSession, waitForReviewImages } from './helpers/flows.ts';
import { callKiosk } from './helpers/kiosk-call.ts';
import { readKioskDb } from './helpers/kiosk-db.ts';
import type { KioskHost } from './helpers/kiosk-host.ts';
import { startKioskBrowser, type KioskBrowser } from './helpers/kiosk-browser.ts';
import { shootBoth } from './helpers/screens.ts';

const IDLE_SECONDS = 15;
/** A simulated single-camera unit: one photo per session keeps the runs short on two cores. */
const UNIT = { device: { profile: { kind: 'single_camera' }, lightController: { kind: 'none' } } };

interface StoredSession {
  id: string;
  state: string;
  /** Why a cancelled session ended: 'staff' for Cancel, 'idle' for a screen left alone (D-077). */
  endReason: string | null;
  photos: number;
  files: string[];
}

function latestSession(host: KioskHost): StoredSession {
  return readKioskDb(host.dataDir, (db) => {
    const row = db.prepare('SELECT id, state, end_reason FROM sessions ORDER BY created_at DESC LIMIT 1').get() as { id: string; state: string; end_reason: string | null };
    const files = (db.prepare('SELECT file_path FROM captures WHERE session_id = ?').all(row.id) as { file_path: string }[]).map((r) => join(host.dataDir, 'captures', r.file_path));
    return { id: row.id, state: row.state, endReason: row.end_reason, photos: files.length, files };
  });
}

async function toReview(page: Page, host: KioskHost, lang: string, customer: { name: string; phone: string }): Promise<void> {
  await openKiosk(page, host.url);
  await startSession(page, lang);
  await giveConsent(page);
  await registerCustomer(page, customer.name, customer.phone);
  await chooseSkinAndStart(page, 'clean');
  await runCapture(page, { lang, overrideAfterMs: 20_000, timeoutMs: 150_000 });
  await waitForReviewImages(page);
}

const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
const blobImages = (page: Page) => page.evaluate(() => document.querySelectorAll('img[src^="blob:"]').length);

describe('inactivity and cancel: nothing of a customer stays on the screen', () => {
  let kiosk: KioskBrowser;
  let host: KioskHost;
  let page: Page;
  let photoFiles: string[] = [];

  beforeAll(async () => {
    kiosk = await startKioskBrowser({ host: { config: UNIT, extraArgs: ['--idle-seconds', String(IDLE_SECONDS)] } });
    ({ host, page } = kiosk);
  });

  afterAll(() => kiosk?.stop());

  it('asks before Cancel throws the session away; Keep going (tap or Escape) keeps the photos', async () => {
    await toReview(page, host, 'en', { name: 'Ada Idle', phone: '91230001' });
    const before = latestSession(host);
    expect(before).toMatchObject({ state: 'review', photos: 1 });
    photoFiles = before.files;
    const thumbnails = await page.locator('.review-card img').count();
    expect(thumbnails).toBeGreaterThan(0);

    await page.locator('[data-testid="cancel-session"]').click();
    const dialog = page.locator('[role="dialog"][aria-modal="true"]', { has: page.locator('[data-testid="discard-dialog"]') });
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-label')).toBe('Discard this session?');
    await expect.poll(() => focused(page)).toBe('discard-keep');
    await shootBoth(page, 'cancel-confirm', 'en');

    await page.locator('[data-testid="discard-keep"]').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await screen(page, 'review').isVisible()).toBe(true);
    expect(await page.locator('.review-card img').count()).toBe(thumbnails);
    expect(latestSession(host)).toMatchObject({ id: before.id, state: 'review', photos: 1 });

    // Keyboard: Escape is Keep going too.
    await page.locator('[data-testid="cancel-session"]').click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(latestSession(host)).toMatchObject({ id: before.id, state: 'review', photos: 1 });
  });

  it('returns the untouched review screen to idle after the warning, and nothing of the customer stays', async () => {
    const warning = page.locator('[data-testid="idle-warning"]');
    const waitStarted = Date.now();
    await warning.waitFor({ timeout: IDLE_SECONDS * 1000 + 5000 });
    // Not before two thirds of the timeout (the last keyboard input started the wait).
    expect(Date.now() - waitStarted).toBeGreaterThan(5_000);
    expect(await page.getByRole('dialog').getAttribute('aria-label')).toBe('Are you still there?');
    expect(Number(await page.locator('.idle-warning-count').textContent())).toBeLessThanOrEqual(5);
    await shootBoth(page, 'idle-warning', 'en');

    await screen(page, 'idle').waitFor({ timeout: 10_000 });
    expect(await warning.count()).toBe(0);
    expect(await page.locator('body').textContent()).not.toContain('Ada Idle');
    expect(await blobImages(page)).toBe(0);
    // Main ended it as Cancel does, and the photos are gone from the kiosk (D-047); the staff list will say it timed out (D-077).
    await expect.poll(() => latestSession(host)).toMatchObject({ state: 'cancelled', endReason: 'idle', photos: 0 });
    await expect.poll(() => photoFiles.filter((file) => existsSync(file))).toEqual([]);
  });

  it('discards with the keyboard: Tab to Discard, Enter (Chinese)', async () => {
    await toReview(page, host, 'zh-Hans', { name: 'Mei Discard', phone: '92345678' });
    expect(latestSession(host)).toMatchObject({ state: 'review', photos: 1 });
    await page.locator('[data-testid="cancel-session"]').click();
    await page.locator('[data-testid="discard-dialog"]').waitFor();
    expect(await page.getByRole('dialog').getAttribute('aria-label')).toBe('放弃本次检测？');
    await shootBoth(page, 'cancel-confirm', 'zh-Hans');
    await expect.poll(() => focused(page)).toBe('discard-keep');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('discard-confirm');
    await page.keyboard.press('Enter');
    await screen(page, 'idle').waitFor();
    expect(await page.locator('body').textContent()).not.toContain('Mei Discard');
    expect(await blobImages(page)).toBe(0);
    await expect.poll(() => latestSession(host)).toMatchObject({ state: 'cancelled', endReason: 'staff', photos: 0 });
  });

  it('keeps the screen when the warning is touched, and closes it when left again (Chinese)', async () => {
    await openKiosk(page, host.url);
    await startSession(page, 'zh-Hans');
    const warning = page.locator('[data-testid="idle-warning"]');
    await warning.waitFor({ timeout: IDLE_SECONDS * 1000 + 5000 });
    expect(await page.getByRole('dialog').getAttribute('aria-label')).toBe('您还在吗？');
    await shootBoth(page, 'idle-warning', 'zh-Hans');
    // A touch anywhere (here the dimmed page beside the dialog) keeps the session.
    await page.touchscreen.tap(20, 20);
    await warning.waitFor({ state: 'detached', timeout: 2000 });
    expect(await screen(page, 'consent').isVisible()).toBe(true);
    // The whole wait started again: still there after the 5 s the warning had left.
    await page.waitForTimeout(7_000);
    expect(await screen(page, 'consent').isVisible()).toBe(true);
    expect(await warning.count()).toBe(0);
    expect(latestSession(host).state).toBe('consent');
    // Left again: warned, then back to idle, the session ended in main.
    await warning.waitFor({ timeout: IDLE_SECONDS * 1000 });
    await screen(page, 'idle').waitFor({ timeout: 10_000 });
    await expect.poll(() => latestSession(host).state).toBe('cancelled');
  });

  it('locks the staff screen: back to idle, the PIN asked again, main no longer serves staff calls', async () => {
    await openKiosk(page, host.url);
    await page.locator('[data-testid="open-staff"]').click();
    await enterPin(page, STAFF_PIN);
    await screen(page, 'staff').waitFor();
    expect(await callKiosk(page, 'listSessions', {})).toBeTruthy();
    await page.locator('[data-testid="idle-warning"]').waitFor({ timeout: IDLE_SECONDS * 1000 + 5000 });
    await screen(page, 'idle').waitFor({ timeout: 10_000 });
    await expect.poll(() => callKiosk(page, 'listSessions', {}).then(() => 'served', (error: Error) => error.message)).toMatch(/forbidden/);
    await page.locator('[data-testid="open-staff"]').click();
    await page.locator('[data-testid="pin-pad"]').waitFor();
  });

  it('lets the technician set the timeouts: under 15 s refused naming the field, a valid one stored and used by every screen', async () => {
    const stored = () => readKioskDb(host.dataDir, (db) => (db.prepare("SELECT value FROM kiosk_settings WHERE key = 'idleSeconds'").get() as { value: string } | undefined)?.value ?? null);
    await openTechnician(page, host.url);
    await page.locator('[data-tab="device"]').click();
    const customer = page.locator('input[name="idle-customer"]');
    // The launch option is what the technician finds.
    expect(await customer.inputValue()).toBe(String(IDLE_SECONDS));
    await customer.fill('10');
    await page.locator('[data-testid="save-settings"]').click();
    await expect.poll(() => page.locator('.tech-panel').textContent()).toContain('idleSeconds.customer');
    expect(stored()).toBeNull();

    await customer.fill('40');
    await page.locator('[data-testid="save-settings"]').click();
    await expect.poll(stored).toBe(JSON.stringify({ customer: 40, results: IDLE_SECONDS, operator: IDLE_SECONDS }));
    const status = (await callKiosk(page, 'getStatus', {})) as { idleSeconds: unknown };
    expect(status.idleSeconds).toEqual({ customer: 40, results: IDLE_SECONDS, operator: IDLE_SECONDS });
    await page.screenshot({ path: '/tmp/idle-device-tab.png' });
  });
});
