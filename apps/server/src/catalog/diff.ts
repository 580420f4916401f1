import { createTwoFilesPatch } from 'diff';

/**
 * What changed between two versions of a config: the normalised JSON of each (keys sorted,
 * two-space indent, so key order never shows as a change), a unified diff of those texts, the
 * JSON merge patch (RFC 7386) that turns the old into the new, and the changed leaf paths.
 */

/** A JSON value with every object's keys sorted, recursively. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined) out[key] = sortKeys(v);
  }
  return out;
}

/** The normalised JSON text of a config. */
export function normalisedJson(value: unknown): string {
  return `${JSON.stringify(sortKeys(value) ?? null, null, 2)}\n`;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The JSON merge patch from `before` to `after` (null deletes a key; arrays are replaced whole). */
export function mergePatch(before: unknown, after: unknown): unknown {
  if (!isObject(before) || !isObject(after)) return after;
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(before)) if (!(key in after)) patch[key] = null;
  for (const [key, value] of Object.entries(after)) {
    if (!(key in before)) patch[key] = value;
    else if (JSON.stringify(sortKeys(before[key])) !== JSON.stringify(sortKeys(value))) {
      patch[key] = isObject(before[key]) && isObject(value) ? mergePatch(before[key], value) : value;
    }
  }
  return patch;
}

/** The leaf paths a merge patch touches (`spec.replicas`, `metadata.labels.app`). */
export function patchPaths(patch: unknown, prefix = ''): string[] {
  if (!isObject(patch) || Object.keys(patch).length === 0) return prefix ? [prefix] : [];
  return Object.entries(patch).flatMap(([key, value]) => {
    const at = prefix ? `${prefix}.${key}` : key;
    return isObject(value) && Object.keys(value).length ? patchPaths(value, at) : [at];
  });
}

const SUMMARY_PATHS = 10;

/** A change summary: the changed paths, at most ten, then how many more. */
export function summarisePaths(paths: string[]): string {
  const shown = paths.slice(0, SUMMARY_PATHS).join(', ');
  return paths.length > SUMMARY_PATHS ? `${shown} ... and ${paths.length - SUMMARY_PATHS} more` : shown;
}

/** A diff change between two configs, or undefined when their normalised JSON is equal. */
export interface ConfigDiff {
  diff: string;
  patch: unknown;
  paths: string[];
  summary: string;
}

export function diffConfigs(before: unknown, after: unknown): ConfigDiff | undefined {
  const a = normalisedJson(before);
  const b = normalisedJson(after);
  if (a === b) return undefined;
  const text = createTwoFilesPatch('a/config.json', 'b/config.json', a, b, '', '', { context: 3 });
  // drop the "=====" banner line the library puts first; the ---/+++ headers say what is compared
  const diff = text.replace(/^=+\n/, '');
  const patch = mergePatch(before, after);
  const paths = patchPaths(patch);
  return { diff, patch, paths, summary: summarisePaths(paths) };
}
