import { isCelError, isCelList, isCelMap, isCelType, isCelUint } from '@bufbuild/cel';
import {
  type Duration,
  durationFromMs,
  durationMs,
  type Timestamp,
  timestampDate,
  timestampFromDate,
} from '@bufbuild/protobuf/wkt';

/**
 * Conversions between the plain JS values checks produce and the values CEL works on. Inputs:
 * Date -> timestamp, `ExprDuration` -> duration, everything JSON-like as is. Outputs: CEL ints
 * (bigint) become numbers when safe, lists/maps become arrays/objects, timestamps ISO strings,
 * durations Go-style strings ("1h2m3s"), so results serialise to JSON and render in templates.
 */

/** A duration value for expressions (CEL `duration`, template text like `720h0m0s`). */
export class ExprDuration {
  constructor(readonly ms: number) {}
  toString(): string {
    return formatGoDuration(this.ms);
  }
  toJSON(): string {
    return this.toString();
  }
}

/** Formats milliseconds as Go's time.Duration.String() does (`1h2m3.5s`, `150ms`, `0s`). */
export function formatGoDuration(ms: number): string {
  if (ms === 0) return '0s';
  const sign = ms < 0 ? '-' : '';
  let rest = Math.abs(ms);
  if (rest < 1000) return `${sign}${trimNumber(rest)}ms`;
  const h = Math.floor(rest / 3_600_000);
  rest -= h * 3_600_000;
  const m = Math.floor(rest / 60_000);
  rest -= m * 60_000;
  const s = `${trimNumber(rest / 1000)}s`;
  if (h > 0) return `${sign}${h}h${m}m${s}`;
  if (m > 0) return `${sign}${m}m${s}`;
  return sign + s;
}

function trimNumber(n: number): string {
  return String(Number(n.toFixed(6)));
}

function isMessage(v: object, typeName: string): boolean {
  return (v as { $typeName?: string }).$typeName === typeName;
}

/** Prepares a JS value for CEL bindings. */
export function toCel(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return timestampFromDate(value);
  if (value instanceof ExprDuration) return durationFromMs(value.ms);
  if (Array.isArray(value)) return value.map(toCel);
  if (value instanceof Map) return new Map([...value].map(([k, v]) => [k, toCel(v)]));
  if (value instanceof Uint8Array) return value;
  if (value !== null && typeof value === 'object') {
    if ((value as { $typeName?: string }).$typeName) return value;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = toCel(v);
    return out;
  }
  if (typeof value === 'number' && Number.isInteger(value) && Number.isSafeInteger(value)) {
    // CEL keeps int and double apart (`size(x) == 2` is int); integral numbers bind as int.
    return BigInt(value);
  }
  return value;
}

/** Converts a CEL result back to a plain JS value. */
export function fromCel(value: unknown): unknown {
  if (typeof value === 'bigint') {
    return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER)
      ? Number(value)
      : value.toString();
  }
  if (isCelUint(value)) return fromCel(value.value);
  if (isCelError(value)) return value;
  if (isCelType(value)) return value.name;
  if (isCelList(value)) return [...value].map(fromCel);
  if (isCelMap(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of value) out[String(fromCel(k))] = fromCel(v);
    return out;
  }
  if (value !== null && typeof value === 'object') {
    // Timestamps and durations come back as reflect wrappers around the message.
    const inner = (value as { message?: unknown }).message;
    if (inner && typeof inner === 'object' && (inner as { $typeName?: string }).$typeName) return fromCel(inner);
    if (isMessage(value, 'google.protobuf.Timestamp')) return timestampDate(value as Timestamp).toISOString();
    if (isMessage(value, 'google.protobuf.Duration')) return formatGoDuration(durationMs(value as Duration));
    if ((value as { $typeName?: string }).$typeName) return value;
  }
  return value;
}
