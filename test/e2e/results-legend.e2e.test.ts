/**
 * Issue 16 item 9 (D-069) on the real kiosk in Chromium with its embedded platform: the marked
 * photo has a legend that names what the marks in the dimension's colour are, how many the
 * analysis located on the view shown and their summed size in mm², exactly as the platform's
 * stored result gives them; recommendations say why (the matched finding and the customer's
 * level). Screenshots results-legend-portrait-en and results-legend-landscape-zh-Hans.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SkinResult } from '../../protocol/skin-api/task-result.ts';
import { isFirstLevel } from '../../protocol/enums/concerns.ts';
import type { DimensionId } from '../../protocol/enums/dimensions.ts';
import { chooseLanguage, sessionToResults, showDimension } from './helpers/flows.ts';
import { sessionResult } from './helpers/platform-result.ts';
import { startKioskBrowser, type KioskBrowser } from './helpers/kiosk-browser.ts';
import { rotate, shoot } from './helpers/screens.ts';

type Annotation = SkinResult['dimensions'][number]['annotations'][number];

/** The viewer's top just below the top bar, so photo and legend are on the picture together. */
async function showViewer(page: Page): Promise<void> {
  await page.locator('[data-testid="annotated-image"]').evaluate((el) => {
    el.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -(document.querySelector('.topbar')?.getBoundingClientRect().height ?? 0) - 16);
  });
  await page.waitForTimeout(300);
}

describe('marked photo legend and recommendation reasons (issue 16 item 9)', () => {
  let kiosk: KioskBrowser | undefined;
  beforeAll(async () => void (kiosk = await startKioskBrowser()));
  afterAll(() => kiosk?.stop());

  it('shows per kind of mark the count and mm² the analysis gave, and why each recommendation is made', async () => {
    if (!kiosk) throw new Error('no kiosk started');
    const { host, page } = kiosk;
    await sessionToResults(page, host.url, { name: 'Lena Legend', phone: '90007777', birthday: '1991-03-09' });

    // A dimension whose front annotation carries counted spots with an area (spots, pores, acne…).
    const result = sessionResult(host.dataDir);
    const marked = result.dimensions.flatMap((d) => d.annotations.filter((a) => a.view === 'front' && a.marks?.some((m) => m.kind === 'spot' && m.count > 0 && m.area_mm2 !== undefined)).map((a) => ({ dimension: d.dimension, annotation: a })));
    expect(marked.length, 'dimensions with counted spots on the front view').toBeGreaterThan(0);
    const { dimension, annotation } = marked[0] as { dimension: string; annotation: Annotation };
    const spots = annotation.marks?.find((m) => m.kind === 'spot');

    const card = await showDimension(page, dimension);
    await card.click();
    const viewer = page.locator('[data-testid="annotated-image"]');
    await viewer.locator('[data-view-tab="front"]').click();
    if (annotation.light) await viewer.locator(`[data-light-tab="${annotation.light}"]`).click();
    await expect.poll(() => viewer.getAttribute('data-annotated')).toBe('true');

    const legend = viewer.locator('[data-testid="marks-legend"]');
    expect(await legend.getAttribute('data-dimension')).toBe(dimension);
    const rows = legend.locator('[data-testid="marks-legend-row"]');
    // One row per kind the stored result counted, nothing more.
    expect(await rows.count()).toBe(annotation.marks?.filter((m) => m.count > 0).length);
    const spotRow = legend.locator('[data-kind="spot"][data-testid="marks-legend-row"]');
    const name = (await card.locator('.dimension-name').textContent())?.trim() ?? '';
    const area = new Intl.NumberFormat('en', { maximumFractionDigits: 1 }).format(spots?.area_mm2 ?? NaN);
    expect(await spotRow.textContent()).toBe(`${name} · ${spots?.count} spot${spots?.count === 1 ? '' : 's'} circled · about ${area} mm² in all`);
    expect(await legend.locator('.marks-legend-note').textContent()).toContain('63 mm between the pupils');
    // Graded at the best level of its table, the legend says why what is circled is no concern (D-124).
    const firstLevelNote = legend.locator('[data-testid="marks-legend-first-level"]');
    if (isFirstLevel(dimension as DimensionId, result.dimensions.find((d) => d.dimension === dimension)?.level ?? -1)) {
      expect(await firstLevelNote.textContent()).toBe(`Graded ${(await card.locator('.level').textContent())?.trim()}: what is marked is too little or too slight to count as a concern.`);
    } else expect(await firstLevelNote.count()).toBe(0);
    // The swatch is the colour the platform drew the marks in.
    const stroke = await spotRow.locator('circle').getAttribute('stroke');
    expect(stroke).toMatch(/^hsl\(\d+, 90%, 55%\)$/);

    // Why a recommendation: the first item's matched finding and the customer's level, as its card shows.
    const why = page.locator('[data-testid="recommendations"] [data-testid="rec-why"]').first();
    const matched = (await why.getAttribute('data-dimension')) ?? '';
    const matchedCard = await showDimension(page, matched);
    const level = (await matchedCard.locator('.level').textContent())?.trim() ?? '';
    expect(await why.textContent()).toBe(`For: ${(await matchedCard.locator('.dimension-name').textContent())?.trim()} — ${level}`);
    expect(Number(await why.getAttribute('data-level'))).toBe(result.dimensions.find((d) => d.dimension === matched)?.level);

    await rotate(page, 'portrait');
    await showViewer(page);
    await shoot(page, 'results-legend', 'portrait', 'en');

    await chooseLanguage(page, 'zh-Hans');
    await expect.poll(() => spotRow.textContent()).toContain(`圈出 ${spots?.count} 处`);
    expect(await spotRow.textContent()).toContain(`合计约 ${new Intl.NumberFormat('zh-Hans', { maximumFractionDigits: 1 }).format(spots?.area_mm2 ?? NaN)} 平方毫米`);
    await rotate(page, 'landscape');
    await showViewer(page);
    await shoot(page, 'results-legend', 'landscape', 'zh-Hans');
    await chooseLanguage(page, 'en');
  });
});
