import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Time limits are for a hung test, not a slow one: a loaded 2-core machine
    // runs two Chromium files at once; speed is measured by `npm run bench`.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Suites start real servers, SQLite files and browsers; two cores here.
    maxWorkers: 2,
  },
});
