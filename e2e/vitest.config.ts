import { defineConfig } from 'vitest/config';

// Browser tests: the production build of the web app, served by the real server on a fresh
// embedded database, driven by Debian's Chromium. One browser per file, a new context per test.
// Two files at a time, sharing their worker's module cache: each file waits on its browser and
// server most of the time, and importing the server afresh cost seconds a file.
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
    maxWorkers: 2,
    isolate: false,
    // a browser test that fails once is run again (as Playwright's own runner does on CI); a real
    // failure fails twice, and the report names every retried test
    retry: 1,
  },
});
