#!/usr/bin/env node
// The `opsdeck` command: the server's bundle when one is built from the sources as they are (see
// bundle.mjs), else the TypeScript sources through tsx (no build step needed; `npm run dev` asks
// for them with OPSDECK_FROM_SOURCES, so its watcher sees the sources).
import { pathToFileURL } from 'node:url';
import { currentBundle } from './bundle.mjs';

const bundle = process.env.OPSDECK_FROM_SOURCES ? undefined : currentBundle();
if (bundle) {
  await import(pathToFileURL(bundle).href); // it runs the command itself
} else {
  const { register } = await import('tsx/esm/api');
  register();
  const { main } = await import('../src/cli/index.ts');
  process.exitCode = await main(process.argv.slice(2));
}
