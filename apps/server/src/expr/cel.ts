import {
  type CelFunc,
  CelScalar,
  celEnv,
  celFunc,
  celMethod,
  isCelError,
  objectType,
  parse,
  plan,
} from '@bufbuild/cel';
import { strings } from '@bufbuild/cel/ext';
import { DurationSchema, durationMs } from '@bufbuild/protobuf/wkt';
import { lastResult } from './context.js';
import { ExprError } from './errors.js';
import { queryJsonPath } from './jsonpath.js';
import { formatGoDuration, fromCel, toCel } from './values.js';

/**
 * CEL (Common Expression Language) through @bufbuild/cel, with the string extensions and a few
 * helpers that reference specs commonly use: `toJSON(x)`, `fromJSON(s)` / `s.JSON()`,
 * `jsonpath(path, x)`, `HumanSize(n)`, `HumanDuration(d)`, and the contextual `last_result()`
 * (context.ts). Parsed programs are cached by source text.
 */

const SIZE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];

/** `1536` -> `1.5KiB`, as the reference's HumanSize prints sizes. */
export function humanSize(bytes: number): string {
  let v = bytes;
  let i = 0;
  while (Math.abs(v) >= 1024 && i < SIZE_UNITS.length - 1) {
    v /= 1024;
    i++;
  }
  return `${Number(v.toFixed(1))}${SIZE_UNITS[i]}`;
}

const num = (v: bigint | number) => Number(v);

function parseJson(text: string): never {
  try {
    return toCel(JSON.parse(text)) as never;
  } catch (err) {
    throw new Error(`invalid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
}

const helpers: CelFunc[] = [
  celFunc('fromJSON', [CelScalar.STRING], CelScalar.DYN, parseJson),
  celMethod('JSON', CelScalar.STRING, [], CelScalar.DYN, function (this: string) {
    return parseJson(this);
  }),
  celFunc('toJSON', [CelScalar.DYN], CelScalar.STRING, (v) => JSON.stringify(fromCel(v))),
  celFunc(
    'jsonpath',
    [CelScalar.STRING, CelScalar.DYN],
    CelScalar.DYN,
    (path, v) => toCel(queryJsonPath(path, fromCel(v))) as never,
  ),
  celFunc('HumanSize', [CelScalar.INT], CelScalar.STRING, (v) => humanSize(num(v))),
  celFunc('HumanSize', [CelScalar.DOUBLE], CelScalar.STRING, (v) => humanSize(num(v))),
  celFunc('HumanDuration', [objectType(DurationSchema)], CelScalar.STRING, (d) =>
    formatGoDuration(durationMs(d.message)),
  ),
  celFunc('HumanDuration', [CelScalar.INT], CelScalar.STRING, (v) => formatGoDuration(num(v))),
  celFunc('HumanDuration', [CelScalar.DOUBLE], CelScalar.STRING, (v) => formatGoDuration(num(v))),
  celFunc('last_result', [], CelScalar.DYN, () => toCel(lastResult()) as never),
];

const env = celEnv({ funcs: [...strings, ...helpers] });
type Program = ReturnType<typeof plan>;
const cache = new Map<string, Program>();
const CACHE_MAX = 2000;

function compile(expr: string): Program {
  const hit = cache.get(expr);
  if (hit) return hit;
  let program: Program;
  try {
    program = plan(env, parse(expr));
  } catch (err) {
    throw new ExprError('cel', expr, `syntax error: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(expr, program);
  return program;
}

/** Checks CEL syntax without evaluating (for validation); throws ExprError. */
export function compileCel(expr: string): void {
  compile(expr);
}

/** Evaluates a CEL expression against `vars`; returns a plain JS value or throws ExprError. */
export function evaluateCel(expr: string, vars: Record<string, unknown>): unknown {
  const program = compile(expr);
  const bindings: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(vars)) bindings[k] = toCel(v);
  let result: unknown;
  try {
    result = program(bindings as never);
  } catch (err) {
    throw new ExprError('cel', expr, err instanceof Error ? err.message : String(err));
  }
  if (isCelError(result)) {
    // "unresolved attribute" alone does not say which name; list the known ones.
    const msg =
      result.message === 'unresolved attribute'
        ? `unknown variable (available: ${Object.keys(vars).sort().join(', ') || 'none'})`
        : result.message;
    throw new ExprError('cel', expr, msg);
  }
  return fromCel(result);
}
