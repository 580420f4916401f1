import { type RawBuilder, sql } from 'kysely';
import { pgrstError, unknownColumn } from '../errors.js';
import type { FieldRef } from '../parse/cursor.js';
import type { Condition, Filter } from '../parse/filter.js';
import type { OrderTerm } from '../parse/order.js';
import type { Column } from '../schemaCache.js';
import { maskExpr, refuseSecretField, secretFields } from '../secrets.js';

/** A relation (table, view or function result) as it appears in one query: its columns and SQL alias. */
export interface Scope {
  /** Name shown in error messages. */
  name: string;
  columns: Map<string, Column>;
  /** SQL alias of the relation in this query (`t0`, `t1`, ...). */
  alias: string;
  /** The relation whose declared secret fields apply (the table, view or function result type). */
  secretsOf?: string;
}

const INDEX = /^-?\d{1,9}$/;

/** The column of `field` in `scope`, or a 42703 error naming it. */
export function columnOf(scope: Scope, column: string): Column {
  const c = scope.columns.get(column);
  if (!c) throw unknownColumn(scope.name, column);
  return c;
}

const isJson = (c: Column) => c.udt === 'json' || c.udt === 'jsonb';

/** A column as clients read it: `t0.col`, or its masked value when it is a declared secret. */
export function columnExpr(scope: Scope, name: string): RawBuilder<unknown> {
  const ref = sql`${sql.id(scope.alias, name)}`;
  const secret = scope.secretsOf ? secretFields(scope.secretsOf).get(name) : undefined;
  return secret ? maskExpr(secret, ref, columnOf(scope, name).udt) : ref;
}

/** `t0.col`, `t0.details->'a'->>'b'` with the keys bound; checks the column exists and is JSON. */
export function fieldExpr(scope: Scope, field: FieldRef): { expr: RawBuilder<unknown>; text: boolean } {
  const column = columnOf(scope, field.column);
  let expr: RawBuilder<unknown> = columnExpr(scope, field.column);
  if (field.path.length && !isJson(column)) {
    throw pgrstError(
      'invalid',
      '42883',
      `operator does not exist: ${column.type} -> unknown`,
      null,
      `JSON paths (->, ->>) apply to json and jsonb columns; ${scope.name}.${field.column} is ${column.type}`,
    );
  }
  for (const step of field.path) {
    const key = INDEX.test(step.key) ? sql`${Number(step.key)}::int` : sql`${step.key}::text`;
    expr = step.arrow === '->' ? sql`(${expr} -> ${key})` : sql`(${expr} ->> ${key})`;
  }
  const last = field.path[field.path.length - 1];
  const text = last ? last.arrow === '->>' : column.category === 'S';
  return { expr, text };
}

const COMPARE: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxl: '&>',
  nxr: '&<',
  adj: '-|-',
};
const PATTERN = new Set(['like', 'ilike', 'match', 'imatch']);
const TSQUERY: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

// like/ilike take PostgREST's `*` wildcard
const pattern = (op: string, v: string) => (op === 'like' || op === 'ilike' ? v.replaceAll('*', '%') : v);

function condition(scope: Scope, c: Condition): RawBuilder<unknown> {
  if (scope.secretsOf) refuseSecretField(scope.secretsOf, c.field, 'filter', c.op);
  const field = fieldExpr(scope, c.field);
  // pattern operators compare text: cast other types rather than fail on `uuid ~~ unknown`
  const expr = PATTERN.has(c.op) && !field.text ? sql`(${field.expr})::text` : field.expr;
  let out: RawBuilder<unknown>;
  if (c.op === 'in') {
    out = sql`${expr} = any(${c.value as string[]})`;
  } else if (c.op === 'is') {
    const is = { null: 'is null', not_null: 'is not null', true: 'is true', false: 'is false', unknown: 'is unknown' };
    out = sql`${expr} ${sql.raw(is[c.value as keyof typeof is])}`;
  } else if (c.op === 'isdistinct') {
    out = sql`${expr} is distinct from ${c.value as string}`;
  } else if (c.op in TSQUERY) {
    const fn = sql.raw(TSQUERY[c.op] as string);
    const column = columnOf(scope, c.field.column);
    const doc = column.udt === 'tsvector' && !c.field.path.length ? expr : sql`to_tsvector(${expr}::text)`;
    out = c.language
      ? sql`${doc} @@ ${fn}(${c.language}::regconfig, ${c.value as string})`
      : sql`${doc} @@ ${fn}(${c.value as string})`;
  } else {
    const op = sql.raw(COMPARE[c.op] as string);
    if (c.quantifier) {
      const values = (c.value as string[]).map((v) => pattern(c.op, v));
      out = sql`${expr} ${op} ${sql.raw(c.quantifier)}(${values})`;
    } else {
      out = sql`${expr} ${op} ${pattern(c.op, c.value as string)}`;
    }
  }
  return c.negate ? sql`not (${out})` : out;
}

/** One filter (a condition or a nested and/or) as an SQL boolean expression. */
export function filterExpr(scope: Scope, f: Filter): RawBuilder<unknown> {
  if (f.kind === 'cond') return condition(scope, f);
  const parts = f.children.map((child) => filterExpr(scope, child));
  const joined = sql`(${sql.join(parts, sql.raw(f.op === 'and' ? ' and ' : ' or '))})`;
  return f.negate ? sql`not ${joined}` : joined;
}

/** `where`-ready conjunction of filters (plus extra conditions); `true` when there are none. */
export function conjunction(parts: RawBuilder<unknown>[]): RawBuilder<unknown> {
  return parts.length ? sql.join(parts, sql.raw(' and ')) : sql`true`;
}

/** `order by` terms; an empty list gives undefined. */
export function orderExpr(scope: Scope, terms: OrderTerm[]): RawBuilder<unknown> | undefined {
  if (!terms.length) return undefined;
  return sql.join(
    terms.map((t) => {
      if (scope.secretsOf) refuseSecretField(scope.secretsOf, t.field, 'order');
      const { expr } = fieldExpr(scope, t.field);
      const dir = sql.raw(t.direction === 'desc' ? ' desc' : ' asc');
      const nulls = t.nulls ? sql.raw(t.nulls === 'first' ? ' nulls first' : ' nulls last') : sql``;
      return sql`${expr}${dir}${nulls}`;
    }),
  );
}
