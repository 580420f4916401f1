import { createHash } from 'node:crypto';
import type { ViewSpec, ViewVariableResult } from '@opsdeck/schema';
import { searchResources } from '../catalog/query/search.js';
import type { Db } from '../db/connection.js';
import { badRequest } from '../errors.js';
import { evaluateCel, renderTemplate } from '../expr/index.js';

const MAX_OPTIONS = 500;

/**
 * Templating variables: each has options (listed `values`, or catalog items a selector matches
 * with CEL for label and value); the value in effect is the one asked for, else the default,
 * else the first option. A value that is not one of the options is refused (400), so what a
 * query's template inserts is always a value the view's author offered.
 */
export async function resolveVariables(
  db: Db,
  spec: ViewSpec,
  given: Record<string, string>,
): Promise<{ variables: ViewVariableResult[]; values: Record<string, string> }> {
  const declared = spec.templating ?? [];
  for (const key of Object.keys(given)) {
    if (!declared.some((v) => v.key === key)) throw badRequest(`variables.${key}: not a variable of this view`);
  }
  const values: Record<string, string> = {};
  const variables: ViewVariableResult[] = [];
  for (const v of declared) {
    const optionItems = v.values
      ? v.values.map((x) => ({ label: x, value: x }))
      : await catalogOptions(db, v.valueFrom as NonNullable<typeof v.valueFrom>, values);
    const options = [...new Set(optionItems.map((o) => o.value))];
    const asked = given[v.key];
    if (asked !== undefined && asked !== '' && !options.includes(asked))
      throw badRequest(`variables.${v.key}: ${JSON.stringify(asked)} is not one of its options`);
    const value = asked || (v.default !== undefined && options.includes(v.default) ? v.default : options[0]);
    if (value !== undefined) values[v.key] = value;
    variables.push({ key: v.key, label: v.label ?? v.key, options, optionItems, default: v.default, value });
  }
  return { variables, values };
}

async function catalogOptions(
  db: Db,
  from: { config: Parameters<typeof searchResources>[2][number]; label?: string; value?: string },
  earlier: Record<string, string>,
): Promise<Array<{ label: string; value: string }>> {
  const selector = renderDeep(from.config, earlier) as typeof from.config;
  const items = await searchResources(db, 'configs', [selector], MAX_OPTIONS);
  const out: Array<{ label: string; value: string }> = [];
  for (const item of items) {
    const vars = { config: item, ...item };
    const value = from.value ? String(evaluateCel(from.value, vars)) : String(item.name ?? '');
    const label = from.label ? String(evaluateCel(from.label, vars)) : value;
    if (!out.some((o) => o.value === value)) out.push({ label, value });
  }
  return out.sort((a, b) => a.label.localeCompare(b.label));
}

/** Replaces `$(var.key)` and Go templates `{{ .var.key }}` in every string of `value`. */
export function renderDeep(value: unknown, vars: Record<string, string>): unknown {
  if (typeof value === 'string') {
    let out = value.replace(/\$\(\s*var\.([A-Za-z_][A-Za-z0-9_]*)\s*\)/g, (_m, k: string) => vars[k] ?? '');
    if (out.includes('{{')) out = renderTemplate(out, { var: vars });
    return out;
  }
  if (Array.isArray(value)) return value.map((v) => renderDeep(v, vars));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renderDeep(v, vars)]));
  }
  return value;
}

/** Identifies one set of variable values (rows and panels are stored per set). */
export function fingerprint(values: Record<string, string>): string {
  const sorted = Object.keys(values)
    .sort()
    .map((k) => [k, values[k]]);
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex').slice(0, 16);
}
