/**
 * Light calibration checks its grey card and shows the correction before saving it (issue 16
 * item 3, D-060). With the renderer camera playing a face (Chromium's fake camera), calibrating
 * is refused with the reason, in the technician's language, and nothing is stored. With the
 * simulated unit's grey card, the correction is shown before and after with its values, and
 * stored only on Save.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { openTechnician, screen } from './helpers/flows.ts';
import type { KioskHost } from './helpers/kiosk-host.ts';
import { startKioskBrowser, startRendererCameraKiosk, type KioskBrowser } from './helpers/kiosk-browser.ts';
import { rotate, shootBoth } from './helpers/screens.ts';

/** The unit's saved light calibrations, as main stored them. */
function storedCalibration(host: KioskHost): Record<string, unknown> {
  const db = new Database(join(host.dataDir, 'kiosk.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare("SELECT value FROM kiosk_settings WHERE key = 'calibration'").get() as { value: string } | undefined;
    return row ? (JSON.parse(row.value) as Record<string, unknown>) : {};
  } finally {
    db.close();
  }
}

/** With every scrolled box back at its top: is the verdict right of the live picture, and its reason inside the window? */
async function verdictBesidePictureUnscrolled(page: Page): Promise<{ beside: boolean; visible: boolean }> {
  return page.evaluate(() => {
    for (const el of [document.scrollingElement, ...document.querySelectorAll('*')]) if (el && el.scrollTop > 0) el.scrollTop = 0;
    const picture = document.querySelector('.tech-preview')?.getBoundingClientRect();
    const verdict = document.querySelector('[data-testid="calibration-check"]')?.getBoundingClientRect();
    const reason = document.querySelector('[data-testid="calibration-detail"]')?.getBoundingClientRect();
    if (!picture || !verdict || !reason) return { beside: false, visible: false };
    return { beside: verdict.left >= picture.right - 1, visible: reason.top >= 0 && reason.bottom <= window.innerHeight };
  });
}

async function calibrate(page: Page, light: string): Promise<void> {
  await page.locator(`[data-testid="calibrate-${light}"]:not([disabled])`).click({ timeout: 30_000 });
  await page.locator('[data-testid="calibration-check"]').waitFor({ timeout: 60_000 });
}

describe('calibration checks its grey card (D-060)', () => {
  const kiosks: KioskBrowser[] = [];
  afterAll(async () => {
    for (const kiosk of kiosks) await kiosk.stop();
  });

  it('refuses a face held up as the grey card, says why in the technician’s language, and stores nothing', async () => {
    const kiosk = await startRendererCameraKiosk();
    kiosks.push(kiosk);
    const { host, page } = kiosk;
    const reasons = {
      en: 'Refused: there is a face in the marked area, not a grey card. Hold the grey card so it fills the marked area, with nobody in front of it.',
      'zh-Hans': '已拒绝：标记区域内是人脸，不是灰卡。请手持灰卡填满标记区域，灰卡前不要有人。',
    } as const;
    for (const lang of ['en', 'zh-Hans'] as const) {
      await openTechnician(page, host.withQuery(`?lang=${lang}`));
      await page.locator('[data-tab="calibration"]').click();
      const video = page.locator('.tech-preview video');
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 20_000 }).toBeGreaterThan(0);
      // The live picture shows where the card goes.
      await page.locator('.tech-preview [data-testid="card-area"]').waitFor();
      await calibrate(page, 'white');
      const check = page.locator('[data-testid="calibration-check"]');
      expect(await check.getAttribute('data-ok')).toBe('false');
      expect(await check.getAttribute('data-reason')).toBe('face');
      expect(await page.locator('[data-testid="calibration-detail"]').textContent()).toBe(reasons[lang]);
      // The picture judged is shown with the marked area; no correction, no Save.
      await expect.poll(() => page.locator('[data-testid="calibration-before"]').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      expect(await page.locator('[data-testid="calibration-after"]').count()).toBe(0);
      expect(await page.locator('[data-testid="calibration-save"]').count()).toBe(0);
      // In landscape the verdict stands beside the live picture, readable without scrolling.
      await rotate(page, 'landscape');
      expect(await verdictBesidePictureUnscrolled(page)).toEqual({ beside: true, visible: true });
      await shootBoth(page, 'calibration-refused', lang);
      expect(storedCalibration(host)).toEqual({});
      expect(await page.locator('[data-testid="calibration-white"]').textContent()).not.toMatch(/\d\.\d\d/);
      await page.locator('[data-testid="calibration-dismiss"]').click();
      expect(await check.count()).toBe(0);
    }
  });

  it('shows the correction of a grey card before and after with its values, and saves it only on Save', async () => {
    const kiosk = await startKioskBrowser();
    kiosks.push(kiosk);
    const { host, page } = kiosk;
    for (const lang of ['en', 'zh-Hans'] as const) {
      await openTechnician(page, host.withQuery(`?lang=${lang}`));
      await page.locator('[data-tab="calibration"]').click();
      await calibrate(page, 'cross_polar');
      const check = page.locator('[data-testid="calibration-check"]');
      expect(await check.getAttribute('data-ok')).toBe('true');
      expect(await page.locator('[data-testid="calibration-detail"]').textContent()).toBe(
        lang === 'en' ? 'A grey card: check the picture after the correction, then save it or calibrate again.' : '是灰卡：请查看校正后的画面，然后保存或重新校准。',
      );
      for (const which of ['before', 'after']) {
        await expect.poll(() => page.locator(`[data-testid="calibration-${which}"]`).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      }
      const values = (await page.locator('[data-testid="calibration-values"]').textContent()) ?? '';
      expect(values).toMatch(lang === 'en' ? /^Exposure \d\.\d\d · White balance \(R, G, B\) \d\.\d\d, \d\.\d\d, \d\.\d\d$/ : /^曝光 \d\.\d\d · 白平衡（R、G、B） \d\.\d\d, \d\.\d\d, \d\.\d\d$/);
      await shootBoth(page, 'calibration-proposed', lang);
      if (lang === 'en') {
        // Not saved while it is only shown: Discard leaves the unit as it was.
        expect(storedCalibration(host)).toEqual({});
        await page.locator('[data-testid="calibration-dismiss"]').click();
        expect(await check.count()).toBe(0);
        expect(storedCalibration(host)).toEqual({});
        continue;
      }
      await page.locator('[data-testid="calibration-save"]').click();
      await check.waitFor({ state: 'detached', timeout: 10_000 });
      const stored = storedCalibration(host)['cross_polar'] as { exposure: number; gains: number[] };
      expect(stored.gains).toHaveLength(3);
      expect(await page.locator('[data-testid="calibration-cross_polar"]').textContent()).toBe(`曝光 ${stored.exposure.toFixed(2)} · 白平衡（R、G、B） ${stored.gains.map((g) => g.toFixed(2)).join(', ')}`);
      expect(values).toContain(stored.exposure.toFixed(2));
    }
    expect(await screen(page, 'technician').count()).toBe(1);
  });
});
