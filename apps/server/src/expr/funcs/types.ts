import { ExprDuration } from '../values.js';

/**
 * One function of the shared expression library (the canary-checker / gomplate function set),
 * written once on plain JS values and offered to CEL and Go templates under Mission Control's names.
 * Arguments arrive as plain values: strings, numbers, booleans, arrays, objects, `Date`
 * (timestamps), `ExprDuration` (durations) and `Uint8Array` (bytes).
 */
export interface LibFunc {
  /** Global names: CEL `crypto.SHA256(x)`, templates `{{ crypto.SHA256 .x }}`. */
  names: readonly string[];
  /** CEL method names; the receiver is passed as the last argument (`"a b".trimPrefix("a ")`). */
  methods?: readonly string[];
  /** Accepted argument counts (with the receiver for methods): exact, or [min, max]. */
  arity: number | readonly [number, number];
  /** Names only CEL offers (templates have their own builtin of that name, e.g. `len`). */
  celOnly?: boolean;
  fn: (...args: unknown[]) => unknown;
}

/** Shorthand for a family's table entries. */
export function def(
  names: string | readonly string[],
  arity: LibFunc['arity'],
  fn: LibFunc['fn'],
  extra: Omit<LibFunc, 'names' | 'arity' | 'fn'> = {},
): LibFunc {
  return { names: typeof names === 'string' ? [names] : names, arity, fn, ...extra };
}

/** Text of a value as Go's fmt would print it for the string functions. */
export function str(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (v instanceof Date) return v.toISOString();
  if (v instanceof ExprDuration) return v.toString();
  if (v instanceof Uint8Array) return Buffer.from(v).toString('utf8');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** A number from a number or numeric text; throws on anything else. */
export function num(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v instanceof ExprDuration) return v.ms;
  const n = Number(str(v).trim());
  if (str(v).trim() === '' || Number.isNaN(n)) throw new Error(`expected a number, got ${JSON.stringify(v)}`);
  return n;
}

/** An integer argument (counts, widths). */
export function int(v: unknown): number {
  return Math.trunc(num(v));
}

/** A list argument; a single value becomes a one-item list. */
export function list(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  if (v === undefined || v === null) return [];
  return [v];
}

/** A map argument (plain object). */
export function record(v: unknown): Record<string, unknown> {
  if (v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date) && !(v instanceof ExprDuration)) {
    return v as Record<string, unknown>;
  }
  throw new Error(`expected a map, got ${Array.isArray(v) ? 'a list' : typeof v}`);
}

/** Deep equality for the set and collection functions (numbers compare by value). */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'number' || typeof b === 'number') return Number(a) === Number(b) && typeof a !== 'string';
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (a instanceof ExprDuration && b instanceof ExprDuration) return a.ms === b.ms;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return (
      ka.length === kb.length &&
      ka.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
    );
  }
  return false;
}

/** Orders numbers numerically and everything else by its text. */
export function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  const x = str(a);
  const y = str(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
