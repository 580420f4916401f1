import {
  type CelFunc,
  type CelList,
  CelScalar,
  type CelValue,
  celFunc,
  celList,
  celMethod,
  celUint,
  isCelList,
  isCelUint,
  listType,
} from '@bufbuild/cel';

/**
 * The members of cel-go's math and lists extensions the shared library (expr/funcs) does not
 * offer, typed as cel-go types them: `math.ceil/floor/round/trunc` take and give doubles,
 * `math.abs`/`math.sign` keep the argument's type, `math.isNaN/isInf/isFinite`, `math.sqrt`,
 * `list.flatten()` one level deep as cel-go does, and the runtime half of the `sortBy` macro (optionalSyntax.ts).
 */

const { DOUBLE, INT, UINT, BOOL, DYN } = CelScalar;

/** Go's math.Round: halves away from zero. */
const round = (x: number) => (Number.isFinite(x) ? Math.sign(x) * Math.floor(Math.abs(x) + 0.5) : x);

const doubles: [string, (x: number) => number][] = [
  ['math.ceil', Math.ceil],
  ['math.floor', Math.floor],
  ['math.round', round],
  ['math.trunc', Math.trunc],
  ['math.sqrt', Math.sqrt],
];

/** cel-go orders values of one kind: numbers, strings, booleans, bytes, timestamps... */
function compare(a: CelValue, b: CelValue): number {
  const num = (v: CelValue) => (typeof v === 'bigint' ? Number(v) : isCelUint(v) ? Number(v.value) : v);
  const x = num(a);
  const y = num(b);
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  if (typeof x === 'string' && typeof y === 'string') return x < y ? -1 : x > y ? 1 : 0;
  if (typeof x === 'boolean' && typeof y === 'boolean') return Number(x) - Number(y);
  throw new Error(`sortBy: keys of different types cannot be ordered`);
}

/** `list.sortBy(e, key)` after rewriting: pairs of [element, key], sorted stably by key. */
function sortByPairs(pairs: CelValue): CelValue {
  if (!isCelList(pairs)) throw new Error('sortBy needs a list');
  const items = [...pairs].map((p) => [...(p as CelList)] as [CelValue, CelValue]);
  items.sort((a, b) => compare(a[1], b[1]));
  return celList(items.map(([v]) => v));
}

/** cel-go's `flatten(depth)`: one level by default, where the template library's flattens all. */
function flattenList(list: CelList, depth: bigint): CelValue {
  if (depth < 0n) throw new Error('flatten: level must be non-negative');
  const out: CelValue[] = [];
  for (const v of list) {
    if (isCelList(v) && depth > 0n) out.push(...(flattenList(v, depth - 1n) as CelList));
    else out.push(v);
  }
  return celList(out);
}

export const celExtensions: CelFunc[] = [
  celMethod('flatten', listType(DYN), [], DYN, function () {
    return flattenList(this, 1n);
  }),
  celMethod('flatten', listType(DYN), [INT], DYN, function (depth) {
    return flattenList(this, depth);
  }),
  ...doubles.flatMap(([name, fn]) => [
    celFunc(name, [DOUBLE], DOUBLE, (x) => fn(x)),
    celFunc(name, [INT], DOUBLE, (x) => fn(Number(x))),
  ]),
  celFunc('math.abs', [INT], INT, (x) => {
    if (x === -(2n ** 63n)) throw new Error('integer overflow');
    return x < 0n ? -x : x;
  }),
  celFunc('math.abs', [DOUBLE], DOUBLE, (x) => Math.abs(x)),
  celFunc('math.abs', [UINT], UINT, (x) => x),
  celFunc('math.sign', [INT], INT, (x) => (x > 0n ? 1n : x < 0n ? -1n : 0n)),
  celFunc('math.sign', [DOUBLE], DOUBLE, (x) => (Number.isNaN(x) ? x : Math.sign(x) || 0)),
  celFunc('math.sign', [UINT], UINT, (x) => celUint(x.value > 0n ? 1n : 0n)),
  celFunc('math.isNaN', [DOUBLE], BOOL, (x) => Number.isNaN(x)),
  celFunc('math.isInf', [DOUBLE], BOOL, (x) => x === Number.POSITIVE_INFINITY || x === Number.NEGATIVE_INFINITY),
  celFunc('math.isFinite', [DOUBLE], BOOL, (x) => Number.isFinite(x)),
  celFunc('__lists.sortByPairs', [DYN], DYN, sortByPairs),
];
