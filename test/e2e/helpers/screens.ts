/**
 * Screenshots for docs/screenshots/ (issue 8: every screen, portrait and landscape, English and
 * Chinese, one right-to-left). Names: <screen>-<portrait|landscape>-<lang>.png. The kiosk panel
 * sizes are the viewports; the layout is re-read after a rotation before the picture is taken.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import type { Orientation } from './browser.ts';

export const SCREENSHOTS = fileURLToPath(new URL('../../../docs/screenshots', import.meta.url));

const SIZES: Record<Orientation, { width: number; height: number }> = {
  portrait: { width: 1080, height: 1920 },
  landscape: { width: 1920, height: 1080 },
};

export async function rotate(page: Page, orientation: Orientation): Promise<void> {
  await page.setViewportSize(SIZES[orientation]);
}

/** One screenshot of the page as it is, named for the screen, orientation and language. */
export async function shoot(page: Page, screen: string, orientation: Orientation, lang: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${screen}-${orientation}-${lang}.png`);
  await page.screenshot({ path, animations: 'disabled' });
  return path;
}

/** The screen in both orientations (ends in portrait). */
export async function shootBoth(page: Page, screen: string, lang: string): Promise<void> {
  for (const orientation of ['landscape', 'portrait'] as const) {
    await rotate(page, orientation);
    await page.waitForTimeout(150);
    await shoot(page, screen, orientation, lang);
  }
}
