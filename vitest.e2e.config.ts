import { defineConfig } from 'vitest/config';

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
  },
});
