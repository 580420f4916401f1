import { parseError } from '../errors.js';
import { Cursor, type FieldRef } from './cursor.js';

/** PostgREST's filter operators this layer implements. */
export const OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'in',
  'is',
  'isdistinct',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxl',
  'nxr',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
] as const;
export type Operator = (typeof OPERATORS)[number];

const QUANTIFIABLE = new Set<Operator>(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);
const FTS = new Set<Operator>(['fts', 'plfts', 'phfts', 'wfts']);
/** Values `is.` accepts (PostgREST also accepts `not_null`). */
export const IS_VALUES = ['null', 'not_null', 'true', 'false', 'unknown'] as const;

/** One comparison: `col=not.op.value`. */
export interface Condition {
  kind: 'cond';
  field: FieldRef;
  negate: boolean;
  op: Operator;
  /** `eq(any).{a,b}` / `like(all).{a,b}` */
  quantifier?: 'any' | 'all';
  /** Text search configuration of `fts(english).term`. */
  language?: string;
  /** The raw value, or the list of `in.(...)` / quantified values. */
  value: string | string[];
}

/** `and=(...)` / `or=(...)`, possibly negated and nested. */
export interface Logic {
  kind: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: Filter[];
}

export type Filter = Condition | Logic;

/** Reads a comma-separated list with PostgREST quoting: `"a,b"`, `"say \"hi\""`, up to `close`. */
function list(c: Cursor, close: string): string[] {
  const out: string[] = [];
  if (c.eat(close)) return out;
  for (;;) {
    let v = '';
    if (c.eat('"')) {
      while (!c.done && c.peek() !== '"') {
        if (c.peek() === '\\' && c.pos + 1 < c.text.length) c.pos++;
        v += c.peek();
        c.pos++;
      }
      c.expect('"');
    } else {
      while (!c.done && c.peek() !== ',' && c.peek() !== close) {
        v += c.peek();
        c.pos++;
      }
    }
    out.push(v);
    if (c.eat(close)) return out;
    c.expect(',');
  }
}

/** Parses `not.op(mod).` at the cursor and returns everything but the value. */
function operator(c: Cursor): Omit<Condition, 'kind' | 'field' | 'value'> {
  const negate = c.eat('not.');
  const m = /^[a-z]+/.exec(c.text.slice(c.pos));
  const op = m?.[0] as Operator | undefined;
  if (!op || !(OPERATORS as readonly string[]).includes(op)) throw c.fail(`an operator (${OPERATORS.join(', ')})`);
  c.pos += op.length;
  let quantifier: Condition['quantifier'];
  let language: string | undefined;
  if (c.eat('(')) {
    if (QUANTIFIABLE.has(op) && (c.eat('any)') || c.eat('all)'))) {
      quantifier = c.text.slice(c.pos - 4, c.pos - 1) as 'any' | 'all';
    } else if (FTS.has(op)) {
      language = c.name();
      c.expect(')');
    } else throw c.fail(QUANTIFIABLE.has(op) ? '"any)" or "all)"' : 'a text search configuration');
  }
  c.expect('.');
  return { negate, op, quantifier, language };
}

function checkIs(c: Cursor, value: string): string {
  const v = value.toLowerCase();
  if (!(IS_VALUES as readonly string[]).includes(v)) throw c.fail(`one of ${IS_VALUES.join(', ')}`);
  return v;
}

/** Parses the value of a filter parameter, `col=<this>`, e.g. `not.in.(1,2)` or `ilike.*ops*`. */
export function parseCondition(field: FieldRef, raw: string): Condition {
  const c = new Cursor(raw, 'filter');
  const head = operator(c);
  if (head.op === 'in' || head.quantifier) {
    const [open, close] = head.op === 'in' ? ['(', ')'] : ['{', '}'];
    c.expect(open);
    const value = list(c, close);
    if (!c.done) throw c.fail('end of input');
    return { kind: 'cond', field, ...head, value };
  }
  const rest = raw.slice(c.pos);
  const value = head.op === 'is' ? checkIs(c, rest) : rest;
  return { kind: 'cond', field, ...head, value };
}

// A value inside and=()/or=(): quoted, a balanced (...) or {...}, or up to the next , or ).
function treeValue(c: Cursor): string {
  if (c.peek() === '"') {
    let v = '';
    c.pos++;
    while (!c.done && c.peek() !== '"') {
      if (c.peek() === '\\' && c.pos + 1 < c.text.length) c.pos++;
      v += c.peek();
      c.pos++;
    }
    c.expect('"');
    return v;
  }
  const start = c.pos;
  let depth = 0;
  while (!c.done) {
    const ch = c.peek();
    if (ch === '(' || ch === '{' || ch === '[') depth++;
    else if (ch === ')' || ch === '}' || ch === ']') {
      if (depth === 0) break;
      depth--;
    } else if (ch === ',' && depth === 0) break;
    c.pos++;
  }
  return c.text.slice(start, c.pos);
}

function treeItems(c: Cursor): Filter[] {
  c.expect('(');
  const out: Filter[] = [];
  for (;;) {
    out.push(treeItem(c));
    if (c.eat(')')) return out;
    c.expect(',');
  }
}

function treeItem(c: Cursor): Filter {
  for (const [prefix, op, negate] of [
    ['and(', 'and', false],
    ['or(', 'or', false],
    ['not.and(', 'and', true],
    ['not.or(', 'or', true],
  ] as const) {
    if (c.startsWith(prefix)) {
      c.pos += prefix.length - 1;
      return { kind: 'logic', op, negate, children: treeItems(c) };
    }
  }
  const field = c.field(',().');
  c.expect('.');
  const head = operator(c);
  if (head.op === 'in' || head.quantifier) {
    const [open, close] = head.op === 'in' ? ['(', ')'] : ['{', '}'];
    c.expect(open);
    return { kind: 'cond', field, ...head, value: list(c, close) };
  }
  const raw = treeValue(c);
  return { kind: 'cond', field, ...head, value: head.op === 'is' ? checkIs(c, raw) : raw };
}

/** Parses the value of `and=` / `or=` / `not.or=` (`(a.eq.1,or(b.gt.2,c.is.null))`). */
export function parseLogic(op: 'and' | 'or', negate: boolean, raw: string): Logic {
  const c = new Cursor(raw, 'logic tree');
  const children = treeItems(c);
  if (!c.done) throw c.fail('end of input');
  if (!children.length) throw parseError(`"failed to parse logic tree (${raw})"`, 'a logic tree needs a condition');
  return { kind: 'logic', op, negate, children };
}
