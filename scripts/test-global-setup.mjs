// Once per test run: the `opsdeck` command bundled for the tests that start it (apps/server/bin/bundle.mjs).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildBundle } from '../apps/server/bin/bundle.mjs';

export async function setup() {
  // inside the server's node_modules, so the bundle's package imports resolve as the sources' do
  const cache = path.resolve(import.meta.dirname, '../apps/server/node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(path.join(cache, 'opsdeck-cli-'));
  process.env.OPSDECK_TEST_CLI_BUNDLE = await buildBundle(dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
