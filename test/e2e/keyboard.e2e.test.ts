/**
 * The kiosk's own on-screen keyboard (issue 8, touch-first; decision K-UI-006), in real Chromium
 * with touch: a finger on the name field opens the letters, a finger on the phone field the digits
 * pad, keys type into the React form (shift, backspace, maxLength), a mouse click opens nothing,
 * Done and a tap outside close it, and a customer registered with only the on-screen keyboard is
 * in the kiosk's database with exactly what was typed. Staff search the customer with it inside
 * the search dialog (Chinese), and Arabic keeps the keys left to right. Screenshots of each layout
 * in both orientations land in docs/screenshots/keyboard-*.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { enterPin, giveConsent, openKiosk, STAFF_PIN, startSession } from './helpers/flows.ts';
import { readKioskDb } from './helpers/kiosk-db.ts';
import type { KioskHost } from './helpers/kiosk-host.ts';
import { startKioskBrowser, type KioskBrowser } from './helpers/kiosk-browser.ts';
import { rotate, shoot, shootBoth } from './helpers/screens.ts';

/** A name that needs shift, space, the hyphen and the apostrophe. */
const NAME = "Ann-Marie O'Neil";
const PHONE = { cc: '44', number: '7700900123' };
const EMAIL = 'ann@example.com';

/** Keys (data-kb-key) that type `text` on the letters layout: shift before each capital. */
function keysFor(text: string): string[] {
  const keys: string[] = [];
  for (const char of text) {
    if (char === ' ') keys.push('space');
    else if (char !== char.toLowerCase()) keys.push('shift', char.toLowerCase());
    else keys.push(char);
  }
  return keys;
}

async function tapKeys(page: Page, keys: readonly string[]): Promise<void> {
  for (const key of keys) await page.locator(`[data-testid="keyboard"] [data-kb-key="${key}"]`).tap();
}

function keyboard(page: Page): Locator {
  return page.locator('[data-testid="keyboard"]');
}

async function focusedName(page: Page): Promise<string | null> {
  return page.evaluate(() => (document.activeElement instanceof HTMLInputElement ? document.activeElement.name : null));
}

/** The field (with its label) lies wholly between the top bar and the keyboard's top edge. */
async function expectAboveKeyboard(page: Page, field: Locator): Promise<void> {
  const box = await field.boundingBox();
  const panel = await keyboard(page).boundingBox();
  const bar = await page.locator('.topbar').boundingBox();
  if (!box || !panel) throw new Error('field or keyboard not laid out');
  expect(box.y + box.height, 'field bottom above the keyboard').toBeLessThanOrEqual(panel.y);
  expect(box.y, 'field top below the top bar').toBeGreaterThanOrEqual(bar ? bar.y + bar.height : 0);
}

async function toCustomerScreen(page: Page, host: KioskHost, lang: string): Promise<void> {
  await openKiosk(page, host.withQuery(`?lang=${lang}`));
  await startSession(page, lang);
  await giveConsent(page);
}

describe('on-screen keyboard: registration and search typed by touch', () => {
  let kiosk: KioskBrowser;
  let host: KioskHost;
  let page: Page;

  beforeAll(async () => {
    kiosk = await startKioskBrowser();
    ({ host, page } = kiosk);
  });

  afterAll(() => kiosk?.stop());

  it('opens for a touch only, types letters, capitals and digits into the form, and closes on Done or a tap outside', async () => {
    await toCustomerScreen(page, host, 'en');
    const form = page.locator('[data-testid="customer-form"]');
    const name = form.locator('input[name="name"]');
    const cc = form.locator('input[name="phoneCc"]');
    const phone = form.locator('input[name="phone"]');

    // A mouse click focuses the field and opens nothing; the physical keyboard types as before.
    await name.click();
    expect(await focusedName(page)).toBe('name');
    await page.keyboard.type('Xy');
    expect(await name.inputValue()).toBe('Xy');
    expect(await keyboard(page).count()).toBe(0);
    expect(await name.getAttribute('inputmode')).toBeNull();
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    expect(await name.inputValue()).toBe('');

    // A finger on the (already focused) name field opens the letters.
    await name.tap();
    await keyboard(page).waitFor();
    expect(await keyboard(page).getAttribute('data-layout')).toBe('text');
    expect(await name.getAttribute('inputmode')).toBe('none');
    const key = await page.locator('[data-kb-key="q"]').boundingBox();
    expect(key?.height, 'letter keys at least 64 px tall in portrait').toBeGreaterThanOrEqual(64);

    await tapKeys(page, ['a', 'n']);
    expect(await name.inputValue()).toBe('an');
    await tapKeys(page, ['backspace', 'backspace']);
    expect(await name.inputValue()).toBe('');
    // Shift gives one capital, then releases.
    await tapKeys(page, ['shift', 'a', 'n']);
    expect(await name.inputValue()).toBe('An');
    // The physical keyboard works beside it, and keys type and delete at the caret.
    await page.keyboard.press('Home');
    await tapKeys(page, ['x']);
    await page.keyboard.type('y');
    expect(await name.inputValue()).toBe('xyAn');
    await tapKeys(page, ['backspace']);
    expect(await name.inputValue()).toBe('xAn');
    await page.keyboard.press('End');
    await tapKeys(page, ['backspace', 'backspace', 'backspace']);
    expect(await name.inputValue()).toBe('');
    expect(await keyboard(page).count()).toBe(1);
    await tapKeys(page, keysFor(NAME));
    expect(await name.inputValue()).toBe(NAME);
    // The keys never took the focus from the field.
    expect(await focusedName(page)).toBe('name');
    await expectAboveKeyboard(page, name);
    await shootBoth(page, 'keyboard-text', 'en');

    // A finger on the country code switches to the digits pad; maxLength (3) holds.
    await cc.tap();
    await expect.poll(() => keyboard(page).getAttribute('data-layout')).toBe('digits');
    expect(await name.getAttribute('inputmode')).toBeNull();
    expect(await cc.getAttribute('inputmode')).toBe('none');
    expect(await cc.inputValue()).toBe('65');
    await tapKeys(page, ['backspace', 'backspace', '4', '4', '1', '2']);
    expect(await cc.inputValue()).toBe('441');
    await tapKeys(page, ['backspace']);
    expect(await cc.inputValue()).toBe(PHONE.cc);

    await phone.tap();
    await tapKeys(page, [...PHONE.number]);
    expect(await phone.inputValue()).toBe(PHONE.number);
    await expectAboveKeyboard(page, phone);
    await shootBoth(page, 'keyboard-digits', 'en');

    // Done closes the keyboard and gives the field its own inputmode back.
    await page.locator('[data-kb-key="done"]').tap();
    await keyboard(page).waitFor({ state: 'detached' });
    expect(await phone.getAttribute('inputmode')).toBe('tel');
    expect(await page.evaluate(() => document.documentElement.classList.contains('keyboard-open'))).toBe(false);

    // A tap outside any field closes it too.
    await phone.tap();
    await keyboard(page).waitFor();
    await page.locator('[data-screen="customer"] h1').tap();
    await keyboard(page).waitFor({ state: 'detached' });
  });

  it('registers a customer typed only on the on-screen keyboard, with exactly those values in the database', async () => {
    const form = page.locator('[data-testid="customer-form"]');
    // The date of birth: three boxes on the digit keys (D-130). 31 April is no day: refused,
    // naming the field, and nothing is registered.
    const day = form.locator('input[name="birthday-day"]');
    const month = form.locator('input[name="birthday-month"]');
    const year = form.locator('input[name="birthday-year"]');
    await day.tap();
    await expect.poll(() => keyboard(page).getAttribute('data-layout')).toBe('digits');
    await tapKeys(page, ['3', '1']);
    await month.tap();
    await tapKeys(page, ['0', '4']);
    await year.tap();
    await tapKeys(page, ['1', '9', '9', '0', '1']);
    expect(await year.inputValue(), 'a year has four digits').toBe('1990');
    await expectAboveKeyboard(page, year);
    await page.locator('[data-testid="register"]').tap();
    expect(await page.locator('[data-testid="field-problems"] li').allTextContents()).toEqual([
      'Date of birth: enter the day, month and year (from 1900, not a future day), or leave all three empty',
    ]);
    expect(await day.getAttribute('aria-invalid')).toBe('true');
    expect(readKioskDb(host.dataDir, (db) => db.prepare('SELECT COUNT(*) AS n FROM customers').get())).toEqual({ n: 0 });
    // A tap on a filled box selects its digits: the keys type it again.
    await day.tap();
    await tapKeys(page, ['1', '7']);
    await month.tap();
    await tapKeys(page, ['0', '5']);
    expect([await day.inputValue(), await month.inputValue(), await year.inputValue()]).toEqual(['17', '05', '1990']);

    const email = form.locator('input[name="email"]');
    await email.tap();
    await expect.poll(() => keyboard(page).getAttribute('data-layout')).toBe('email');
    await tapKeys(page, ['a', 'n', 'n', '@', 'e', 'x', 'a', 'm', 'p', 'l', 'e', '.com']);
    expect(await email.inputValue()).toBe(EMAIL);
    await expectAboveKeyboard(page, email);
    await shootBoth(page, 'keyboard-email', 'en');

    // The register button is a tap outside the fields: the keyboard closes and the form submits.
    await page.locator('[data-testid="register"]').tap();
    await page.locator('[data-testid="chosen-customer"]').waitFor();
    await keyboard(page).waitFor({ state: 'detached' });
    const rows = readKioskDb(host.dataDir, (db) => db.prepare('SELECT name, phone_cc, phone_number, email, birthday FROM customers').all());
    expect(rows).toEqual([{ name: NAME, phone_cc: Number(PHONE.cc), phone_number: PHONE.number, email: EMAIL, birthday: '1990-05-17' }]);
  });

  it('lets staff search with it inside the search dialog, in Chinese, and keeps the keys left to right in Arabic', async () => {
    await toCustomerScreen(page, host, 'zh-Hans');
    const name = page.locator('[data-testid="customer-form"] input[name="name"]');
    await name.tap();
    await keyboard(page).waitFor();
    expect(await page.locator('[data-kb-key="done"]').textContent()).toBe('完成');
    expect(await page.locator('[data-kb-key="space"]').textContent()).toBe('空格');
    await tapKeys(page, keysFor('Wei'));
    expect(await name.inputValue()).toBe('Wei');
    await shootBoth(page, 'keyboard-text', 'zh-Hans');
    await page.locator('[data-testid="customer-form"] input[name="phone"]').tap();
    await expect.poll(() => keyboard(page).getAttribute('data-layout')).toBe('digits');
    await shootBoth(page, 'keyboard-digits', 'zh-Hans');

    await page.locator('[data-testid="find-customer"]').tap();
    await keyboard(page).waitFor({ state: 'detached' });
    await enterPin(page, STAFF_PIN);
    const keyword = page.locator('input[name="keyword"]');
    await keyword.tap();
    await keyboard(page).waitFor();
    await tapKeys(page, keysFor("o'neil"));
    expect(await keyword.inputValue()).toBe("o'neil");
    await expectAboveKeyboard(page, keyword);
    await shootBoth(page, 'keyboard-search', 'zh-Hans');
    await page.locator('.search-bar button').tap();
    await page.locator('[data-customer-id]').first().waitFor();
    expect(await page.locator('[data-customer-id] strong').allTextContents()).toEqual([NAME]);

    await toCustomerScreen(page, host, 'ar');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.locator('[data-testid="customer-form"] input[name="name"]').tap();
    await keyboard(page).waitFor();
    const q = await page.locator('[data-kb-key="q"]').boundingBox();
    const p = await page.locator('[data-kb-key="p"]').boundingBox();
    expect(q && p && q.x < p.x, 'q left of p in Arabic').toBe(true);
    await rotate(page, 'portrait');
    await shoot(page, 'keyboard-text', 'portrait', 'ar');
  });
});
