#!/usr/bin/env node
// The `opsdeck` command. The server is TypeScript run through tsx, so no compile step is needed.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/index.ts');
process.exitCode = await main(process.argv.slice(2));
