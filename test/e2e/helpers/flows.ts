/**
 * What a customer, staff member or technician does on the kiosk, as page steps. Selectors are the
 * renderer's data-* hooks (data-screen, data-testid, data-lang...), never visible text, so the
 * same steps run in every language.
 */
import type { Locator, Page } from 'playwright-core';
import { shootBoth } from './screens.ts';

export const STAFF_PIN = '1234';
export const TECHNICIAN_PIN = '9876';

export function screen(page: Page, name: string): Locator {
  return page.locator(`[data-screen="${name}"]`);
}

export async function openKiosk(page: Page, url: string): Promise<void> {
  // A fresh document every time: the page strips the launch fragment from its address, so going
  // to the launch URL again would otherwise be a same-document (hash) navigation, not a load.
  await page.goto('about:blank');
  await page.goto(url);
  await screen(page, 'idle').waitFor();
  // The language buttons are enabled once main answered the status.
  await page.locator('[data-lang]:not([disabled])').first().waitFor();
}

/** Waits (up to a limit) until the kiosk reports the platform reachable; answers whether it did. */
export async function waitOnline(page: Page, timeoutMs = 30_000): Promise<boolean> {
  const pill = page.locator('[data-testid="status-pill"][data-online="true"]');
  return pill.waitFor({ timeout: timeoutMs }).then(
    () => true,
    () => false,
  );
}

/** The review screen with its pictures loaded (they arrive one by one from main). */
export async function waitForReviewImages(page: Page, timeoutMs = 60_000): Promise<void> {
  const expected = await page.locator('.review-card figure, .review-main').count();
  await page.waitForFunction((n) => document.querySelectorAll('.review-card img').length >= n, expected, { timeout: timeoutMs });
}

export async function startSession(page: Page, lang: string): Promise<void> {
  await page.locator(`[data-lang="${lang}"]`).click();
  await screen(page, 'consent').waitFor();
  await page.locator('.clause').first().waitFor();
}

/** Ticks the required clauses (and the optional ones when asked), then agrees. */
export async function giveConsent(page: Page, optionalToo = false): Promise<string[]> {
  const clauses = page.locator('.clause');
  const ticked: string[] = [];
  for (const clause of await clauses.all()) {
    const required = (await clause.locator('.badge-strong').count()) > 0;
    if (!required && !optionalToo) continue;
    await clause.locator('[role="switch"]').click();
    ticked.push((await clause.getAttribute('data-clause-id')) ?? '');
  }
  await page.locator('[data-testid="consent-accept"]').click();
  await screen(page, 'customer').waitFor();
  return ticked;
}

export async function registerCustomer(page: Page, name: string, phone: string, birthday?: string): Promise<void> {
  const form = page.locator('[data-testid="customer-form"]');
  await form.locator('input[name="name"]').fill(name);
  await form.locator('input[name="phone"]').fill(phone);
  if (birthday !== undefined) {
    // Typed into the three boxes, as the customer does (D-130).
    const [year, month, day] = birthday.split('-');
    await form.locator('input[name="birthday-day"]').fill(day ?? '');
    await form.locator('input[name="birthday-month"]').fill(month ?? '');
    await form.locator('input[name="birthday-year"]').fill(year ?? '');
  }
  await page.locator('[data-testid="register"]').click();
  await page.locator('[data-testid="chosen-customer"]').waitFor();
}

export async function chooseSkinAndStart(page: Page, condition: 'clean' | 'fresh_makeup' | 'other'): Promise<void> {
  await page.locator(`[data-condition="${condition}"]`).click();
  await page.locator('[data-testid="start-capture"]').click();
  await screen(page, 'capture').waitFor();
}

/** A new customer from the idle screen at `url` to the capture screen: language, consent, registration, clean skin. */
export async function startCustomerCapture(page: Page, url: string, customer: { name: string; phone: string }, lang = 'en'): Promise<void> {
  await openKiosk(page, url);
  await startSession(page, lang);
  await giveConsent(page);
  await registerCustomer(page, customer.name, customer.phone);
  await chooseSkinAndStart(page, 'clean');
}

/** Cancel, and Discard when the kiosk asks first (once consent is given: D-047). */
export async function discardSession(page: Page): Promise<void> {
  await page.locator('[data-testid="cancel-session"]').click();
  const discard = page.locator('[data-testid="discard-confirm"]');
  if (await discard.waitFor({ timeout: 3000 }).then(() => true, () => false)) await discard.click();
}

export async function enterPin(page: Page, pin: string): Promise<void> {
  await page.locator('[data-testid="pin-pad"]').waitFor();
  for (const digit of pin) await page.locator(`[data-key="${digit}"]`).click();
  await page.locator('[data-key="enter"]').click();
}

/** From the idle screen at `url` into the technician area, through its PIN. */
export async function openTechnician(page: Page, url: string): Promise<void> {
  await openKiosk(page, url);
  await page.locator('[data-testid="open-technician"]').click();
  await enterPin(page, TECHNICIAN_PIN);
  await screen(page, 'technician').waitFor();
}

export interface CaptureLog {
  /** Views the staff override had to capture (guidance never held long enough). */
  overrides: string[];
  /** States seen on the capture screen, in order, without repeats. */
  states: string[];
  /** Views whose auto-capture countdown showed. */
  countdownViews: Set<string>;
  /** Guidance issues seen. */
  issues: Set<string>;
  /** Views on which the previous visit's outline was drawn (repeat visit). */
  outlineViews: Set<string>;
}

/**
 * The staff override: "Capture now" asks for the staff PIN unless staff unlocked this connection
 * (main refuses captureNow without it), then captures.
 */
export async function staffCaptureNow(page: Page): Promise<void> {
  await page.locator('[data-testid="capture-now"]').click();
  const pad = page.locator('[data-testid="pin-pad"]');
  if (await pad.waitFor({ timeout: 1500 }).then(() => true, () => false)) {
    await enterPin(page, STAFF_PIN);
    await pad.waitFor({ state: 'detached' });
  }
}

/** Screenshot names for the capture screen: live guidance and, when it shows, the countdown. */
export interface CaptureShots {
  readonly live?: string;
  readonly countdown?: string;
}

/**
 * Lets the capture run to the review screen. Screenshots the capture screen once (live guidance,
 * once main's check answered) and the countdown when it shows, under the names given. A view
 * still not captured after `overrideAfterMs` is taken with the staff "Capture now" button (staff
 * PIN), and reported, so a test can insist there was none.
 */
export async function runCapture(page: Page, options: { lang: string; shots?: CaptureShots; overrideAfterMs?: number; timeoutMs?: number }): Promise<CaptureLog> {
  const log: CaptureLog = { overrides: [], states: [], countdownViews: new Set(), issues: new Set(), outlineViews: new Set() };
  const deadline = Date.now() + (options.timeoutMs ?? 240_000);
  let shotLive = !options.shots?.live;
  let shotCountdown = !options.shots?.countdown;
  let currentView = '';
  let viewSince = Date.now();
  while (Date.now() < deadline) {
    if (await screen(page, 'review').isVisible()) return log;
    const capture = screen(page, 'capture');
    const state = await capture.getAttribute('data-state', { timeout: 2000 }).catch(() => null);
    if (state && log.states[log.states.length - 1] !== state) log.states.push(state);
    const issue = await page.locator('[data-testid="guidance"]').getAttribute('data-issue', { timeout: 500 }).catch(() => null);
    if (issue) log.issues.add(issue);
    const view = (await page.locator('.rail-view.is-current').getAttribute('data-view', { timeout: 500 }).catch(() => null)) ?? '';
    if (view !== currentView) {
      currentView = view;
      viewSince = Date.now();
    }
    if (state === 'countdown') log.countdownViews.add(view);
    if (state === 'live' && (await page.locator('[data-testid="outline-note"]').count()) > 0) log.outlineViews.add(view);
    if (state === 'fault') throw new Error(`capture fault: ${await page.locator('[data-testid="fault-detail"]').textContent()}`);
    // The capture screen is pictured once main's check has answered: face box and guidance shown.
    const checked = Boolean(issue) && (issue === 'no_face' || (await page.locator('[data-testid="face-guide"] rect').count()) > 0);
    // On a repeat visit, once the previous outline is drawn too.
    const outlineReady = (await page.locator('[data-testid="outline-note"]').count()) === 0 || (await page.locator('.guide-outline').count()) > 0;
    if (!shotLive && state === 'live' && checked && outlineReady) {
      await shootBoth(page, options.shots?.live ?? 'capture', options.lang);
      shotLive = true;
    }
    if (!shotCountdown && state === 'countdown') {
      await shootBoth(page, options.shots?.countdown ?? 'capture-countdown', options.lang);
      shotCountdown = true;
    }
    if (options.overrideAfterMs !== undefined && state === 'live' && Date.now() - viewSince > options.overrideAfterMs) {
      log.overrides.push(view);
      await staffCaptureNow(page);
      viewSince = Date.now();
    }
    await page.waitForTimeout(100);
  }
  throw new Error(`capture did not reach review; states ${log.states.join(' > ')}; issues ${[...log.issues].join(', ')}`);
}

/** Confirms the review, then waits through processing to the results (or the `until` stage). */
export async function confirmAndWaitForResults(page: Page, timeoutMs = 240_000): Promise<void> {
  await page.locator('[data-testid="confirm-capture"]').click();
  await screen(page, 'processing').waitFor();
  await screen(page, 'results').waitFor({ timeout: timeoutMs });
  await page.locator('[data-testid="summary"]').waitFor();
}

/** A registered customer's whole session in English, from the idle screen to the results. */
export async function sessionToResults(page: Page, url: string, customer: { name: string; phone: string; birthday: string }): Promise<void> {
  await openKiosk(page, url);
  await startSession(page, 'en');
  await giveConsent(page);
  await registerCustomer(page, customer.name, customer.phone, customer.birthday);
  await chooseSkinAndStart(page, 'clean');
  await runCapture(page, { lang: 'en', overrideAfterMs: 20_000, timeoutMs: 180_000 });
  await waitForReviewImages(page);
  await confirmAndWaitForResults(page);
}

/** Switches the kiosk's language from the top bar's menu. */
export async function chooseLanguage(page: Page, lang: string): Promise<void> {
  await page.locator('[data-testid="language-button"]').click();
  await page.locator(`.modal button[lang="${lang}"]`).click();
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
}

/** Opens the concern group holding a dimension's card (D-055: groups start closed). */
export async function showDimension(page: Page, dimension: string): Promise<Locator> {
  const card = page.locator(`button.dimension[data-dimension="${dimension}"]`);
  const group = page.locator('li.concern', { has: card });
  if ((await group.locator('.concern-head').getAttribute('aria-expanded')) !== 'true') await group.locator('.concern-head').click();
  await card.waitFor();
  return card;
}
