/**
 * DEV-ONLY: serves the harness build and screenshots screens into .tmp/harness-shots/ for a
 * quick look while developing the UI. Not a test.
 *   npx vite build --config test/e2e/harness/vite.harness.config.ts && npx tsx test/e2e/harness/shoot.ts [portrait|landscape] [query]
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { kioskPage, launchChromium, type Orientation } from '../helpers/browser.ts';
import { serveStatic } from '../helpers/static-server.ts';

const DIST = fileURLToPath(new URL('../../../dist/renderer-harness', import.meta.url));
const OUT = fileURLToPath(new URL('../../../.tmp/harness-shots', import.meta.url));

async function main(): Promise<void> {
  const orientation = (process.argv[2] ?? 'portrait') as Orientation;
  const query = process.argv[3] ?? '';
  const lang = new URLSearchParams(query).get('lang') ?? 'en';
  mkdirSync(OUT, { recursive: true });
  const server = await serveStatic(DIST);
  const browser = await launchChromium({ fakeVideo: process.env.FAKE_VIDEO });
  const { page } = await kioskPage(browser, orientation);
  page.on('console', (m) => console.log('console:', m.type(), m.text()));
  page.on('pageerror', (e) => console.log('pageerror:', e.message));
  const shot = async (name: string) => {
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(OUT, `${orientation}-${lang}-${name}.png`), fullPage: process.env.FULL === '1' });
  };
  await page.goto(`${server.url}/index.html?${query}`);
  await page.locator(`[data-lang="${lang}"]`).waitFor();
  await shot('idle');
  await page.locator(`[data-lang="${lang}"]`).click();
  await page.locator('[data-screen="consent"]').waitFor();
  await shot('consent');
  for (const id of ['ua-2024-1', 'pi-2024-3']) await page.locator(`[data-testid="agree-${id}"]`).click();
  await page.locator('[data-testid="consent-accept"]').click();
  await page.locator('[data-screen="customer"]').waitFor();
  await shot('customer');
  await page.locator('[data-testid="customer-form"] input[name="name"]').fill('Mei Tan');
  await page.locator('[data-testid="customer-form"] input[name="phone"]').fill('91234567');
  await page.locator('[data-testid="register"]').click();
  await page.locator('[data-condition="clean"]').click();
  await page.locator('[data-testid="start-capture"]').click();
  await page.locator('[data-screen="capture"]').waitFor();
  await page.waitForTimeout(500);
  await shot('capture-guidance');
  await page.locator('[data-testid="countdown"]').waitFor({ timeout: 20_000 }).catch(() => undefined);
  await shot('capture-countdown');
  await page.locator('[data-screen="review"]').waitFor({ timeout: 60_000 });
  await shot('review');
  await page.locator('[data-testid="confirm-capture"]').click();
  await page.locator('[data-screen="processing"]').waitFor();
  await shot('processing');
  await page.locator('[data-screen="results"]').waitFor({ timeout: 30_000 });
  await page.waitForTimeout(800);
  await shot('results');
  await page.screenshot({ path: join(OUT, `${orientation}-${lang}-results-full.png`), fullPage: true });
  await page.locator('[data-testid="results-finish"]').click();
  await page.locator('[data-testid="open-staff"]').click();
  for (const k of '1234') await page.locator(`[data-key="${k}"]`).click();
  await shot('pin');
  await page.locator('[data-key="enter"]').click();
  await page.locator('[data-screen="staff"]').waitFor();
  await page.locator('input[name="keyword"]').fill('Mei');
  await page.locator('[data-testid="customer-search"] button:has-text("Search"), [data-testid="customer-search"] .search-bar button').first().click();
  await shot('staff-customers');
  await page.locator('[data-tab="sessions"]').click();
  await shot('staff-sessions');
  await page.locator('[data-testid="lock"]').click();
  await page.locator('[data-testid="open-technician"]').click();
  for (const k of '9876') await page.locator(`[data-key="${k}"]`).click();
  await page.locator('[data-key="enter"]').click();
  await page.locator('[data-screen="technician"]').waitFor();
  for (const tab of ['device', 'camera', 'lights', 'calibration', 'diagnostics', 'platform', 'logs']) {
    await page.locator(`[data-tab="${tab}"]`).click();
    if (tab === 'lights') await page.locator('[data-testid="test-light-white"]').click();
    await shot(`tech-${tab}`);
  }
  await browser.close();
  await server.close();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
