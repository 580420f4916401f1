import type { CheckSummary } from './types.js';

/** The label filters of the health page: ids, the filter panel's options, the URL parameter. */

/** Label filter id: `key=value`. */
export const labelId = (key: string, value: string) => `${key}=${value}`;

/** The key and value of a label filter id; undefined for an id without `=`. */
export function parseLabelId(id: string): [string, string] | undefined {
  const at = id.indexOf('=');
  return at < 0 ? undefined : [id.slice(0, at), id.slice(at + 1)];
}

export interface LabelOption {
  key: string;
  values: string[];
  /** Only 'true'/'false' values: shown as a toggle. */
  boolean: boolean;
}

const option = (key: string, values: string[]): LabelOption => {
  values.sort();
  return { key, values, boolean: values.every((v) => v === 'true' || v === 'false') };
};

/** The label keys of the checks with their values, sorted. */
export function labelOptions(checks: readonly CheckSummary[]): LabelOption[] {
  const keys = new Map<string, Set<string>>();
  for (const c of checks) {
    const labels = c.labels;
    if (!labels) continue;
    // for...in instead of Object.entries: no array per check across 10,000 checks
    for (const k in labels) {
      let set = keys.get(k);
      if (!set) {
        set = new Set<string>();
        keys.set(k, set);
      }
      set.add(labels[k] as string);
    }
  }
  return [...keys.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([key, set]) => option(key, [...set]));
}

/** `options` with every label of a filter in force (`key=value` ids) added where missing. */
export function withSelected(options: LabelOption[], labels: Record<string, 1 | -1>): LabelOption[] {
  const missing = new Map<string, string[]>();
  for (const id of Object.keys(labels)) {
    const label = parseLabelId(id);
    if (!label) continue;
    const [key, value] = label;
    if (options.find((o) => o.key === key)?.values.includes(value)) continue;
    missing.set(key, [...(missing.get(key) ?? []), value]);
  }
  if (missing.size === 0) return options;
  const merged = options.map((o) => {
    const add = missing.get(o.key);
    if (!add) return o;
    missing.delete(o.key);
    return option(o.key, [...o.values, ...add]);
  });
  for (const [key, values] of missing) merged.push(option(key, values));
  return merged.sort((a, b) => a.key.localeCompare(b.key));
}

/** Decodes the `labels` URL parameter (JSON of id to 1 or -1); anything else is ignored. */
export function decodeLabels(raw: string | null): Record<string, 1 | -1> {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const out: Record<string, 1 | -1> = {};
    for (const [k, v] of Object.entries(parsed)) if (v === 1 || v === -1) out[k] = v;
    return out;
  } catch {
    return {};
  }
}

export const encodeLabels = (labels: Record<string, 1 | -1>) =>
  Object.keys(labels).length ? JSON.stringify(labels) : null;
