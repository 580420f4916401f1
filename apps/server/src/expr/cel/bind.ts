import { type CelFunc, CelScalar, celFunc, celMethod, isCelList, isCelMap, isCelUint } from '@bufbuild/cel';
import { type Duration, durationMs, type Timestamp, timestampDate } from '@bufbuild/protobuf/wkt';
import type { LibFunc } from '../funcs/index.js';
import { ExprDuration, toCel } from '../values.js';

/**
 * Offers the shared function library (expr/funcs) to CEL: every name as a function and every
 * method name as a method on any receiver, one overload per accepted argument count, with
 * arguments converted to plain JS values (timestamps as Date, durations as ExprDuration) and
 * results converted back, so a function returning a Date yields a CEL timestamp.
 */

const typeName = (v: object) => (v as { $typeName?: string }).$typeName;

/** A CEL value as the plain JS value library functions take. */
export function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (isCelUint(value)) return Number(value.value);
  if (value instanceof Uint8Array) return value;
  if (isCelList(value)) return [...value].map(plain);
  if (isCelMap(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of value) out[String(plain(k))] = plain(v);
    return out;
  }
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === 'object') {
    const inner = (value as { message?: unknown }).message;
    const msg = inner && typeof inner === 'object' && typeName(inner) ? inner : value;
    if (typeName(msg) === 'google.protobuf.Timestamp') return timestampDate(msg as Timestamp);
    if (typeName(msg) === 'google.protobuf.Duration') return new ExprDuration(durationMs(msg as Duration));
    if (value instanceof Date || value instanceof ExprDuration) return value;
    if (!typeName(value)) {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) out[k] = plain(v);
      return out;
    }
  }
  return value;
}

const DYN = CelScalar.DYN;

function counts(arity: LibFunc['arity']): number[] {
  const [min, max] = typeof arity === 'number' ? [arity, arity] : arity;
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
}

/** The CEL functions and methods of `funcs`. */
export function celFunctions(funcs: readonly LibFunc[]): CelFunc[] {
  const out: CelFunc[] = [];
  for (const f of funcs) {
    const call = (args: unknown[]) => toCel(f.fn(...args.map(plain))) as never;
    for (const n of counts(f.arity)) {
      const params = Array.from({ length: n }, () => DYN);
      for (const name of f.names) out.push(celFunc(name, params, DYN, (...args: unknown[]) => call(args)));
      if (n === 0) continue;
      const methodParams = params.slice(1);
      for (const name of f.methods ?? []) {
        out.push(
          celMethod(name, DYN, methodParams, DYN, function (this: unknown, ...args: unknown[]) {
            return call([...args, this]);
          }),
        );
      }
    }
  }
  return out;
}
