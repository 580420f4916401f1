import type { CheckType } from './checks/types.js';

/**
 * A check's spec as its type's schema parsed it, kept per spec object. A scheduled check runs
 * the same spec object until its canary changes (the scheduler then loads new objects), so the
 * schema parses it once instead of on every run (zod's parse was a twentieth of the server's
 * CPU per run). The entry goes with its spec object (a WeakMap). Runners only read the parsed
 * spec, never change it, so one copy serves every run.
 */

type Parsed = ReturnType<CheckType<unknown>['schema']['safeParse']>;

const cache = new WeakMap<object, { type: CheckType<unknown>; parsed: Parsed }>();

/** `type.schema.safeParse(spec)`, answered from the cache when this spec object was parsed before. */
export function parseSpec(type: CheckType<unknown>, spec: unknown): Parsed {
  if (!spec || typeof spec !== 'object') return type.schema.safeParse(spec);
  const hit = cache.get(spec);
  if (hit?.type === type) return hit.parsed;
  const parsed = type.schema.safeParse(spec);
  cache.set(spec, { type, parsed });
  return parsed;
}
