import { ExprDuration } from '../values.js';
import { GoComplex } from './complex.js';

/**
 * How JS values stand for Go values in templates: null/undefined is nil, numbers are int when
 * integral and float64 otherwise, arrays are slices, plain objects and Maps are maps, Date and
 * durations print as their String() form.
 */

export type GoKind =
  | 'nil'
  | 'bool'
  | 'int'
  | 'float'
  | 'complex'
  | 'string'
  | 'slice'
  | 'map'
  | 'bytes'
  | 'func'
  | 'struct';

export function kindOf(v: unknown): GoKind {
  if (v === undefined || v === null) return 'nil';
  switch (typeof v) {
    case 'boolean':
      return 'bool';
    case 'number':
      return Number.isInteger(v) ? 'int' : 'float';
    case 'bigint':
      return 'int';
    case 'string':
      return 'string';
    case 'function':
      return 'func';
  }
  if (Array.isArray(v)) return 'slice';
  if (v instanceof Uint8Array) return 'bytes';
  if (v instanceof Date || v instanceof ExprDuration) return 'struct';
  if (v instanceof GoComplex) return 'complex';
  return 'map';
}

/** Go's type name for %T and error messages. */
export function typeName(v: unknown): string {
  switch (kindOf(v)) {
    case 'nil':
      return '<nil>';
    case 'bool':
      return 'bool';
    case 'int':
      return 'int';
    case 'float':
      return 'float64';
    case 'complex':
      return 'complex128';
    case 'string':
      return 'string';
    case 'slice':
      return '[]interface {}';
    case 'bytes':
      return '[]uint8';
    case 'func':
      return 'func';
    case 'struct':
      return v instanceof Date ? 'time.Time' : 'time.Duration';
    default:
      return 'map[string]interface {}';
  }
}

/** Keys and values of a map value, keys in Go's sorted order (numbers numerically, text bytewise). */
export function mapEntries(v: unknown): [unknown, unknown][] {
  const entries: [unknown, unknown][] =
    v instanceof Map ? [...v.entries()] : Object.entries(v as Record<string, unknown>);
  return entries.sort(([a], [b]) => compareKeys(a, b));
}

function compareKeys(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Go's truth: false, 0, nil, "" and empty slices/maps are false; structs are always true. */
export function isTrue(v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  // the common case of JSON data: a plain object is true when it has a key
  if (typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype) return hasAnyKey(v);
  switch (kindOf(v)) {
    case 'nil':
      return false;
    case 'bool':
      return v as boolean;
    case 'int':
    case 'float':
      return Number(v) !== 0;
    case 'complex':
      return (v as GoComplex).re !== 0 || (v as GoComplex).im !== 0;
    case 'string':
      return (v as string).length > 0;
    case 'slice':
    case 'bytes':
      return (v as unknown[]).length > 0;
    case 'map':
      return v instanceof Map ? v.size > 0 : hasOwnKeys(v as object);
    default:
      return true;
  }
}

/** True when a plain object has a key: Object.prototype has no enumerable keys to inherit. */
function hasAnyKey(o: object): boolean {
  for (const _key in o) return true;
  return false;
}

/** True when an object has a key of its own (without listing them all). */
function hasOwnKeys(o: object): boolean {
  for (const k in o) if (Object.hasOwn(o, k)) return true;
  return false;
}

/** Length of a collection value as Go's len: bytes of a string, items of a slice or map. */
export function goLen(v: unknown): number {
  switch (kindOf(v)) {
    case 'string':
      return Buffer.byteLength(v as string);
    case 'slice':
    case 'bytes':
      return (v as unknown[]).length;
    case 'map':
      return v instanceof Map ? v.size : Object.keys(v as object).length;
    case 'nil':
      throw new Error('len of nil pointer');
    default:
      throw new Error(`len of type ${typeName(v)}`);
  }
}

/** A float as Go's %v prints it (strconv 'g', shortest: an exponent below 1e-4 and from 1e6 on). */
export function formatFloat(f: number): string {
  if (Number.isNaN(f)) return 'NaN';
  if (!Number.isFinite(f)) return f > 0 ? '+Inf' : '-Inf';
  if (f === 0) return Object.is(f, -0) ? '-0' : '0';
  const e = f.toExponential();
  const exp = Number(e.slice(e.indexOf('e') + 1));
  if (exp < -4 || exp >= 6) return goExponent(e);
  return String(f);
}

/** `1.5e+6` (JS) as Go writes it: `1.5e+06`. */
export function goExponent(s: string): string {
  return s.replace(/e([+-])(\d)$/, 'e$10$2');
}

/** A value as Go's %v prints it: `[a b]` for slices, `map[k:v]` for maps, `<nil>` for nil. */
export function formatValue(v: unknown, plus = false): string {
  switch (kindOf(v)) {
    case 'nil':
      return '<nil>';
    case 'bool':
      return String(v);
    case 'int':
      return String(v);
    case 'float':
      return formatFloat(v as number);
    case 'string':
      return v as string;
    case 'slice':
      return `[${(v as unknown[]).map((x) => formatValue(x, plus)).join(' ')}]`;
    case 'bytes':
      return `[${[...(v as Uint8Array)].join(' ')}]`;
    case 'map':
      return `map[${mapEntries(v)
        .map(([k, x]) => `${formatValue(k, plus)}:${formatValue(x, plus)}`)
        .join(' ')}]`;
    case 'func':
      return '<func>';
    default:
      return v instanceof Date ? v.toISOString() : String(v);
  }
}
