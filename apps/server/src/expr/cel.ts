import { CelScalar, celEnv, celFunc, isCelError, parse, plan } from '@bufbuild/cel';
import { strings } from '@bufbuild/cel/ext';
import { celFunctions } from './cel/bind.js';
import { celExtensions } from './cel/extensions.js';
import { isOptional, optionalFunctions, optionalValue } from './cel/optional.js';
import { rewriteOptionalSyntax } from './cel/optionalSyntax.js';
import { OPTIONAL_TYPE, optionalTypeFunctions } from './cel/optionalType.js';
import { lastResult } from './context.js';
import { ExprError } from './errors.js';
import { libraryFuncs } from './funcs/index.js';
import { Lru } from './lru.js';
import { fromCel, toCel } from './values.js';

/**
 * CEL (Common Expression Language) through @bufbuild/cel, with cel-go's optional values and
 * syntax (cel/optional.ts, cel/optionalSyntax.ts), its strings, lists, math, sets and encoders
 * extensions (the engine's strings, cel/extensions.ts and the library below), the
 * canary-checker function library (expr/funcs: strings, collections, time, encoding, crypto,
 * uuid, semver, math, regexp, random, filepath, Kubernetes) and the contextual `last_result()`
 * (context.ts). Parsed programs are cached by source text.
 */

export { humanSize } from './human.js';

const contextual = [celFunc('last_result', [], CelScalar.DYN, () => toCel(lastResult()) as never)];

const env = celEnv({
  // cel-go's own overloads first: where a library name means something else in templates
  // (flatten: all levels there, one level in cel-go), CEL answers as cel-go does
  funcs: [
    ...celExtensions,
    ...optionalFunctions,
    ...celFunctions(libraryFuncs),
    ...strings,
    ...contextual,
    // last: these replace the engine's overloads of the same signature
    ...optionalTypeFunctions,
  ],
});
type Program = ReturnType<typeof plan>;
const cache = new Lru<Program>(2000);

function compile(expr: string): Program {
  const hit = cache.get(expr);
  if (hit) return hit;
  let program: Program;
  try {
    program = plan(env, parse(rewriteOptionalSyntax(expr)));
  } catch (err) {
    throw new ExprError('cel', expr, `syntax error: ${err instanceof Error ? err.message : String(err)}`);
  }
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
  // cel-go's name of the optional type, unless the caller has a variable of that name
  const bindings: Record<string, unknown> = { optional_type: OPTIONAL_TYPE };
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
  // an optional result is its value, or null when none (what a caller can print or compare)
  if (isOptional(result)) return fromCel(optionalValue(result) ?? null);
  return fromCel(result);
}
