/**
 * The customer's report page on a phone (issue 8: the QR code's expiring link opens a read-only
 * page): a real platform, a real analysis of a real face photo, the report_url opened in Debian's
 * Chromium at a phone's viewport. Screenshots: docs/screenshots/phone-report-portrait-<lang>.png (D-070) and shared-report-phone-refused-en.png.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_PAGE_TTL_SECONDS, type ReportPage } from '../../protocol/device-sync/shared-links.ts';
import { ManualClock } from '../../platform/clock.ts';
import { wireLegendRows } from '../../platform/report-data/shared-page/marked-photo.ts';
import { keyFindings } from '../../protocol/enums/concerns.ts';
import { deviceSyncEndpoints } from '../../protocol/endpoints/device-sync.ts';
import { skinApiEndpoints } from '../../protocol/endpoints/skin-api.ts';
import { dimensionName } from '../../protocol/enums/dimensions.ts';
import type { LanguageCode } from '../../protocol/enums/languages.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/platform.ts';
import { expectSucceeded, waitForTask } from '../helpers/tasks.ts';
import { uploadResources } from '../helpers/uploads.ts';
import { reportBody, syncUser, WHITE_KEYS } from '../integration/report-data/helpers.ts';
import { CHROMIUM } from './helpers/browser.ts';
import { SCREENSHOTS } from './helpers/screens.ts';

const PHONE = { width: 390, height: 844 };

describe('the shared report page in a phone browser', () => {
  let tp: TestPlatform;
  let browser: Browser;
  let reportUrl: string;
  let report: ReportPage;
  // A clock of the test's own, so the expiry can be passed without waiting a week (D-070).
  const clock = new ManualClock(Date.now());

  beforeAll(async () => {
    tp = await startTestPlatform({ clock, config: { analysisWorkers: 1 } });
    const client = tp.client(tp.app('primary'));
    const user = await syncUser(client, { name: 'Private Name', phone_number: '99998888' });
    const images = await uploadResources(client, WHITE_KEYS);
    const { task_id } = await client.call(skinApiEndpoints.createTask, { body: { api_code: 'device_v', algorithm_variant: 'standard', resources: images } });
    expectSucceeded(await waitForTask(client, task_id));
    const submitted = await client.call(deviceSyncEndpoints.submitReport, { body: reportBody(user.client_user_id, { images, taskId: task_id }) });
    reportUrl = submitted.report_url;
    const res = await fetch(reportUrl, { headers: { accept: 'application/json' } });
    report = ((await res.json()) as { response: ReportPage }).response;
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  });
  afterAll(async () => {
    await browser?.close();
    await tp?.stop();
  });

  /** Opens the link as a phone would, failing on any policy violation or console error. */
  async function openOnPhone(lang: LanguageCode): Promise<{ page: Page; problems: string[] }> {
    const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: lang });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      // A browser asks for /favicon.ico on its own; the platform has none to give.
      if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) problems.push(message.text());
    });
    const response = await page.goto(`${reportUrl}&lang=${lang}`, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toBe('text/html; charset=utf-8');
    return { page, problems };
  }

  async function screenshot(page: Page, lang: string): Promise<void> {
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, `${lang.startsWith('refused') ? 'shared-report-phone' : 'phone-report-portrait'}-${lang}.png`), fullPage: true });
  }

  it.each(['en', 'zh-Hans'] as const)('shows the whole report, images loaded, fitting the phone (%s)', async (lang) => {
    const { page, problems } = await openOnPhone(lang);
    // Measured dimensions, then those the analysis could not measure (D-033), each with its reason.
    expect(await page.locator('.dims > li:not(.not-measured)').count()).toBe(report.dimensions.length);
    expect(await page.locator('.dims > li.not-measured').count()).toBe(report.not_measured.length);
    // The summary leads with the kiosk's key findings, by the one shared rule (D-055, D-070).
    const key = keyFindings(report.dimensions);
    expect(await page.locator('.key .findings li').evaluateAll((els) => els.map((el) => el.getAttribute('data-dimension')))).toEqual(key.findings.map((f) => f.dimension));
    expect(await page.locator('.key .findings .name').first().textContent()).toBe(dimensionName(key.findings[0]!.dimension, lang));
    // Grouped by concern, each group saying what it measures; each level saying what it means.
    const groups = page.locator('section.concern');
    expect(await groups.count()).toBeGreaterThan(1);
    expect(await page.locator('section.concern .explains').count()).toBe(await groups.count());
    expect(await page.locator('.dims > li:not(.not-measured) .means').count()).toBe(report.dimensions.length);
    // Not measured is said with its reason and never as a grade.
    expect(await page.locator('.dims > li.not-measured :is(.score, .bar, .level, .means)').count()).toBe(0);
    expect(await page.locator('.dims > li.not-measured .why').count()).toBe(report.not_measured.length);
    // Every photo loads through its signed link under the page's Content-Security-Policy.
    const photos = page.locator('.photos img');
    expect(await photos.count()).toBe(Object.keys(report.images).length);
    for (const img of await photos.all()) {
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
    }
    // Each bar is as long as the raw score it stands for.
    const bars = await page
      .locator('.dims > li:not(.not-measured)')
      .evaluateAll((els) => els.map((el) => ({ id: el.getAttribute('data-dimension'), ratio: el.querySelector('.fill')!.getBoundingClientRect().width / el.querySelector('.bar')!.getBoundingClientRect().width })));
    for (const bar of bars) expect(bar.ratio).toBeCloseTo(report.dimensions.find((d) => d.dimension === bar.id)!.score / 100, 2);
    // Marked areas: the drawn photo with its legend, not a bare link (D-069, D-070).
    const marked = report.dimensions.find((d) => d.annotations.some((a) => a.format === 'annotation_image' && a.view === 'front' && wireLegendRows(a).length > 0));
    expect(marked).toBeDefined();
    const item = page.locator(`.dims > li[data-dimension="${marked!.dimension}"]`);
    await item.locator('details.marks summary').click();
    const photo = item.locator('figure.marked img');
    await photo.scrollIntoViewIfNeeded();
    await expect.poll(() => photo.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
    const rows = wireLegendRows(marked!.annotations.find((a) => a.format === 'annotation_image' && a.view === 'front')!);
    expect(await item.locator('.legend li').evaluateAll((els) => els.map((el) => el.getAttribute('data-kind')))).toEqual(rows.map((r) => r.kind));
    const sized = rows.find((r) => r.size !== null);
    if (sized) expect(await item.locator('.legend').textContent()).toContain(String(sized.size!.value));
    // The routine, by the kiosk's rule on what the store sells (D-076): each item with its picture and why line.
    expect(report.routine.length).toBeGreaterThan(0);
    const picks = page.locator('.routine .pick');
    expect(await picks.count()).toBe(report.routine.length);
    expect(await picks.first().locator('.why').textContent()).toContain(dimensionName(report.routine[0]!.why.dimension, lang));
    for (const img of await page.locator('.routine .pick img').all()) {
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
    }
    // Nothing wider than the phone, nothing smaller than readable.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const smallest = await page.evaluate(() => Math.min(...[...document.querySelectorAll('body *')].filter((el) => el.textContent?.trim()).map((el) => parseFloat(getComputedStyle(el).fontSize))));
    expect(smallest).toBeGreaterThanOrEqual(12);
    expect(problems).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, lang);
    await page.context().close();
  });

  it('mirrors the layout for Arabic', async () => {
    const { page, problems } = await openOnPhone('ar');
    expect(await page.evaluate(() => getComputedStyle(document.body).direction)).toBe('rtl');
    const row = page.locator('.dims > li:not(.not-measured) .row').first();
    const name = await row.locator('.name').boundingBox();
    const score = await row.locator('.score').boundingBox();
    expect(name!.x).toBeGreaterThan(score!.x);
    expect(problems).toEqual([]);
    await screenshot(page, 'ar');
    await page.context().close();
  });

  it('refuses the link once it has expired, in a sentence and with no report in it', async () => {
    clock.advance(REPORT_PAGE_TTL_SECONDS * 1000);
    try {
      const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      const response = await page.goto(`${reportUrl}&lang=zh-Hans`);
      expect(response?.status()).toBe(403);
      await expect.poll(() => page.locator('.notice p').textContent()).toContain('此链接已过期');
      expect(await page.locator('.dims, .findings, figure').count()).toBe(0);
      await context.close();
    } finally {
      clock.advance(-REPORT_PAGE_TTL_SECONDS * 1000);
    }
  });

  it('tells a phone in a sentence that an altered link is refused', async () => {
    const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const altered = reportUrl.replace(/signature=[\w-]{4}/, 'signature=AAAA');
    const response = await page.goto(altered);
    expect(response?.status()).toBe(403);
    await expect.poll(() => page.locator('.notice p').textContent()).toContain('This link is not valid');
    await screenshot(page, 'refused-en');
    await context.close();
  });
});
