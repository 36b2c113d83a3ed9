/**
 * Issue 16 item 8 (D-066) on the real kiosk in Chromium with its embedded platform: "Where you
 * stand". The merchant has other customers (written into the platform's database): 24 in the
 * customer's age band, some of whose visits did not measure every dimension, and older ones who
 * must not count. After a whole session the results show, per measured dimension, the share of
 * the band scoring lower, exactly as the platform's rule gives it from the customer's own
 * analysis, and "not enough customers yet" where fewer than 20 have the measurement.
 * Screenshots results-standing-*, portrait and landscape, English and Chinese.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIMENSION_IDS, type DimensionId } from '../../protocol/enums/dimensions.ts';
import { percentileIn } from '../../platform/report-data/standing-arithmetic.ts';
import { chooseLanguage, sessionToResults } from './helpers/flows.ts';
import { sessionResult } from './helpers/platform-result.ts';
import type { KioskHost } from './helpers/kiosk-host.ts';
import { startKioskBrowser, type KioskBrowser } from './helpers/kiosk-browser.ts';
import { seedPeers, type Peer } from './helpers/peer-group.ts';
import { rotate, shoot } from './helpers/screens.ts';

const DAY = 86_400_000;
const MIN_GROUP = 20;
/** Every third dimension was measured on only 8 of the band: too few to compare. */
const isSparse = (d: number) => d % 3 === 2;

function bandPeers(now: number): Peer[] {
  return Array.from({ length: 24 }, (_, i) => ({
    // 38 at a visit in the last month.
    birthday: `1988-0${(i % 9) + 1}-01`,
    visitAt: now - (i + 1) * DAY,
    scores: Object.fromEntries(DIMENSION_IDS.flatMap((id, d) => (isSparse(d) && i >= 8 ? [] : [[id, 25 + ((i * 29 + d * 13) % 70)]]))) as Peer['scores'],
  }));
}

/** In their fifties: another band, with scores that would change every figure if they counted. */
function olderPeers(now: number): Peer[] {
  return Array.from({ length: 6 }, (_, i) => ({ birthday: `1970-0${i + 1}-01`, visitAt: now - DAY, scores: Object.fromEntries(DIMENSION_IDS.map((id) => [id, 100])) as Peer['scores'] }));
}

async function showPanel(page: Page): Promise<void> {
  await page.locator('[data-testid="standing"]').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  // The top bar covers the page's top: leave the panel's heading below it.
  await page.evaluate(() => window.scrollBy(0, -100));
  await page.waitForTimeout(300);
}

describe('where the customer stands (issue 16 item 8)', () => {
  let kiosk: KioskBrowser;
  let host: KioskHost;
  let page: Page;

  beforeAll(async () => {
    kiosk = await startKioskBrowser();
    ({ host, page } = kiosk);
  });

  afterAll(() => kiosk?.stop());

  it('shows the percentile among the same age band per measured dimension, and says where the group is too small', async () => {
    const now = Date.now();
    const peers = bandPeers(now);
    await seedPeers(host.dataDir, [...peers, ...olderPeers(now)]);

    await sessionToResults(page, host.url, { name: 'Stella Standing', phone: '90008888', birthday: '1990-05-17' });

    const panel = page.locator('[data-testid="standing"]');
    await expect.poll(() => panel.getAttribute('data-state'), { timeout: 30_000 }).toBe('ready');
    expect(await page.locator('[data-testid="standing-group"]').textContent()).toBe('Compared with customers aged 30–39 at our stores');

    // Each dimension as the platform's rule gives it from the session's own scores and the band
    // only: a line with its figure, or named in the one "not enough customers yet" sentence.
    const result = sessionResult(host.dataDir);
    const groupOf = (dimension: DimensionId): number[] => peers.flatMap((p) => p.scores[dimension] ?? []);
    const expected = new Map(result.dimensions.map((d) => [d.dimension, percentileIn(d.score, groupOf(d.dimension), MIN_GROUP)]));
    const placed = [...expected].filter(([, p]) => p !== null);
    const tooFew = [...expected].filter(([, p]) => p === null).map(([d]) => d);
    expect(placed.length, 'dimensions with a figure').toBeGreaterThan(0);
    expect(tooFew.length, 'dimensions measured on too few of the band').toBeGreaterThan(0);
    const rows = panel.locator('.standing-row');
    expect(await rows.count()).toBe(placed.length);
    for (const row of await rows.all()) {
      const dimension = (await row.getAttribute('data-dimension')) as DimensionId;
      const percentile = expected.get(dimension);
      expect(await row.getAttribute('data-percentile'), dimension).toBe(String(percentile));
      const words = percentile === 100 ? 'Better than all of them so far' : percentile === 0 ? 'Below the others of this group so far' : `Better than ${percentile}% of them`;
      expect(await row.textContent()).toContain(words);
    }
    const few = page.locator('[data-testid="standing-too-few"]');
    expect((await few.getAttribute('data-dimensions'))?.split(' ').sort()).toEqual(tooFew.sort());
    expect(await few.textContent()).toMatch(/^Not enough customers yet to compare .+: a comparison appears once at least 20 of the group/);
    // Nothing of another customer reaches the screen: no names, no scores of theirs.
    expect(await panel.textContent()).not.toMatch(/Peer \d/);

    for (const lang of ['en', 'zh-Hans']) {
      if (lang !== 'en') {
        await chooseLanguage(page, lang);
        expect(await page.locator('[data-testid="standing-group"]').textContent()).toBe('与本品牌门店 30–39 岁的顾客相比');
      }
      for (const orientation of ['portrait', 'landscape'] as const) {
        await rotate(page, orientation);
        await showPanel(page);
        await shoot(page, 'results-standing', orientation, lang);
      }
    }
    await chooseLanguage(page, 'en');
  });
});
