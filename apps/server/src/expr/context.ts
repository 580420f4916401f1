/**
 * Contextual values of the reference's contextual functions (`last_result()`), which depend on
 * the check being evaluated rather than on the expression's variables. Evaluation is synchronous,
 * so the caller sets them around the evaluation with `withExpressionContext` and the functions
 * read them from here; outside of it they see nothing.
 */

/** What contextual functions answer during one evaluation. */
export interface ExpressionContext {
  /** The previous result of the check being evaluated (`last_result()`); `{}` when there is none. */
  lastResult?: Record<string, unknown>;
}

let current: ExpressionContext = {};

/** Runs `fn` (synchronous evaluation) with `ctx` visible to the contextual functions. */
export function withExpressionContext<T>(ctx: ExpressionContext, fn: () => T): T {
  const previous = current;
  current = ctx;
  try {
    return fn();
  } finally {
    current = previous;
  }
}

/** `last_result()`: the previous result of the check being evaluated, or an empty map. */
export function lastResult(): Record<string, unknown> {
  return current.lastResult ?? {};
}
