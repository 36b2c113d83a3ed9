import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts'],
    // Multi-node tests need PostgreSQL whatever the backend: they run once, in test:postgres (D-073).
    exclude: ['**/node_modules/**', 'test/integration/multi-node/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
