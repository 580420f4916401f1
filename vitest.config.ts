import { defineConfig } from 'vitest/config';

// Server tests run on the embedded database, and again on PostgreSQL when TEST_DATABASE_URL is set (CI).
const serverTests = ['apps/server/test/**/*.test.ts', 'apps/server/src/**/*.test.ts'];
const postgres = process.env.TEST_DATABASE_URL;
// CLI tests run `opsdeck` on its own embedded database (or none): the same on either engine, so once
const engineIndependent = ['apps/server/test/**/cli.test.ts'];

// Server test files share their worker's module cache (`isolate: false`): importing the server
// afresh cost ~4 s a file, ~40% of the suite. Every file builds its own app, database and peers,
// and none mocks modules. Three workers on two cores: most files wait on databases and processes.
export default defineConfig({
  test: {
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'server',
          include: serverTests,
          environment: 'node',
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgres
        ? [
            {
              test: {
                name: 'server-postgres',
                include: serverTests,
                exclude: ['**/node_modules/**', ...engineIndependent],
                environment: 'node',
                isolate: false,
                env: { OPSDECK_TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
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
