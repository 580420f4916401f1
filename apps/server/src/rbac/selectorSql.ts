import {
  type LabelRequirement,
  parseLabelSelector,
  type ResourceSelector,
  type SelectorKind,
} from '@opsdeck/schema/permissions';
import { type RawBuilder, sql } from 'kysely';
import type { Restriction } from './authorize.js';

// The SQL of object selectors (rbac/authorize.ts Restriction): the same matching rules as
// selectorMatches() of @opsdeck/schema/objectSelector, every value bound.

type Column = 'id' | 'name' | 'namespace' | 'type' | 'agent_id' | 'status' | 'health' | 'labels' | 'tags';

/** Where the objects of a kind live and how their attributes read (null where a kind has none). */
const SOURCES: Record<SelectorKind, { table: string; col: (c: Column) => RawBuilder<unknown> }> = {
  configs: {
    table: 'config_items',
    col: (c) => (c === 'namespace' ? sql`(o.tags ->> 'namespace')` : sql`o.${sql.ref(c)}`),
  },
  components: {
    table: 'components',
    col: (c) => (c === 'tags' ? sql`o.labels` : sql`o.${sql.ref(c)}`),
  },
  playbooks: {
    table: 'playbooks',
    col: (c) =>
      c === 'type'
        ? sql`o.category`
        : c === 'id' || c === 'name' || c === 'namespace'
          ? sql`o.${sql.ref(c)}`
          : c === 'labels' || c === 'tags'
            ? sql`null::jsonb`
            : sql`null::text`,
  },
  connections: {
    table: 'connections',
    col: (c) =>
      c === 'id' || c === 'name' || c === 'namespace' || c === 'type'
        ? sql`o.${sql.ref(c)}`
        : c === 'labels' || c === 'tags'
          ? sql`null::jsonb`
          : sql`null::text`,
  },
};

function glob(column: RawBuilder<unknown>, pattern: string): RawBuilder<unknown> {
  if (!pattern.includes('*')) return sql`${column} = ${pattern}`;
  const like = pattern.replace(/[\\%_]/g, (c) => `\\${c}`).replaceAll('*', '%');
  return sql`${column} ilike ${like}`;
}

function requirements(column: RawBuilder<unknown>, source: string | undefined): RawBuilder<unknown>[] {
  if (!source) return [];
  return parseLabelSelector(source).map(({ key, op, values }: LabelRequirement) => {
    const value = sql`${column} ->> ${key}`;
    if (op === '=') return sql`${value} = ${values[0]}`;
    if (op === '!=') return sql`${value} is distinct from ${values[0]}`;
    if (values.length === 0) return op === 'in' ? sql`false` : sql`true`;
    if (op === 'in') return sql`${value} in (${sql.join(values)})`;
    return sql`(${value} is null or ${value} not in (${sql.join(values)}))`;
  });
}

function selectorCondition(kind: SelectorKind, s: ResourceSelector): RawBuilder<unknown> {
  const col = SOURCES[kind].col;
  const parts: RawBuilder<unknown>[] = [
    ...(s.id ? [sql`${col('id')}::text = ${s.id.toLowerCase()}`] : []),
    ...(s.name ? [glob(col('name'), s.name)] : []),
    ...(s.namespace ? [glob(col('namespace'), s.namespace)] : []),
    ...(s.types ? [sql`${col('type')} in (${sql.join(s.types)})`] : []),
    ...(s.agent ? [sql`${col('agent_id')}::text = ${s.agent}`] : []),
    ...(s.statuses ? [sql`${col('status')} in (${sql.join(s.statuses)})`] : []),
    ...(s.health ? [sql`${col('health')} = ${s.health}`] : []),
    ...requirements(col('labels'), s.labelSelector),
    ...requirements(col('tags'), s.tagSelector),
  ];
  return parts.length ? sql`(${sql.join(parts, sql` and `)})` : sql`true`;
}

/** `id in (objects matching any of selectors)`. */
function inSelected(kind: SelectorKind, id: RawBuilder<unknown>, selectors: ResourceSelector[]): RawBuilder<unknown> {
  const any = sql.join(
    selectors.map((s) => selectorCondition(kind, s)),
    sql` or `,
  );
  return sql`${id}::text in (select o.id::text from ${sql.table(SOURCES[kind].table)} o where ${any})`;
}

/** The condition a row whose object id is `id` meets when `restriction` reaches it. */
export function restrictionSql(restriction: Restriction, id: RawBuilder<unknown>): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (restriction.allow) parts.push(inSelected(restriction.kind, id, restriction.allow));
  if (restriction.deny.length)
    parts.push(sql`not coalesce(${inSelected(restriction.kind, id, restriction.deny)}, false)`);
  return parts.length ? sql`(${sql.join(parts, sql` and `)})` : sql`true`;
}
