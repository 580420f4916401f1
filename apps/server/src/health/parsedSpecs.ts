import type { CheckType } from './checks/types.js';
import { specMemo } from './specMemo.js';

/**
 * A check's spec as its type's schema parsed it, kept with the spec object (specMemo.ts), so the
 * schema parses a scheduled check's spec once instead of on every run (zod's parse was a
 * twentieth of the server's CPU per run). Runners only read the parsed spec, never change it, so
 * one copy serves every run.
 */

type Parsed = ReturnType<CheckType<unknown>['schema']['safeParse']>;

/** `type.schema.safeParse(spec)`, answered from the memo when this spec object was parsed before. */
export function parseSpec(type: CheckType<unknown>, spec: unknown): Parsed {
  if (!spec || typeof spec !== 'object') return type.schema.safeParse(spec);
  const memo = specMemo(spec);
  if (memo.type === type && memo.parsed) return memo.parsed;
  const parsed = type.schema.safeParse(spec);
  memo.type = type;
  memo.parsed = parsed;
  return parsed;
}
