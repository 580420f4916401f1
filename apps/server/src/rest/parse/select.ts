import { Cursor, type FieldRef } from './cursor.js';

/** `*`: every column of the relation. */
export interface SelectStar {
  kind: 'star';
}

/** `alias:column->path::cast` */
export interface SelectField {
  kind: 'field';
  alias?: string;
  field: FieldRef;
  cast?: string;
}

/** `alias:relation!hint!inner(children)`: a related resource embedded through a foreign key. */
export interface SelectEmbed {
  kind: 'embed';
  alias?: string;
  /** A table or view name, or a foreign-key column name (`created_by(...)`). */
  name: string;
  /** A foreign key constraint name, a column name or a table name that picks the relationship. */
  hint?: string;
  /** `inner` keeps only parent rows with a match (an embedded filter then filters the parent). */
  inner: boolean;
  children: SelectItem[];
}

export type SelectItem = SelectStar | SelectField | SelectEmbed;

/** Types a select may cast to (`col::text`); anything else is refused before it reaches SQL. */
export const CASTS = new Set([
  'text',
  'varchar',
  'int',
  'int2',
  'int4',
  'int8',
  'integer',
  'bigint',
  'smallint',
  'numeric',
  'float4',
  'float8',
  'real',
  'boolean',
  'bool',
  'json',
  'jsonb',
  'date',
  'time',
  'timestamp',
  'timestamptz',
  'interval',
  'uuid',
  'text[]',
  'int[]',
  'uuid[]',
]);

function items(c: Cursor, nested: boolean): SelectItem[] {
  const out: SelectItem[] = [];
  if (nested && c.peek() === ')') return out;
  for (;;) {
    out.push(item(c));
    if (!c.eat(',')) break;
  }
  return out;
}

function item(c: Cursor): SelectItem {
  if (c.eat('*')) return { kind: 'star' };
  const start = c.pos;
  let alias: string | undefined;
  const first = c.name();
  if (c.peek() === ':' && c.peek(1) !== ':') {
    c.pos++;
    alias = first;
  } else {
    c.pos = start;
  }
  const nameStart = c.pos;
  const name = c.name();
  if (c.peek() === '!' || c.peek() === '(') {
    let hint: string | undefined;
    let inner = false;
    while (c.eat('!')) {
      const h = c.name();
      if (h === 'inner') inner = true;
      else if (h === 'left') inner = false;
      else if (hint === undefined) hint = h;
      else throw c.fail('"inner" or "left"');
    }
    c.expect('(');
    const children = items(c, true);
    c.expect(')');
    return { kind: 'embed', alias, name, hint, inner, children };
  }
  c.pos = nameStart;
  const field = c.field(',()!:');
  let cast: string | undefined;
  if (c.eat('::')) {
    const m = /^[a-z0-9_]+(\[\])?/i.exec(c.text.slice(c.pos));
    if (!m || !CASTS.has(m[0].toLowerCase())) throw c.fail('a cast type (text, int, numeric, jsonb, ...)');
    cast = m[0].toLowerCase();
    c.pos += m[0].length;
  }
  return { kind: 'field', alias, field, cast };
}

/** Parses PostgREST's `select=` value; an absent or empty one means `*`. */
export function parseSelect(text: string | undefined): SelectItem[] {
  if (text === undefined || text === '') return [{ kind: 'star' }];
  const c = new Cursor(text, 'select parameter');
  const out = items(c, false);
  if (!c.done) throw c.fail('"," or end of input');
  return out;
}
