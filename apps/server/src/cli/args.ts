import { type ParseArgsConfig, parseArgs } from 'node:util';
import { UsageError } from './index.js';

/** node:util parseArgs, with unknown flags reported as usage errors instead of stack traces. */
export function parseFlags<T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}
