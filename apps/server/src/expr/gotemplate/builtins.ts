import { ExprDuration } from '../values.js';
import { GoComplex } from './complex.js';
import { sprint, sprintln } from './printf.js';
import { sprintf } from './sprintf.js';
import { formatValue, goLen, isTrue, kindOf, typeName } from './values.js';

/**
 * Go's predefined template functions with Go's semantics and error wording: comparisons (`eq`
 * with several operands), `not`, `index`, `slice`, `len`, `print*`, `html`, `js`, `urlquery`,
 * `call`. `and`/`or` short-circuit, so the executor evaluates them (exec.ts).
 */

export type TemplateFunc = (...args: unknown[]) => unknown;

function arity(name: string, args: unknown[], want: number): void {
  if (args.length !== want) throw new Error(`wrong number of args for ${name}: want ${want} got ${args.length}`);
}

type Basic = 'bool' | 'int' | 'complex' | 'string' | 'duration' | 'time';

/** The comparable kind of a value (numbers are one kind, as untyped constants are in Go). */
function basicKind(v: unknown): Basic {
  if (v instanceof ExprDuration) return 'duration';
  if (v instanceof Date) return 'time';
  switch (kindOf(v)) {
    case 'bool':
      return 'bool';
    case 'int':
    case 'float':
      return 'int';
    case 'complex':
      return 'complex';
    case 'string':
      return 'string';
    default:
      throw new Error('invalid type for comparison');
  }
}

function scalar(v: unknown): unknown {
  if (v instanceof ExprDuration) return v.ms;
  if (v instanceof Date) return v.getTime();
  if (typeof v === 'bigint') return Number(v);
  // complex values are equal when both parts are
  if (v instanceof GoComplex) return `${v.re},${v.im}`;
  return v;
}

/** Go's eq: true when arg1 equals any of the others. */
export function eq(arg1: unknown, ...rest: unknown[]): boolean {
  if (rest.length === 0) throw new Error('missing argument for comparison');
  // the common case first: two numbers or two strings
  const b = rest[0];
  if (rest.length === 1 && typeof arg1 === typeof b && (typeof b === 'number' || typeof b === 'string'))
    return arg1 === b;
  const nil1 = arg1 === null || arg1 === undefined;
  for (const arg of rest) {
    const nil2 = arg === null || arg === undefined;
    // nil equals only nil (a missing map key compares unequal to anything else)
    if (nil1 || nil2) {
      if (nil1 && nil2) return true;
      continue;
    }
    const k1 = kindOf(arg1);
    if (k1 === 'slice' || k1 === 'map' || k1 === 'bytes' || k1 === 'func')
      throw new Error(`non-comparable type ${formatValue(arg1)}: ${typeName(arg1)}`);
    const k2 = kindOf(arg);
    if (k2 === 'slice' || k2 === 'map' || k2 === 'bytes' || k2 === 'func')
      throw new Error(`non-comparable type ${formatValue(arg)}: ${typeName(arg)}`);
    if (basicKind(arg1) !== basicKind(arg)) throw new Error('incompatible types for comparison');
    if (scalar(arg1) === scalar(arg)) return true;
  }
  return false;
}

/** eq of exactly two operands: two numbers or two strings without the general case's operand list. */
function eqPair(a: unknown, b: unknown): boolean {
  if (typeof a === typeof b && (typeof a === 'number' || typeof a === 'string')) return a === b;
  return eq(a, b);
}

/** Go's ordering of two basic values of one kind (bools have none): -1, 0 or 1. */
function order(a: unknown, b: unknown): number {
  // the common case first: two numbers or two strings
  if ((typeof a === 'number' && typeof b === 'number') || (typeof a === 'string' && typeof b === 'string'))
    return a < b ? -1 : a > b ? 1 : 0;
  const k1 = basicKind(a);
  const k2 = basicKind(b);
  // bools and complex numbers have no order
  if (k1 === 'bool' || k2 === 'bool' || k1 === 'complex' || k2 === 'complex')
    throw new Error('invalid type for comparison');
  if (k1 !== k2) throw new Error('incompatible types for comparison');
  const x = scalar(a) as number | string;
  const y = scalar(b) as number | string;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Go's lt: basic kinds only, both of one kind. */
export function lt(a: unknown, b: unknown): boolean {
  return order(a, b) < 0;
}

function toIndex(i: unknown, cap: number): number {
  if (kindOf(i) !== 'int') {
    if (i === null || i === undefined) throw new Error('cannot index slice/array with nil');
    throw new Error(`cannot index slice/array with type ${typeName(i)}`);
  }
  const n = Number(i);
  if (n < 0 || n >= cap) throw new Error(`index out of range: ${n}`);
  return n;
}

/** Go's index: `index x 1 "k"` walks slices, strings (bytes) and maps; a missing map key is no value. */
export function index(item: unknown, ...indexes: unknown[]): unknown {
  let cur = item;
  if (cur === null || cur === undefined) throw new Error('index of untyped nil');
  for (const i of indexes) {
    switch (kindOf(cur)) {
      case 'slice':
      case 'bytes':
        cur = (cur as unknown[])[toIndex(i, (cur as unknown[]).length)];
        break;
      case 'string': {
        const bytes = Buffer.from(cur as string, 'utf8');
        cur = bytes[toIndex(i, bytes.length)];
        break;
      }
      case 'map':
        if (cur instanceof Map) cur = cur.get(i);
        else {
          if (typeof i !== 'string' && typeof i !== 'number')
            throw new Error(`value has type ${typeName(i)}; should be string`);
          cur = Object.hasOwn(cur as object, String(i)) ? (cur as Record<string, unknown>)[String(i)] : undefined;
        }
        break;
      case 'nil':
        throw new Error('index of nil pointer');
      default:
        throw new Error(`can't index item of type ${typeName(cur)}`);
    }
  }
  return cur;
}

/** Go's slice: `slice x 1 2` of a string or slice (3 indexes for slices only). */
export function slice(item: unknown, ...indexes: unknown[]): unknown {
  if (item === null || item === undefined) throw new Error('slice of untyped nil');
  if (indexes.length > 3) throw new Error(`too many slice indexes: ${indexes.length}`);
  const k = kindOf(item);
  if (k !== 'string' && k !== 'slice' && k !== 'bytes') throw new Error(`can't slice item of type ${typeName(item)}`);
  if (k === 'string' && indexes.length === 3) throw new Error('cannot 3-index slice a string');
  const len = k === 'string' ? Buffer.byteLength(item as string) : (item as unknown[]).length;
  const idx = indexes.map((i) => {
    if (kindOf(i) !== 'int') throw new Error(`cannot index slice/array with type ${typeName(i)}`);
    const n = Number(i);
    if (n < 0 || n > len) throw new Error(`index out of range: ${n}`);
    return n;
  });
  const from = idx[0] ?? 0;
  const to = idx[1] ?? len;
  if (from > to) throw new Error(`invalid slice index: ${from} > ${to}`);
  if (idx[2] !== undefined && to > idx[2]) throw new Error(`invalid slice index: ${to} > ${idx[2]}`);
  if (k === 'string')
    return Buffer.from(item as string, 'utf8')
      .subarray(from, to)
      .toString('utf8');
  return (item as unknown[]).slice(from, to);
}

/** The text the escapers work on: a lone string as is, otherwise fmt.Sprint of the operands. */
function evalArgs(args: unknown[]): string {
  if (args.length === 1 && typeof args[0] === 'string') return args[0];
  return sprint(args.map((a) => (a === null || a === undefined ? '<no value>' : a)));
}

const HTML: Record<string, string> = {
  '"': '&#34;',
  "'": '&#39;',
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '\0': '\uFFFD',
};

export function htmlEscape(s: string): string {
  return s.replace(/["'&<>\0]/g, (c) => HTML[c] as string);
}

export function jsEscape(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0) as number;
    if (ch === '\\' || ch === "'" || ch === '"') out += `\\${ch}`;
    else if (ch === '<' || ch === '>' || ch === '&' || ch === '=' || c < 0x20 || c === 0x7f)
      out += `\\u${c.toString(16).toUpperCase().padStart(4, '0')}`;
    else out += ch;
  }
  return out;
}

/** Go's url.QueryEscape: every byte but `A-Za-z0-9-_.~` escaped, spaces as `+`. */
export function queryEscape(s: string): string {
  let out = '';
  for (const b of Buffer.from(s, 'utf8')) {
    const c = String.fromCharCode(b);
    if (/[A-Za-z0-9\-_.~]/.test(c)) out += c;
    else if (c === ' ') out += '+';
    else out += `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** The predefined functions (and/or live in the executor, which evaluates them lazily). */
export const builtinFuncs: Record<string, TemplateFunc> = {
  call: (fn, ...args) => {
    if (fn === null || fn === undefined) throw new Error('call of nil');
    if (typeof fn !== 'function') throw new Error(`non-function of type ${typeName(fn)}`);
    return (fn as TemplateFunc)(...args);
  },
  html: (...a) => htmlEscape(evalArgs(a)),
  js: (...a) => jsEscape(evalArgs(a)),
  urlquery: (...a) => queryEscape(evalArgs(a)),
  index,
  slice,
  len: (...a) => {
    arity('len', a, 1);
    return goLen(a[0]);
  },
  not: (...a) => {
    arity('not', a, 1);
    return !isTrue(a[0]);
  },
  print: (...a) => sprint(a),
  printf: (format, ...a) => {
    if (typeof format !== 'string') throw new Error(`wrong type for value; expected string; got ${typeName(format)}`);
    return sprintf(format, a);
  },
  println: (...a) => sprintln(a),
  eq: (a, ...b) => eq(a, ...b),
  ne: (...a) => {
    arity('ne', a, 2);
    return !eq(a[0], a[1]);
  },
  lt: (...a) => {
    arity('lt', a, 2);
    return lt(a[0], a[1]);
  },
  le: (...a) => {
    arity('le', a, 2);
    return order(a[0], a[1]) <= 0;
  },
  gt: (...a) => {
    arity('gt', a, 2);
    return order(a[0], a[1]) > 0;
  },
  ge: (...a) => {
    arity('ge', a, 2);
    return order(a[0], a[1]) >= 0;
  },
};

/**
 * The comparisons with exactly two operands, as conditions use them: the executor calls these
 * directly, without building an argument list (same results as the functions above).
 */
export const binaryComparisons: Record<string, (a: unknown, b: unknown) => boolean> = {
  eq: (a, b) => eqPair(a, b),
  ne: (a, b) => !eqPair(a, b),
  lt: (a, b) => order(a, b) < 0,
  le: (a, b) => order(a, b) <= 0,
  gt: (a, b) => order(a, b) > 0,
  ge: (a, b) => order(a, b) >= 0,
};

/** Names the executor handles itself (short-circuit evaluation). */
export const LAZY_FUNCS = new Set(['and', 'or']);
