import { def, type LibFunc, str } from './types.js';

/** gomplate's `test.*` helpers: assertions that fail the expression with a message, and kinds. */

function kind(v: unknown): string {
  if (v === null || v === undefined) return 'invalid';
  if (Array.isArray(v)) return 'slice';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int' : 'float64';
  if (typeof v === 'object') return 'map';
  return typeof v === 'boolean' ? 'bool' : 'string';
}

const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

export const testFuncs: LibFunc[] = [
  def(['test.Assert', 'assert'], [1, 2], (...a) => {
    const [msg, ok] = a.length === 2 ? [str(a[0]), a[1]] : ['assertion failed', a[0]];
    if (!ok) throw new Error(msg);
    return '';
  }),
  def(['test.Fail', 'fail'], [0, 1], (msg) => {
    throw new Error(msg === undefined ? 'template generation failed' : str(msg));
  }),
  def(['test.Required', 'required'], [1, 2], (...a) => {
    const [msg, v] =
      a.length === 2 ? [str(a[0]), a[1]] : ['can not render template: a required value was not set', a[0]];
    if (empty(v)) throw new Error(msg);
    return v;
  }),
  def(['test.Ternary', 'ternary'], 3, (t, f, cond) => (cond ? t : f)),
  def(['test.Kind', 'kind'], 1, kind),
  def(['test.IsKind', 'isKind'], 2, (k, v) =>
    str(k) === 'number' ? ['int', 'float64'].includes(kind(v)) : kind(v) === str(k),
  ),
];
