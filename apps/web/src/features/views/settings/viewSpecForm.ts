import {
  metadataSchema,
  VIEW_QUERY_SOURCES,
  type ViewColumnType,
  viewColumnSchema,
  viewQuerySchema,
  viewSpecSchema,
} from '@opsdeck/schema';
import type { z } from 'zod';
import { asObject } from '../../../ui/forms/fieldPath.js';
import type { FieldHint } from '../../settings/playbooks/SchemaFields.js';
import { objectFields, type SchemaField, schemaErrors } from '../../settings/playbooks/schemaNodes.js';

/**
 * What the View form edits, read from the shared View schema: the spec's fields, a query's sources
 * and a column's options. A field the schema gains shows up in the form on its own.
 */
export const VIEW_SPEC_FIELDS: SchemaField[] = objectFields(viewSpecSchema as unknown as z.ZodType);
export const QUERY_FIELDS: SchemaField[] = objectFields(viewQuerySchema as unknown as z.ZodType);
export const COLUMN_FIELDS: SchemaField[] = objectFields(viewColumnSchema as unknown as z.ZodType);
export const DISPLAY_FIELDS: SchemaField[] = (() => {
  const node = VIEW_SPEC_FIELDS.find((f) => f.key === 'display')?.node;
  return node?.kind === 'object' ? node.fields : [];
})();

/** A query's source (configs, changes, checks, sql, prometheus, http, viewTableSelector). */
export type QuerySource = (typeof VIEW_QUERY_SOURCES)[number];
export const QUERY_SOURCES: readonly QuerySource[] = VIEW_QUERY_SOURCES;

/** The spec keys each section of the form edits; `queries`, `columns` and `display` have sections of their own. */
export const SPEC_SECTIONS = {
  general: ['description'],
  rows: ['merge', 'mapping'],
  more: ['templating', 'panels', 'sections', 'cache'],
} as const;

/** Labels, boxes and help of the View form, by field path without list indexes. */
export const VIEW_HINTS: Record<string, FieldHint> = {
  description: { multiline: true },
  title: { placeholder: 'Config inventory' },
  icon: { placeholder: 'database' },
  sidebar: { label: 'Show in the sidebar' },
  ordinal: { label: 'Order in the sidebar' },
  plugins: { label: 'Config tabs', item: 'config tab' },
  merge: {
    label: 'Merge (SQL)',
    multiline: true,
    placeholder: 'select * from items',
    help: 'SQL over the query tables; needed with several queries',
  },
  mapping: { label: 'Mapping (CEL by column)', help: 'column=CEL over the row, one a line' },
  templating: { label: 'Templating variables', item: 'variable' },
  panels: { item: 'panel' },
  'panels.query': { multiline: true, placeholder: 'select count(*) as value from items' },
  sections: { item: 'section' },
  cache: { label: 'Cache and refresh' },
  'cache.maxAge': { placeholder: '15m', help: 'Rows older than this are refreshed' },
  'cache.minAge': { placeholder: '10s', help: 'Rows newer than this are never refreshed' },
  'cache.refreshTimeout': { placeholder: '5s' },
  'query.configs.types': { placeholder: 'Kubernetes::Pod, AWS::EC2::Instance' },
  'query.changes.types': { placeholder: 'Kubernetes::Pod' },
  'query.configs.labelSelector': { placeholder: 'env=prod' },
  'query.checks.labelSelector': { placeholder: 'env=prod' },
  'query.sql.query': { multiline: true, placeholder: 'select name, status from services' },
  'query.prometheus.query': { multiline: true, placeholder: 'up{job="api"}' },
  'query.columns': { label: 'Column types of its table', help: 'name: type, for the merge' },
  'column.for': { label: 'Links column' },
  'column.primaryKey': { label: 'Primary key' },
  'column.filter.type': { label: 'Filter type' },
};

/** The query's source: the first source key it sets, if any. */
export function querySource(query: Record<string, unknown>): QuerySource | undefined {
  return QUERY_SOURCES.find((s) => query[s] !== undefined);
}

/** A copy of `query` reading from `source`: other sources dropped, the rest (column types) kept. */
export function withQuerySource(query: Record<string, unknown>, source: QuerySource): Record<string, unknown> {
  const next: Record<string, unknown> = { [source]: asObject(query[source]) };
  for (const [k, v] of Object.entries(query)) if (!QUERY_SOURCES.includes(k as QuerySource)) next[k] = v;
  return next;
}

/** The named queries of a spec, in their order. */
export function queryEntries(spec: Record<string, unknown>): Array<[string, Record<string, unknown>]> {
  return Object.entries(asObject(spec.queries)).map(([k, v]) => [k, asObject(v)]);
}

/** `queries` with `from` renamed `to` in place; undefined when another query has that name. */
export function renamedQuery(
  queries: Record<string, unknown>,
  from: string,
  to: string,
): Record<string, unknown> | undefined {
  if (from !== to && to in queries) return undefined;
  return Object.fromEntries(Object.entries(queries).map(([k, v]) => [k === from ? to : k, v]));
}

/** A name no query has yet: `items`, then `items_2`... */
export function newQueryName(queries: Record<string, unknown>): string {
  if (!('items' in queries)) return 'items';
  let i = 2;
  while (`items_${i}` in queries) i++;
  return `items_${i}`;
}

/** Column option groups that belong to one column type: offered for it, or while set. */
const TYPE_OPTIONS: Record<string, ViewColumnType> = { gauge: 'gauge', badge: 'badge', configItem: 'config_item' };

/** The fields a column of its type offers (gauge bounds only on a gauge...). */
export function columnFields(column: Record<string, unknown>): SchemaField[] {
  return COLUMN_FIELDS.filter((f) => {
    const only = TYPE_OPTIONS[f.key];
    return !only || column.type === only || column[f.key] !== undefined;
  });
}

/** The View form's problems by field (`name`, `spec.columns[0].type`), from the shared schemas. */
export function viewFieldErrors(values: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = schemaErrors(
    viewSpecSchema as unknown as z.ZodType,
    values.spec ?? {},
    'spec',
  );
  const name = String(values.name ?? '').trim();
  const named = metadataSchema.shape.name.safeParse(name);
  if (!name) errors.name = 'This field is required';
  else if (!named.success) errors.name = named.error.issues[0]?.message ?? 'invalid name';
  if (!String(values.namespace ?? '').trim()) errors.namespace = 'This field is required';
  return errors;
}

/** A new view: one query over catalog items and a name column as its primary key. */
export function newViewSpec(): Record<string, unknown> {
  return {
    display: { title: '', sidebar: false },
    queries: { items: { configs: { types: [] } } },
    columns: [{ name: 'name', type: 'string', primaryKey: true }],
  };
}
