import { defineConfig } from 'vitest/config';

/**
 * The platform's integration and conformance suites again, on PostgreSQL (issue 14): every
 * platform a test starts gets a database of its own on the local server (test/helpers/postgres.ts).
 * Tests that already run on both backends (describe.each(SQL_BACKENDS)) and tests about the SQLite
 * file itself are not repeated.
 */
export default defineConfig({
  test: {
    include: [
      'test/integration/open-api/**/*.test.ts',
      'test/integration/catalogue/**/*.test.ts',
      'test/integration/skin-api/**/*.test.ts',
      'test/integration/report-data/**/*.test.ts',
      'test/integration/kiosk-sync/**/*.test.ts',
      'test/integration/platform-ops/**/*.test.ts',
      'test/integration/multi-node/**/*.test.ts',
      'test/integration/platform-core*.test.ts',
      'test/integration/endpoint-contract.test.ts',
      'test/integration/required-fields.test.ts',
    ],
    exclude: [
      'test/integration/catalogue/catalogue-repository.test.ts',
      'test/integration/skin-api/skin-api-storage.test.ts',
      'test/integration/report-data/repositories.test.ts',
      'test/integration/platform-ops/rate-limit.test.ts',
      'test/integration/platform-ops/production-build.test.ts',
      'test/integration/platform-core-cli.test.ts',
    ],
    env: { TEST_PLATFORM_DATABASE: 'postgres' },
    globalSetup: ['test/postgres-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
