import type { TriStateFilter } from './triStateFilter.js';

/**
 * The catalog list's filters as PostgREST parameters of
 * `/api/db/configs`. Labels and tags are tri-state items `key____value` (the URL form); health and
 * status are tri-state items of their values. Several includes of one key mean any of them.
 */
export interface CatalogListFilters {
  configType?: string;
  labels?: TriStateFilter;
  tags?: TriStateFilter;
  health?: TriStateFilter;
  status?: TriStateFilter;
  search?: string;
  showDeleted?: boolean;
}

/** Separator of key and value in a label or tag item (as in shared catalog URLs). */
export const KEY_VALUE_SEPARATOR = '____';

export const keyValueId = (key: string, value: string) => `${key}${KEY_VALUE_SEPARATOR}${value}`;

export function splitKeyValue(id: string): [string, string] {
  const at = id.indexOf(KEY_VALUE_SEPARATOR);
  return at < 0 ? [id, ''] : [id.slice(0, at), id.slice(at + KEY_VALUE_SEPARATOR.length)];
}

/** A value inside `in.(...)`: quoted when it holds a separator, with quotes and backslashes escaped. */
export function listValue(value: string): string {
  return /[,()"\\\s]/.test(value) || value === '' ? `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"` : value;
}

const inList = (values: string[]) => `(${values.map(listValue).join(',')})`;

/** `in.(...)` for the included values and `not.in.(...)` for the excluded ones (both apply). */
export function triStateParams(filter: TriStateFilter | undefined): string[] {
  const include = Object.keys(filter ?? {}).filter((v) => filter?.[v] === 1);
  const exclude = Object.keys(filter ?? {}).filter((v) => filter?.[v] === -1);
  const out: string[] = [];
  if (include.length) out.push(`in.${inList(include)}`);
  if (exclude.length) out.push(`not.in.${inList(exclude)}`);
  return out;
}

/** Groups `key____value` items by key, so that each key becomes one JSON path filter. */
function byKey(filter: TriStateFilter | undefined): Map<string, TriStateFilter> {
  const keys = new Map<string, TriStateFilter>();
  for (const [id, state] of Object.entries(filter ?? {})) {
    const [key, value] = splitKeyValue(id);
    if (!key) continue;
    const values = keys.get(key) ?? {};
    values[value] = state;
    keys.set(key, values);
  }
  return keys;
}

/** Characters that would break out of an `or=(...ilike.*x*)` term. */
const SEARCH_UNSAFE = /[,()"*\\]/g;

export function configListParams(f: CatalogListFilters): Record<string, string | string[]> {
  const params: Record<string, string | string[]> = {};
  if (f.configType) params.type = `eq.${f.configType}`;
  for (const [column, filter] of [
    ['health', f.health],
    ['status', f.status],
  ] as const) {
    const values = triStateParams(filter);
    if (values.length) params[column] = values;
  }
  for (const [column, filter] of [
    ['labels', f.labels],
    ['tags', f.tags],
  ] as const) {
    for (const [key, values] of byKey(filter)) {
      const path = `${column}->>${key}`;
      params[path] = triStateParams(values);
    }
  }
  const search = f.search?.replace(SEARCH_UNSAFE, ' ').trim();
  if (search) {
    const term = `*${search}*`;
    params.or = `(name.ilike.${term},type.ilike.${term},description.ilike.${term},namespace.ilike.${term})`;
  }
  if (!f.showDeleted) params.deleted_at = 'is.null';
  return params;
}

/** The /api/catalog/summary body for the same filters (health and status as `a,!b` lists). */
export function summaryBody(f: CatalogListFilters): Record<string, unknown> {
  const list = (filter: TriStateFilter | undefined) =>
    Object.entries(filter ?? {})
      .map(([v, s]) => (s === -1 ? `!${v}` : v))
      .join(',') || undefined;
  const selectors = (filter: TriStateFilter | undefined) =>
    Object.entries(filter ?? {}).map(([id, s]) => {
      const [key, value] = splitKeyValue(id);
      return `${key}${s === -1 ? '!=' : '='}${value}`;
    });
  return {
    groupBy: ['config_class', 'type'],
    changes: { since: '30d' },
    analysis: { since: '30d' },
    deleted: f.showDeleted ?? false,
    health: list(f.health),
    status: list(f.status),
    tags: selectors(f.tags),
    filter: Object.fromEntries(
      Object.entries(f.labels ?? {}).map(([id, s]) => {
        const [key, value] = splitKeyValue(id);
        return [key, s === -1 ? `!${value}` : value];
      }),
    ),
  };
}
