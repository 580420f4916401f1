import { JSONPath } from 'jsonpath-plus';
import { ExprError } from './errors.js';

/**
 * JSONPath queries (`$.items[0].name`, `$..status`, filters) through jsonpath-plus; filter scripts
 * run in its "safe" evaluator (no JS eval), so a spec cannot run code. A path may omit the leading `$` (`.a.b`, `a.b`).
 */

function normalise(path: string): string {
  const p = path.trim();
  if (p.startsWith('$')) return p;
  if (p.startsWith('.') || p.startsWith('[')) return `$${p}`;
  return `$.${p}`;
}

/** All matches of `path` in `data` (an empty array when nothing matches). */
export function queryJsonPathAll(path: string, data: unknown): unknown[] {
  if (data === null || typeof data !== 'object') return [];
  try {
    return JSONPath({ path: normalise(path), json: data as object, eval: 'safe', wrap: true }) as unknown[];
  } catch (err) {
    throw new ExprError('jsonpath', path, err instanceof Error ? err.message : String(err));
  }
}

/** The single match of `path`, an array when several match, undefined when none. */
export function queryJsonPath(path: string, data: unknown): unknown {
  const all = queryJsonPathAll(path, data);
  if (all.length === 0) return undefined;
  return all.length === 1 ? all[0] : all;
}
