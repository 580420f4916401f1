import { compareValues, def, int, type LibFunc, list, record, same, str } from './types.js';

/**
 * Lists, maps and sets: gomplate `coll.*` / `conv.*`, CEL's lists and sets extensions, and the
 * canary-checker methods (`m.keys()`, `m.omit([...])`, `l.slice(1, 3)`, `l.distinct()`, ...).
 */

function flatten(l: unknown[], depth: number): unknown[] {
  return l.flatMap((x) => (Array.isArray(x) && depth !== 0 ? flatten(x, depth - 1) : [x]));
}

function distinct(l: unknown[]): unknown[] {
  const out: unknown[] = [];
  for (const x of l) if (!out.some((y) => same(x, y))) out.push(x);
  return out;
}

function sortList(l: unknown[], key?: string): unknown[] {
  const k = (x: unknown) => (key ? (x as Record<string, unknown>)?.[key] : x);
  return [...l].sort((a, b) => compareValues(k(a), k(b)));
}

/** `range(5)`, `range(2, 5)`, `range(0, 10, 2)` (end exclusive). */
function range(...a: unknown[]): number[] {
  const [start, end, step] =
    a.length === 1 ? [0, int(a[0]), 1] : [int(a[0]), int(a[1]), a[2] === undefined ? 1 : int(a[2])];
  if (step === 0) throw new Error('range step must not be 0');
  const out: number[] = [];
  for (let i = start; step > 0 ? i < end : i > end; i += step) {
    out.push(i);
    if (out.length > 100_000) throw new Error('range too large');
  }
  return out;
}

function dict(...a: unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < a.length; i += 2) out[str(a[i])] = a[i + 1] ?? '';
  return out;
}

function pick(keys: unknown[], m: Record<string, unknown>): Record<string, unknown> {
  const want = new Set(keys.map(str));
  return Object.fromEntries(Object.entries(m).filter(([k]) => want.has(k)));
}

function omit(keys: unknown[], m: Record<string, unknown>): Record<string, unknown> {
  const drop = new Set(keys.map(str));
  return Object.fromEntries(Object.entries(m).filter(([k]) => !drop.has(k)));
}

function merge(...maps: unknown[]): Record<string, unknown> {
  // gomplate's coll.Merge: the first map wins over the later ones.
  return Object.assign({}, ...maps.map(record).reverse());
}

function keyValToMap(s: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of s.split(',')) {
    if (!part.trim()) continue;
    const eq = part.indexOf('=');
    if (eq < 0) throw new Error(`invalid key=value pair ${JSON.stringify(part)}`);
    out[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return out;
}

const mapToKeyVal = (m: Record<string, unknown>) =>
  Object.keys(m)
    .sort()
    .map((k) => `${k}=${str(m[k])}`)
    .join(',');

const truthy = (v: unknown) =>
  !(v === undefined || v === null || v === false || v === 0 || v === '' || (Array.isArray(v) && v.length === 0));

/** Label patterns as canary-checker matches them: `a*`, `!b`, `!*` (absent), comma = any. */
function matchLabel(labels: unknown, key: unknown, patterns: unknown): boolean {
  const value = (labels && typeof labels === 'object' ? (labels as Record<string, unknown>)[str(key)] : undefined) as
    | string
    | undefined;
  return str(patterns)
    .split(',')
    .map((p) => p.trim())
    .some((p) => {
      if (p === '!*') return value === undefined;
      const neg = p.startsWith('!');
      const glob = new RegExp(
        `^${(neg ? p.slice(1) : p).replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}$`,
      );
      if (value === undefined) return false;
      return neg ? !glob.test(value) : glob.test(value);
    });
}

function arnToMap(arn: string): Record<string, string> {
  const p = arn.split(':');
  if (p.length < 6 || p[0] !== 'arn') throw new Error(`invalid ARN ${JSON.stringify(arn)}`);
  return { service: p[2] ?? '', region: p[3] ?? '', account: p[4] ?? '', resource: p.slice(5).join(':') };
}

const fromAWSMap = (l: unknown[]) =>
  Object.fromEntries(l.map((e) => [str(record(e).Name ?? record(e).Key), record(e).Value]));

export const collectionFuncs: LibFunc[] = [
  def(['Keys', 'coll.Keys', 'keys'], [1, 9], (...ms) => ms.flatMap((m) => Object.keys(record(m)).sort()), {
    methods: ['keys'],
  }),
  def(
    ['Values', 'coll.Values', 'values'],
    [1, 9],
    (...ms) =>
      ms.flatMap((m) =>
        Object.keys(record(m))
          .sort()
          .map((k) => record(m)[k]),
      ),
    {
      methods: ['values'],
    },
  ),
  def(['coll.Merge', 'merge'], [2, 9], merge),
  def([], 2, (other, m) => merge(m, other), { methods: ['merge'] }),
  def([], 2, (keys, m) => omit(list(keys), record(m)), { methods: ['omit'] }),
  def([], 2, (keys, m) => pick(list(keys), record(m)), { methods: ['pick'] }),
  def(['Omit', 'coll.Omit', 'omit'], [2, 20], (...a) => omit(a.slice(0, -1).flatMap(list), record(a[a.length - 1]))),
  def(['Pick', 'coll.Pick', 'pick'], [2, 20], (...a) => pick(a.slice(0, -1).flatMap(list), record(a[a.length - 1]))),
  def(['Dict', 'conv.Dict', 'coll.Dict', 'dict'], [0, 40], dict),
  def(['Has', 'conv.Has', 'coll.Has', 'has'], 2, (c, k) =>
    Array.isArray(c) ? c.some((x) => same(x, k)) : c !== null && typeof c === 'object' && Object.hasOwn(c, str(k)),
  ),
  def(['conv.Default'], 2, (d, v) => (truthy(v) ? v : d)),
  def(['Append', 'coll.Append', 'append'], 2, (v, l) => [...list(l), v]),
  def(['Prepend', 'coll.Prepend', 'prepend'], 2, (v, l) => [v, ...list(l)]),
  def(['Uniq', 'coll.Uniq', 'uniq'], 1, (l) => distinct(list(l)), { methods: ['uniq', 'distinct'] }),
  def(['Reverse', 'coll.Reverse'], 1, (l) => [...list(l)].reverse()),
  def(['coll.Sort', 'sortAlpha'], [1, 2], (...a) =>
    a.length === 1 ? sortList(list(a[0])) : sortList(list(a[1]), str(a[0])),
  ),
  def([], 1, (l) => (Array.isArray(l) ? sortList(l) : [...str(l)].sort().join('')), { methods: ['sort'] }),
  def(['Flatten', 'coll.Flatten', 'flatten'], [1, 2], (...a) =>
    a.length === 1 ? flatten(list(a[0]), -1) : flatten(list(a[1]), int(a[0])),
  ),
  def([], [1, 2], (...a) => (a.length === 1 ? flatten(list(a[0]), -1) : flatten(list(a[1]), int(a[0]))), {
    methods: ['flatten'],
  }),
  def(
    [],
    3,
    (start, end, l) => {
      const xs = list(l);
      const [s, e] = [int(start), int(end)];
      if (s < 0 || e < s || e > xs.length) throw new Error(`slice(${s}, ${e}) out of range for a list of ${xs.length}`);
      return xs.slice(s, e);
    },
    { methods: ['slice'] },
  ),
  def([], 1, (l) => list(l)[0] ?? null, { methods: ['first'] }),
  def([], 1, (l) => list(l).at(-1) ?? null, { methods: ['last'] }),
  def(['range', 'lists.range'], [1, 3], range),
  def(['keyValToMap'], 1, (s) => keyValToMap(str(s))),
  def(['mapToKeyVal'], 1, (m) => mapToKeyVal(record(m)), { methods: ['mapToKeyVal'] }),
  def(['sets.contains'], 2, (a, b) => list(b).every((x) => list(a).some((y) => same(x, y)))),
  def(
    ['sets.equivalent'],
    2,
    (a, b) =>
      list(a).every((x) => list(b).some((y) => same(x, y))) && list(b).every((x) => list(a).some((y) => same(x, y))),
  ),
  def(['sets.intersects'], 2, (a, b) => list(a).some((x) => list(b).some((y) => same(x, y)))),
  def(['matchLabel'], 3, matchLabel),
  def(['aws.arnToMap', 'arnToMap'], 1, (s) => arnToMap(str(s))),
  def(['aws.fromAWSMap', 'fromAWSMap'], 1, (l) => fromAWSMap(list(l))),
];
