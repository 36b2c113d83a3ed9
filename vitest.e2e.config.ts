import { defineConfig } from 'vitest/config';

/**
 * The staff screens list the sessions of the local day, and several flows read a session an
 * earlier test made; a run that crossed local midnight would lose it from the list. So the run
 * takes the fixed-offset zone (no daylight saving) where it is now noon: the kiosk, its platform
 * and Chromium inherit it from this process.
 */
function noonZone(now: Date): string {
  const offset = 12 - now.getUTCHours();
  // Etc/GMT names carry the inverted sign: Etc/GMT-5 is UTC+5.
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}
process.env['TZ'] = noonZone(new Date());

/**
 * End-to-end tests (test/e2e): Debian's Chromium driven by playwright-core against the browser
 * host started as `npm start -- --headless` does. One file at a time: each starts a kiosk, its
 * embedded platform and a browser, which is all a 2-core machine should run at once. The
 * renderer must be built first (`npm run build:renderer`): the host serves renderer/dist.
 */
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 180_000,
    pool: 'forks',
    fileParallelism: false,
    globalSetup: ['test/e2e/helpers/global-setup.ts'],
    // The kiosk, its platform and Chromium share two cores: an image decode or a PIN check can
    // stall past vitest's 1 s default now and then.
    expect: { poll: { timeout: 10_000 } },
  },
});
