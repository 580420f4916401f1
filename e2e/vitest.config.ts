import { defineConfig } from 'vitest/config';

// Browser tests: the production build of the web app, served by the real server on a fresh
// embedded database, driven by Debian's Chromium. One browser per file, a new context per test.
export default defineConfig({
  // the tests live here even when vitest is started from the repository root
  root: import.meta.dirname,
  test: {
    name: 'e2e',
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 90_000,
    fileParallelism: false,
  },
});
