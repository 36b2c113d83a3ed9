/**
 * D-033 on the real kiosk in Chromium: a dimension the analysis could not measure shows as
 * "Not measured: <reason>" in the customer's language, with no level, score bar or number, and a
 * caveat as a small note on a measured dimension.
 *
 * The platform's analysis fills `not_measured` and `caveats` in vision/ and platform/analysis/
 * (another change). So that this test does not depend on which dimensions a simulated still
 * happens to miss, it runs a real session and then writes into the kiosk's stored result what
 * such an analysis answers (two dimensions moved to `not_measured`, a caveat on a third): what is
 * under test is main's report building and the renderer, reading that row as they would any.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIMENSIONS, type DimensionId } from '../../protocol/enums/dimensions.ts';
import { skinResultSchema, type SkinResult } from '../../protocol/skin-api/task-result.ts';
import { chooseLanguage, chooseSkinAndStart, confirmAndWaitForResults, enterPin, giveConsent, openKiosk, runCapture, screen, showDimension, STAFF_PIN, startCustomerCapture } from './helpers/flows.ts';
import type { KioskHost } from './helpers/kiosk-host.ts';
import { startKioskBrowser, type KioskBrowser } from './helpers/kiosk-browser.ts';
import { rotate, SCREENSHOTS, shoot } from './helpers/screens.ts';

/** Rewrites the one stored result of this kiosk as an analysis with D-033 findings would give it. */
function markNotMeasured(dataDir: string): { gone: [DimensionId, DimensionId]; caveated: DimensionId } {
  const db = new Database(join(dataDir, 'kiosk.sqlite'), { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  try {
    const row = db.prepare('SELECT session_id, result FROM sync_jobs WHERE result IS NOT NULL ORDER BY rowid DESC LIMIT 1').get() as { session_id: string; result: string };
    const result: SkinResult = skinResultSchema.parse(JSON.parse(row.result));
    const [a, b, c] = result.dimensions;
    if (!a || !b || !c) throw new Error('the analysis measured fewer than three dimensions');
    const kept = result.dimensions.slice(2).map((d) => (d.dimension === c.dimension ? { ...d, caveats: ['makeup' as const] } : d));
    const next: SkinResult = {
      ...result,
      dimensions: kept,
      overall_score: kept.reduce((sum, d) => sum + d.score, 0) / kept.length,
      not_measured: [
        { dimension: a.dimension, reason: 'light', detail: 'cross_polar not captured' },
        { dimension: b.dimension, reason: 'resolution', detail: '2.1 px/mm on the face, needs 6' },
      ],
    };
    db.prepare('UPDATE sync_jobs SET result = ? WHERE session_id = ?').run(JSON.stringify(next), row.session_id);
    return { gone: [a.dimension, b.dimension], caveated: c.dimension };
  } finally {
    db.close();
  }
}

const CUSTOMER = { name: 'Nora Lim', phone: '90003333' };

describe('dimensions the analysis could not measure (D-033)', () => {
  let kiosk: KioskBrowser;
  let host: KioskHost;
  let page: Page;
  let gone: [DimensionId, DimensionId] | null = null;

  beforeAll(async () => {
    kiosk = await startKioskBrowser();
    ({ host, page } = kiosk);
  });

  afterAll(async () => {
    await kiosk?.stop();
  });

  it('shows them as "not measured" with the reason, in the customer language, never with a score; a caveat as a note', async () => {
    await startCustomerCapture(page, host.url, CUSTOMER);
    await runCapture(page, { lang: 'en', overrideAfterMs: 20_000, timeoutMs: 180_000 });
    await confirmAndWaitForResults(page);
    const marked = markNotMeasured(host.dataDir);
    gone = marked.gone;
    const { caveated } = marked;

    // The report is re-read on a language change: Chinese first, then back to English.
    await chooseLanguage(page, 'zh-Hans');
    const first = page.locator(`button.dimension[data-dimension="${gone[0]}"]`);
    await expect.poll(() => first.getAttribute('data-not-measured'), { timeout: 20_000 }).toBe('light');
    expect(await first.locator('[data-testid="not-measured-reason"]').textContent()).toBe('未测量：需要设备的偏振光或紫外光');
    expect(await first.locator('.dimension-name').textContent()).toBe(DIMENSIONS[gone[0]].name['zh-Hans']);

    await chooseLanguage(page, 'en');
    await expect.poll(() => first.locator('[data-testid="not-measured-reason"]').textContent()).toBe('Not measured: needs the device’s polarised or UV light');
    const second = page.locator(`button.dimension[data-dimension="${gone[1]}"]`);
    expect(await second.getAttribute('data-not-measured')).toBe('resolution');
    expect(await second.locator('[data-testid="not-measured-reason"]').textContent()).toBe('Not measured: the photo is too far away to see such fine detail');
    for (const card of [first, second]) {
      expect(await card.locator('[data-testid="dimension-score"], .score-bar, .level').count()).toBe(0);
      expect(await card.textContent()).not.toMatch(/\d/);
    }
    // Measured dimensions keep their level and score; the caveat is a note on its card.
    expect(await page.locator('button.dimension:not(.is-not-measured) [data-testid="dimension-score"]').count()).toBeGreaterThan(0);
    const note = page.locator(`button.dimension[data-dimension="${caveated}"] [data-testid="dimension-caveat"]`);
    expect(await note.textContent()).toBe('Less certain: make-up');
    expect(await page.locator('[data-testid="summary-not-measured"]').textContent()).toContain(DIMENSIONS[gone[0]].name.en);

    // Their concern groups opened (D-055), each orientation scrolled so the not-measured cards
    // sit in the middle of the picture.
    await showDimension(page, gone[0]);
    await showDimension(page, gone[1]);
    // Chosen, an unmeasured dimension heads the plain photo with why it was not measured (D-124).
    await second.click();
    await expect.poll(() => page.locator('[data-testid="close-up-not-measured"]').textContent()).toBe('Not measured: the photo is too far away to see such fine detail');
    for (const orientation of ['landscape', 'portrait'] as const) {
      await rotate(page, orientation);
      await first.evaluate((card) => card.scrollIntoView({ block: 'center' }));
      await page.waitForTimeout(300);
      await shoot(page, 'results-not-measured', orientation, 'en');
    }
    await page.locator('.dimensions').screenshot({ path: join(SCREENSHOTS, 'results-not-measured-list-en.png') });
  });

  it('compares a dimension measured in one visit and not in the other as "not comparable", not as a change', async () => {
    if (!gone) throw new Error('the first visit did not run');
    const [dimension] = gone;
    await page.locator('[data-testid="results-finish"]').click();
    await screen(page, 'idle').waitFor();
    // The repeat visit: staff find the customer and start a session for them.
    await openKiosk(page, host.url);
    await page.locator('[data-testid="open-staff"]').click();
    await enterPin(page, STAFF_PIN);
    await screen(page, 'staff').waitFor();
    await page.locator('input[name="keyword"]').fill(CUSTOMER.name.split(' ')[0] ?? CUSTOMER.name);
    await page.locator('.search-bar button').click();
    await page.locator('[data-customer-id] .btn-primary').first().click();
    await screen(page, 'consent').waitFor();
    await page.locator('.clause').first().waitFor();
    await giveConsent(page);
    await chooseSkinAndStart(page, 'clean');
    await runCapture(page, { lang: 'en', overrideAfterMs: 20_000, timeoutMs: 180_000 });
    await confirmAndWaitForResults(page);

    // This visit measured it; the first did not: a gap, and no change or noise band.
    await (await showDimension(page, dimension)).click();
    const chart = page.locator('[data-testid="history-chart"]');
    await expect.poll(() => chart.getAttribute('data-points'), { timeout: 30_000 }).toBe('2');
    expect(await chart.locator('[data-testid="chart-not-measured"]').getAttribute('data-reason')).toBe('light');
    expect(await page.locator('[data-testid="latest-change"]').getAttribute('data-kind')).toBe('not_comparable');
    expect(await page.locator('[data-testid="latest-change"]').textContent()).toBe('Not measured last time, so there is no change to compare with this time.');
    expect(await chart.locator('[data-testid="noise-band"]').count()).toBe(0);
    await page.locator('[data-testid="comparison"]').scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await page.locator('[data-testid="comparison"]').screenshot({ path: join(SCREENSHOTS, 'results-not-comparable-en.png') });

    // All dimensions: the mean over those measured in both visits, and it says so.
    await page.locator('[data-testid="comparison"] .chip').click();
    // A dimension with no repeatability figure among them (docs/vision-skin.md) leaves the mean
    // without a noise figure: then no change is called real (D-134).
    await expect.poll(() => page.locator('[data-testid="latest-change"]').getAttribute('data-kind')).toMatch(/^(up|down|noise|unknown_band)$/);
    if ((await page.locator('[data-testid="latest-change"]').getAttribute('data-kind')) === 'unknown_band') {
      expect(await page.locator('[data-testid="latest-change"]').textContent()).toMatch(/since last time — no measured noise figure, so not known to be a real change$/);
      expect(await page.locator('[data-testid="history-chart"]').getAttribute('data-band')).toBe('0');
    }
    expect(await page.locator('[data-testid="overall-common"]').textContent()).toMatch(/^All dimensions: the mean of the \d+ measured in every session shown\.$/);
  });
});
