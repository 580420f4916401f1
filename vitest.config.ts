import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// Server tests run on the embedded database, and again on PostgreSQL when TEST_DATABASE_URL is set (CI).
const serverTests = ['apps/server/test/**/*.test.ts', 'apps/server/src/**/*.test.ts'];
const postgres = process.env.TEST_DATABASE_URL;
// CLI tests run `opsdeck` on its own embedded database (or none), and first-start tests start
// OpsDeck on a new embedded one: the same on either engine, so once
const engineIndependent = ['apps/server/test/**/cli.test.ts', 'apps/server/test/**/*FirstStart.test.ts'];
// Leak tests count what the garbage collector frees: they get a process of their own.
const leakTests = ['apps/server/test/**/*[lL]eak.test.ts'];

/**
 * One server project. Files share their worker's module cache (`isolate: false`) except the leak
 * tests: importing the server afresh cost ~4 s a file, ~40% of the suite, and every file builds
 * its own app, database and peers (none mocks modules).
 */
function server(name: string, opts: { isolate: boolean; exclude?: string[]; env?: Record<string, string> }) {
  return {
    test: {
      name,
      include: opts.isolate ? leakTests : serverTests,
      exclude: ['**/node_modules/**', ...(opts.isolate ? [] : leakTests), ...(opts.exclude ?? [])],
      environment: 'node',
      isolate: opts.isolate,
      ...(opts.env ? { env: opts.env } : {}),
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  } satisfies TestProjectInlineConfiguration;
}

const onPostgres = { exclude: engineIndependent, env: { OPSDECK_TEST_DB: 'postgres' } };

export default defineConfig({
  test: {
    // the `opsdeck` command bundled once for the tests that start it (seconds of CPU a start saved)
    globalSetup: ['scripts/test-global-setup.mjs'],
    // three workers on two cores: most server files wait on databases, peers and processes
    maxWorkers: 3,
    projects: [
      server('server', { isolate: false }),
      server('server-leak', { isolate: true }),
      ...(postgres
        ? [
            server('server-postgres', { isolate: false, ...onPostgres }),
            server('server-postgres-leak', { isolate: true, ...onPostgres }),
          ]
        : []),
      { test: { name: 'schema', include: ['packages/schema/src/**/*.test.ts'], environment: 'node' } },
      {
        test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'jsdom' },
        esbuild: { jsx: 'automatic' },
      },
    ],
  },
});
