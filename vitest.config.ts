import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Unpacks the npm-shipped Chromium once, before browser test files start in parallel.
    globalSetup: ['tests/support/chromium.ts'],
  },
});
