import { randomInt } from 'node:crypto';
import { def, int, type LibFunc, list, num, str } from './types.js';

/** Random values (gomplate `random.*`), from the system's secure generator. */

const ALPHA = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');

function pick(count: number, chars: string): string {
  if (count < 0 || count > 100_000) throw new Error(`invalid length ${count}`);
  if (!chars) throw new Error('no characters to choose from');
  const set = [...chars];
  let out = '';
  for (let i = 0; i < count; i++) out += set[randomInt(set.length)];
  return out;
}

/** `random.String(n)`, `(n, "abc")`, `(n, ["a", "d"])` (a range) or `(n, lo, hi)` (code points). */
function randomString(...a: unknown[]): string {
  const n = int(a[0]);
  if (a.length === 1) return pick(n, ALPHA + DIGITS);
  const range = (lo: number, hi: number) =>
    Array.from({ length: hi - lo + 1 }, (_, i) => String.fromCodePoint(lo + i)).join('');
  if (a.length === 3) return pick(n, range(num(a[1]), num(a[2])));
  if (Array.isArray(a[1])) {
    const [lo, hi] = list(a[1]).map((c) => (typeof c === 'number' ? c : (str(c).codePointAt(0) ?? 0)));
    return pick(n, range(lo ?? 0, hi ?? lo ?? 0));
  }
  return pick(n, str(a[1]));
}

export const randomFuncs: LibFunc[] = [
  def(['random.ASCII'], 1, (n) => pick(int(n), PRINTABLE)),
  def(['random.Alpha'], 1, (n) => pick(int(n), ALPHA)),
  def(['random.AlphaNum'], 1, (n) => pick(int(n), ALPHA + DIGITS)),
  def(['random.String'], [1, 3], randomString),
  def(['random.Item'], 1, (l) => {
    const xs = list(l);
    if (xs.length === 0) throw new Error('no items to choose from');
    return xs[randomInt(xs.length)];
  }),
  def(['random.Number'], [0, 2], (...a) => {
    const [lo, hi] = a.length === 2 ? [int(a[0]), int(a[1])] : [0, a.length === 1 ? int(a[0]) : 100];
    return randomInt(lo, hi + 1);
  }),
  def(['random.Float'], [0, 2], (...a) => {
    const [lo, hi] = a.length === 2 ? [num(a[0]), num(a[1])] : [0, a.length === 1 ? num(a[0]) : 1];
    return lo + Math.random() * (hi - lo);
  }),
];
