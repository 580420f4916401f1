import {
  type CelFunc,
  type CelList,
  type CelMap,
  CelScalar,
  type CelValue,
  celFunc,
  celList,
  celMap,
  celMethod,
  isCelList,
  isCelMap,
  isCelUint,
} from '@bufbuild/cel';

/**
 * cel-go's optional values (`optional.of/none/ofNonZeroValue`, `hasValue()`, `value()`,
 * `orValue()`, `or()`) and the runtime half of the optional syntax (optionalSyntax.ts rewrites
 * `x.?f`, `x[?k]`, `[?e]` and `{?k: v}` into the `__opt.*` calls below). The engine has no
 * optional type, so an optional is a one-entry map under a key no JSON document can hold: it
 * passes through every function, and two optionals compare equal when their values do.
 */

const MARK = '\u0000cel.optional';
type Key = string | bigint | boolean;

function some(v: CelValue): CelMap {
  return celMap(new Map([[MARK, celList([v])]]));
}
const NONE = celMap(new Map([[MARK, celList([])]]));

/** True when `v` is an optional value. */
export function isOptional(v: unknown): v is CelMap {
  return isCelMap(v) && v.size === 1 && v.has(MARK);
}

/** The value of a present optional, or undefined for `optional.none()`. */
export function optionalValue(o: CelMap): CelValue | undefined {
  const box = o.get(MARK) as CelList;
  return box.size ? box.get(0) : undefined;
}

function isZero(v: CelValue): boolean {
  if (v === null || v === false || v === '' || v === 0 || v === 0n) return true;
  if (isCelUint(v)) return v.value === 0n;
  if (v instanceof Uint8Array || isCelList(v) || isCelMap(v))
    return (v as { size?: number; length?: number }).size === 0 || (v as Uint8Array).length === 0;
  return false;
}

function receiver(self: CelValue, method: string): CelMap {
  if (!isOptional(self)) throw new Error(`${method}() needs an optional value (from .?, [?] or optional.of)`);
  return self;
}

/** The engine's map answers has() false for a key holding null; cel-go counts the key as present. */
function hasKey(map: CelMap, key: Key): boolean {
  if (map.has(key)) return true;
  for (const k of map.keys()) if (k === key) return true;
  return false;
}

/** `x.?name` (and `.name` after one): the field when `x` has it, else none; a none stays none. */
function selectOptional(target: CelValue, key: CelValue): CelValue {
  let x: CelValue | undefined = target;
  if (isOptional(x)) {
    x = optionalValue(x);
    if (x === undefined) return NONE;
  }
  if (x === null) return NONE;
  if (isCelMap(x)) return hasKey(x, key as Key) ? some((x.get(key as Key) ?? null) as CelValue) : NONE;
  if (isCelList(x)) {
    const i = typeof key === 'bigint' ? Number(key) : isCelUint(key) ? Number(key.value) : Number.NaN;
    if (!Number.isInteger(i)) throw new Error(`no such overload: list[?${typeof key}]`);
    return i >= 0 && i < x.size ? some(x.get(i) as CelValue) : NONE;
  }
  throw new Error(`no such key: ${String(key)}`);
}

/** `[a, ?b]`: the elements, leaving out the optional ones that are none. */
function optionalList(items: CelValue): CelValue {
  const out: CelValue[] = [];
  for (const item of items as CelList) {
    if (!isOptional(item)) throw new Error('an element marked ? must be an optional value');
    const v = optionalValue(item);
    if (v !== undefined) out.push(v);
  }
  return celList(out);
}

/** `{k: v, ?k2: o}`: the entries, leaving out the optional ones that are none. */
function optionalMap(entries: CelValue): CelValue {
  const out = new Map<Key, CelValue>();
  for (const entry of entries as CelList) {
    const [k, o] = [...(entry as CelList)] as [Key, CelValue];
    if (!isOptional(o)) throw new Error('a map entry marked ? must have an optional value');
    const v = optionalValue(o);
    if (v !== undefined) out.set(k, v);
  }
  return celMap(out);
}

const DYN = CelScalar.DYN;

/** The optional functions and methods, plus the `__opt.*` calls the rewritten syntax uses. */
export const optionalFunctions: CelFunc[] = [
  celFunc('optional.of', [DYN], DYN, (v) => some(v)),
  celFunc('optional.none', [], DYN, () => NONE),
  celFunc('optional.ofNonZeroValue', [DYN], DYN, (v) => (isZero(v) ? NONE : some(v))),
  celMethod('hasValue', DYN, [], CelScalar.BOOL, function () {
    return optionalValue(receiver(this, 'hasValue')) !== undefined;
  }),
  celMethod('value', DYN, [], DYN, function () {
    const v = optionalValue(receiver(this, 'value'));
    if (v === undefined) throw new Error('optional.none() dereference');
    return v;
  }),
  celMethod('orValue', DYN, [DYN], DYN, function (fallback) {
    return optionalValue(receiver(this, 'orValue')) ?? fallback;
  }),
  celMethod('or', DYN, [DYN], DYN, function (other) {
    const self = receiver(this, 'or');
    return optionalValue(self) !== undefined ? self : receiver(other, 'or');
  }),
  celFunc('__opt.select', [DYN, DYN], DYN, selectOptional),
  celFunc('__opt.list', [DYN], DYN, optionalList),
  celFunc('__opt.map', [DYN], DYN, optionalMap),
];
