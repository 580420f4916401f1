import { def, int, type LibFunc, num, str } from './types.js';

/** Numbers: gomplate `math.*` and CEL's math extension (`math.greatest`, bit operations). */

/** Numbers from varargs or one list argument (`math.Add(1, 2)`, `math.Add([1, 2])`). */
const nums = (a: unknown[]) => (a.length === 1 && Array.isArray(a[0]) ? a[0] : a).map(num);

function nonEmpty(a: unknown[], name: string): number[] {
  const n = nums(a);
  if (n.length === 0) throw new Error(`${name} needs at least one number`);
  return n;
}

/** Go's math.Round: halves away from zero. */
const round = (x: number) => Math.sign(x) * Math.floor(Math.abs(x) + 0.5);

/** gomplate's math.Seq: `(end)`, `(start, end)`, `(start, end, step)`, end inclusive. */
function seq(...a: unknown[]): number[] {
  const v = nums(a);
  const [start, end, step] = v.length === 1 ? [1, v[0] as number, 1] : [v[0] as number, v[1] as number, v[2]];
  const by = step ?? (start <= end ? 1 : -1);
  if (by === 0 || (by > 0 && start > end) || (by < 0 && start < end)) return [];
  const out: number[] = [];
  for (let i = start; by > 0 ? i <= end : i >= end; i += by) {
    out.push(i);
    if (out.length > 100_000) throw new Error('sequence too long');
  }
  return out;
}

const isInt = (v: unknown) => (typeof v === 'number' ? Number.isInteger(v) : /^[+-]?\d+$/.test(str(v).trim()));
const isFloat = (v: unknown) =>
  typeof v === 'number' ? !Number.isInteger(v) : /^[+-]?(\d+\.\d*|\.\d+)([eE][+-]?\d+)?$/.test(str(v).trim());
const bits = (f: (x: bigint, y: bigint) => bigint) => (x: unknown, y: unknown) =>
  Number(BigInt.asIntN(64, f(BigInt(int(x)), BigInt(int(y)))));

export const mathFuncs: LibFunc[] = [
  def(['math.IsInt'], 1, isInt),
  def(['math.IsFloat'], 1, isFloat),
  def(['math.IsNum'], 1, (v) => isInt(v) || isFloat(v)),
  def(['math.containsFloat', 'math.ContainsFloat'], [1, 20], (...a) => a.flat().some(isFloat)),
  def(['math.Abs'], 1, (v) => Math.abs(num(v))),
  def(['math.Add', 'add'], [1, 20], (...a) => nums(a).reduce((s, x) => s + x, 0)),
  def(['math.Mul', 'mul'], [1, 20], (...a) => nums(a).reduce((s, x) => s * x, 1)),
  def(['math.Sub', 'sub'], 2, (a, b) => num(a) - num(b)),
  def(['math.Div', 'div'], 2, (a, b) => {
    if (num(b) === 0) throw new Error('division by zero');
    return num(a) / num(b);
  }),
  def(['math.Rem', 'mod'], 2, (a, b) => num(a) % num(b)),
  def(['math.Pow'], 2, (a, b) => num(a) ** num(b)),
  def(['math.Seq'], [1, 3], seq),
  def(['math.Ceil', 'ceil'], 1, (v) => Math.ceil(num(v))),
  def(['math.Floor', 'floor'], 1, (v) => Math.floor(num(v))),
  def(['math.Round', 'round'], 1, (v) => round(num(v))),
  def(['math.Trunc'], 1, (v) => Math.trunc(num(v))),
  def(['math.Sign'], 1, (v) => Math.sign(num(v))),
  def(['math.Sqrt'], 1, (v) => Math.sqrt(num(v))),
  def(['math.IsNaN'], 1, (v) => Number.isNaN(num(v))),
  def(['math.IsInf'], 1, (v) => Math.abs(num(v)) === Number.POSITIVE_INFINITY),
  def(['math.IsFinite'], 1, (v) => Number.isFinite(num(v))),
  def(['math.Max', 'max', 'math.greatest'], [1, 20], (...a) => Math.max(...nonEmpty(a, 'greatest'))),
  def(['math.Min', 'min', 'math.least'], [1, 20], (...a) => Math.min(...nonEmpty(a, 'least'))),
  def(
    ['math.bitOr'],
    2,
    bits((x, y) => x | y),
  ),
  def(
    ['math.bitAnd'],
    2,
    bits((x, y) => x & y),
  ),
  def(
    ['math.bitXor'],
    2,
    bits((x, y) => x ^ y),
  ),
  def(['math.bitNot'], 1, (x) => Number(BigInt.asIntN(64, ~BigInt(int(x))))),
  def(
    ['math.bitShiftLeft'],
    2,
    bits((x, y) => x << y),
  ),
  def(
    ['math.bitShiftRight'],
    2,
    bits((x, y) => x >> y),
  ),
];
