// The template engine as it was before expr/gotemplate (a copy kept as the benchmark baseline).
import { lastResult } from '../../../apps/server/src/expr/context.js';
import { libraryFuncs } from '../../../apps/server/src/expr/funcs/index.js';
import { humanSize } from '../../../apps/server/src/expr/human.js';
import { ExprDuration, formatGoDuration } from '../../../apps/server/src/expr/values.js';

/**
 * The functions Go-template expressions may call: Go's builtins plus the sprig/gomplate ones
 * specs use most. Anything else is refused with the list of supported names.
 */

/** Go's notion of truth: false, 0, nil, "" and empty collections are false. */
export function truthy(v: unknown): boolean {
  if (v === undefined || v === null || v === false || v === 0 || v === '') return false;
  if (Array.isArray(v)) return v.length > 0;
  if (v instanceof Map) return v.size > 0;
  if (typeof v === 'object' && !(v instanceof Date) && !(v instanceof ExprDuration)) return Object.keys(v).length > 0;
  return true;
}

/** How a value prints in template output (objects as JSON, durations Go-style). */
export function printValue(v: unknown): string {
  if (v === undefined) return '<no value>';
  if (v === null) return '<nil>';
  if (typeof v === 'string') return v;
  if (v instanceof Date) return v.toISOString();
  if (v instanceof ExprDuration) return v.toString();
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

function compare(a: unknown, b: unknown): number {
  const x = a instanceof ExprDuration ? a.ms : a instanceof Date ? a.getTime() : a;
  const y = b instanceof ExprDuration ? b.ms : b instanceof Date ? b.getTime() : b;
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  if (typeof x === 'string' && typeof y === 'string') return x < y ? -1 : x > y ? 1 : 0;
  throw new Error(`cannot compare ${typeof x} with ${typeof y}`);
}

function length(v: unknown): number {
  if (typeof v === 'string' || Array.isArray(v)) return v.length;
  if (v instanceof Map) return v.size;
  if (v && typeof v === 'object') return Object.keys(v).length;
  throw new Error(`len of ${v === null ? 'nil' : typeof v}`);
}

function index(v: unknown, ...keys: unknown[]): unknown {
  let cur = v;
  for (const k of keys) {
    if (cur === undefined || cur === null) return undefined;
    cur = (cur as Record<string | number, unknown>)[k as string | number];
  }
  return cur;
}

/** Go's `printf` verbs %s %v %d %f %q %% (width/precision for %f only). */
export function sprintf(format: string, ...args: unknown[]): string {
  let i = 0;
  return format.replace(/%(\.\d+)?([svdfqt%])/g, (_m, prec: string | undefined, verb: string) => {
    if (verb === '%') return '%';
    const a = args[i++];
    switch (verb) {
      case 'd':
        return String(Math.trunc(Number(a)));
      case 'f':
        return Number(a).toFixed(prec ? Number(prec.slice(1)) : 6);
      case 'q':
        return JSON.stringify(printValue(a));
      default:
        return printValue(a);
    }
  });
}

type Fn = (...args: unknown[]) => unknown;
const str = (v: unknown) => printValue(v);

/** Go's builtins and the sprig names specs use most; these win over the library's names. */
const builtins: Record<string, Fn> = {
  len: (v) => length(v),
  index: (v, ...k) => index(v, ...k),
  print: (...a) => a.map(str).join(''),
  println: (...a) => `${a.map(str).join(' ')}\n`,
  printf: (f, ...a) => sprintf(str(f), ...a),
  eq: (a, ...bs) => bs.some((b) => a === b || (a != null && b != null && compare(a, b) === 0)),
  ne: (a, b) => !(a === b || (a != null && b != null && compare(a, b) === 0)),
  lt: (a, b) => compare(a, b) < 0,
  le: (a, b) => compare(a, b) <= 0,
  gt: (a, b) => compare(a, b) > 0,
  ge: (a, b) => compare(a, b) >= 0,
  and: (...a) => a.find((x) => !truthy(x)) ?? a[a.length - 1],
  or: (...a) => a.find((x) => truthy(x)) ?? a[a.length - 1],
  not: (a) => !truthy(a),
  default: (def, v) => (truthy(v) ? v : def),
  upper: (s) => str(s).toUpperCase(),
  lower: (s) => str(s).toLowerCase(),
  title: (s) => str(s).replace(/\b\w/g, (c) => c.toUpperCase()),
  trim: (s) => str(s).trim(),
  trimPrefix: (p, s) => (str(s).startsWith(str(p)) ? str(s).slice(str(p).length) : str(s)),
  trimSuffix: (p, s) => (str(s).endsWith(str(p)) ? str(s).slice(0, -str(p).length) : str(s)),
  contains: (sub, s) => str(s).includes(str(sub)),
  hasPrefix: (p, s) => str(s).startsWith(str(p)),
  hasSuffix: (p, s) => str(s).endsWith(str(p)),
  replace: (old, neu, s) => str(s).split(str(old)).join(str(neu)),
  split: (sep, s) => str(s).split(str(sep)),
  join: (sep, list) => (Array.isArray(list) ? list.map(str).join(str(sep)) : str(list)),
  quote: (s) => JSON.stringify(str(s)),
  toString: (v: unknown) => str(v),
  toJSON: (v) => JSON.stringify(v),
  toJSONPretty: (v) => JSON.stringify(v, null, 2),
  humanSize: (v) => humanSize(Number(v)),
  HumanSize: (v) => humanSize(Number(v)),
  humanDuration: (v) => (v instanceof ExprDuration ? v.toString() : formatGoDuration(Number(v))),
  HumanDuration: (v) => (v instanceof ExprDuration ? v.toString() : formatGoDuration(Number(v))),
  /** The previous result of the check (`{{ (last_result).status }}`); see context.ts. */
  last_result: () => lastResult(),
};

/**
 * Supported template functions by name: the builtins above, then every name of the shared
 * library (expr/funcs) that gomplate offers templates (`strings.ToUpper`, `crypto.SHA256`, ...).
 */
export const templateFunctions: Record<string, Fn> = { ...builtins };
for (const f of libraryFuncs) {
  if (f.celOnly) continue;
  for (const name of f.names) if (!Object.hasOwn(templateFunctions, name)) templateFunctions[name] = f.fn;
}
