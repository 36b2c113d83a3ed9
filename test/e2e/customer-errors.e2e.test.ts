/**
 * A refused kiosk API call on a customer screen (issue 8: every screen in the customer's
 * language): a unit whose light controller's serial port is missing cannot start a session, and
 * the idle screen says so in the customer's language, with main's technical text (the port) in
 * small print for the staff member who comes to help; staff who start a session for a customer
 * they chose are told the same on their own screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { enterPin, openKiosk, screen, STAFF_PIN } from './helpers/flows.ts';
import { startKioskBrowser, type KioskBrowser } from './helpers/kiosk-browser.ts';
import type { KioskHost } from './helpers/kiosk-host.ts';
import { shootBoth } from './helpers/screens.ts';

const MISSING_PORT = '/dev/ttyKIOSK-MISSING';

const UNIT_WITHOUT_ITS_PORT = {
  device: {
    profile: { kind: 'multi_light', lights: ['white'] },
    lightController: { kind: 'serial', path: MISSING_PORT, commands: { white: 'L1' } },
  },
};

const SENTENCES = {
  en: 'The station is not ready to take photos. Please ask a staff member for help.',
  'zh-Hans': '设备尚未准备好拍照。请联系店员协助。',
} as const;

describe('a customer screen when main refuses the call', () => {
  let kiosk: KioskBrowser;
  let host: KioskHost;
  let page: Page;

  beforeAll(async () => {
    kiosk = await startKioskBrowser({ host: { config: UNIT_WITHOUT_ITS_PORT } });
    ({ host, page } = kiosk);
  });
  afterAll(() => kiosk?.stop());

  it('says in the customer’s language that the station is not ready, with the port for staff', async () => {
    for (const lang of ['en', 'zh-Hans'] as const) {
      await openKiosk(page, host.withQuery(`?lang=${lang}`));
      await page.locator(`[data-lang="${lang}"]`).click();
      const error = page.locator('[data-testid="call-error"]');
      await error.waitFor({ timeout: 30_000 });
      expect(await error.getAttribute('data-code')).toBe('device');
      expect(await error.locator('p').first().textContent()).toBe(SENTENCES[lang]);
      expect(await page.locator('[data-testid="call-error-detail"]').textContent()).toContain(MISSING_PORT);
      // Nothing started: the customer is still on the idle screen.
      expect(await screen(page, 'idle').count()).toBe(1);
      await shootBoth(page, 'idle-device-error', lang);
    }
  });

  it('tells staff on their own screen why a session for the customer they chose did not start', async () => {
    await openKiosk(page, host.withQuery('?lang=en'));
    await page.locator('[data-testid="open-staff"]').click();
    await enterPin(page, STAFF_PIN);
    const staff = screen(page, 'staff');
    await staff.waitFor();
    await page.locator('input[name="keyword"]').fill('a');
    await page.locator('.search-bar button').click();
    await page.locator('[data-crm-id] button').first().click();
    const error = staff.locator('[data-testid="call-error"]');
    await error.waitFor({ timeout: 30_000 });
    expect(await error.getAttribute('data-code')).toBe('device');
    expect(await error.locator('[data-testid="call-error-detail"]').textContent()).toContain(MISSING_PORT);
    expect(await staff.count()).toBe(1);
  });

  // Last in this file: the lock holds this connection's PIN pad for a minute.
  it('tells a Chinese screen in Chinese that the PIN pad is locked after five wrong PINs', async () => {
    await openKiosk(page, host.withQuery('?lang=zh-Hans'));
    await page.locator('[data-testid="open-staff"]').click();
    for (let attempt = 1; attempt <= 5; attempt++) {
      await enterPin(page, '9999');
      await expect.poll(() => page.locator('.pin-message').textContent()).toBe('密码错误');
    }
    await enterPin(page, '9999');
    await expect.poll(() => page.locator('.pin-message').textContent()).toBe('密码错误次数过多。请等待一分钟后再试。');
  });
});
