import type { CheckType } from './types.js';

/** Every check type the engine can run, keyed by its Canary spec list name (`http`, `tcp`, ...). */
export const checkTypes: Record<string, CheckType<never>> = {};

/** The runner for `type`, or undefined when the engine does not support it (validation refuses it). */
export function checkTypeFor(type: string): CheckType<never> | undefined {
  return Object.hasOwn(checkTypes, type) ? checkTypes[type] : undefined;
}
