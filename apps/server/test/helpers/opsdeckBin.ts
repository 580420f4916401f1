import path from 'node:path';

/**
 * The `opsdeck` command the tests start: the bundle this test run built from the same sources
 * (scripts/test-global-setup.mjs), else the source entry through tsx.
 */
export const OPSDECK_BIN =
  process.env.OPSDECK_TEST_CLI_BUNDLE ?? path.resolve(import.meta.dirname, '../../bin/opsdeck.mjs');
