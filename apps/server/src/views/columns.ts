import type { ViewColumn, ViewSpec } from '@opsdeck/schema';
import { parseDuration } from '@opsdeck/schema';
import { evaluateCel, renderTemplate } from '../expr/index.js';

/** Per-cell extras stored beside a row (`__attributes`): links, icons and gauge bounds the UI renders. */
export type RowAttributes = Record<string, { url?: string; icon?: string; min?: number; max?: number }>;

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
    const cellEnv = { ...env, ...out, row: { ...row, ...out } };
    for (const c of columns) {
      const cell: RowAttributes[string] = { ...attributes[c.name] };
      const url = cellUrl(c, cellEnv, viewIds);
      if (url) cell.url = url;
      if (c.icon && isRowExpression(c.icon)) {
        const icon = tryCel(c.icon, cellEnv);
        if (typeof icon === 'string' && icon) cell.icon = icon;
      }
      if (c.gauge) Object.assign(cell, gaugeBounds(c.gauge, cellEnv));
      if (Object.keys(cell).length) attributes[c.name] = cell;
      // a url column `for` another column links that one (and is not shown itself)
      if (c.type === 'url' && c.for && url) attributes[c.for] = { ...attributes[c.for], url };
    }
    if (Object.keys(attributes).length) out.__attributes = attributes;
    return out;
  });
}

/** An icon given as CEL over the row (`row.health`) rather than an icon name. */
export function isRowExpression(text: string): boolean {
  return /\brow\.|[?()]/.test(text);
}

function tryCel(expr: string, env: Record<string, unknown>): unknown {
  try {
    return evaluateCel(expr, env);
  } catch {
    return undefined;
  }
}

/**
 * A gauge bound as a number: a number, a numeric string, a Go template (`{{ .row.capacity }}`)
 * or CEL (`row.capacity`) over the row; undefined when it does not come out as a number.
 */
export function gaugeBound(bound: number | string | undefined, env: Record<string, unknown>): number | undefined {
  if (bound === undefined || typeof bound === 'number') return bound;
  const text = bound.trim();
  let value: unknown = text;
  if (text !== '' && Number.isFinite(Number(text))) return Number(text);
  try {
    value = text.includes('{{') ? renderTemplate(text, env) : evaluateCel(text, env);
  } catch {
    return undefined;
  }
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) && String(value).trim() !== '' ? n : undefined;
}

/** The bounds of a gauge over one row, only those given. */
export function gaugeBounds(
  g: { min?: number | string; max?: number | string },
  env: Record<string, unknown>,
): { min?: number; max?: number } {
  const out: { min?: number; max?: number } = {};
  const min = gaugeBound(g.min, env);
  const max = gaugeBound(g.max, env);
  if (min !== undefined) out.min = min;
  if (max !== undefined) out.max = max;
  return out;
}

function cellUrl(c: ViewColumn, env: Record<string, unknown>, viewIds: Map<string, string>): string | undefined {
  if (c.type === 'url') {
    const value = env[c.name];
    return typeof value === 'string' && value ? safeUrl(value) : undefined;
  }
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
