import type { ViewColumn, ViewSpec } from '@opsdeck/schema';
import { parseDuration } from '@opsdeck/schema';
import { evaluateCel, renderTemplate } from '../expr/index.js';

/** Per-cell extras stored beside a row (`__attributes`): links the UI renders. */
export type RowAttributes = Record<string, { url?: string }>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Only links inside OpsDeck or to http(s) pages leave the server (never `javascript:`). */
export function safeUrl(url: string): string | undefined {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : undefined;
  } catch {
    return undefined;
  }
}

function coerce(column: ViewColumn, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (column.type) {
    case 'number':
    case 'decimal':
    case 'gauge':
    case 'bytes':
    case 'millicore': {
      const n = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(n) ? n : null;
    }
    case 'boolean':
      return value === true || value === 'true' || value === 1 || value === 't';
    case 'datetime': {
      const d = value instanceof Date ? value : new Date(String(value));
      return Number.isNaN(d.getTime()) ? null : d.toISOString();
    }
    case 'duration': {
      if (typeof value === 'number') return value;
      return parseDuration(String(value)) ?? null;
    }
    case 'labels':
      if (typeof value === 'string') {
        try {
          return JSON.parse(value);
        } catch {
          return {};
        }
      }
      return typeof value === 'object' ? value : {};
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/**
 * Maps source rows to the declared columns: `mapping[column]` (CEL over `row`, the row's fields
 * and `var`) or the field of the same name, coerced to the column's type; links (`url.config`,
 * `url.view`, `url.template`, config_item columns) go to `__attributes`.
 */
export function mapRows(
  spec: ViewSpec,
  rows: Array<Record<string, unknown>>,
  vars: Record<string, string>,
  viewIds: Map<string, string>,
): Array<Record<string, unknown>> {
  const columns = spec.columns ?? [];
  return rows.map((row) => {
    const env = { ...row, row, var: vars };
    const out: Record<string, unknown> = {};
    const attributes: RowAttributes = {};
    for (const c of columns) {
      const expr = spec.mapping?.[c.name];
      out[c.name] = coerce(c, expr ? evaluateCel(expr, env) : row[c.name]);
    }
    for (const c of columns) {
      const url = cellUrl(c, { ...env, ...out }, viewIds);
      if (url) attributes[c.name] = { url };
    }
    if (Object.keys(attributes).length) out.__attributes = attributes;
    return out;
  });
}

function cellUrl(c: ViewColumn, env: Record<string, unknown>, viewIds: Map<string, string>): string | undefined {
  if (c.type === 'config_item') {
    const id = env[c.configItem?.idField ?? 'id'];
    return typeof id === 'string' && UUID.test(id) ? `/catalog/${id}` : undefined;
  }
  if (!c.url) return undefined;
  if (c.url.config) {
    const id = evaluateCel(c.url.config, env);
    return typeof id === 'string' && UUID.test(id) ? `/catalog/${id}` : undefined;
  }
  if (c.url.view) {
    const id = viewIds.get(`${c.url.view.namespace ?? 'default'}/${c.url.view.name}`);
    if (!id) return undefined;
    const params = new URLSearchParams();
    for (const [k, expr] of Object.entries(c.url.view.filter ?? {}))
      params.set(k, String(evaluateCel(expr, env) ?? ''));
    const q = params.toString();
    return `/views/${id}${q ? `?${q}` : ''}`;
  }
  if (c.url.template) return safeUrl(renderTemplate(c.url.template, env));
  return undefined;
}

/** Distinct values of the columns with a multiselect filter, for the filter bar. */
export function columnOptions(
  spec: ViewSpec,
  rows: Array<Record<string, unknown>>,
): Record<string, { list: string[] }> {
  const out: Record<string, { list: string[] }> = {};
  for (const c of spec.columns ?? []) {
    if (c.filter?.type !== 'multiselect') continue;
    const set = new Set<string>();
    for (const r of rows) {
      const v = r[c.name];
      if (v !== null && v !== undefined && set.size < 200) set.add(String(v));
    }
    out[c.name] = { list: [...set].sort() };
  }
  return out;
}
