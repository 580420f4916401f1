import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Contextual values of Mission Control's contextual functions (`last_result()`), which depend on
 * the check being evaluated rather than on the expression's variables. The caller sets them
 * around the evaluation with `withExpressionContext` and the functions read them from here;
 * outside of it they see nothing. The context follows awaits (an evaluation that awaits a
 * `javascript` expression still sees its own), and concurrent evaluations never see each other's.
 */

/** What contextual functions answer during one evaluation. */
export interface ExpressionContext {
  /** The previous result of the check being evaluated (`last_result()`); `{}` when there is none. */
  lastResult?: Record<string, unknown>;
  /** The notification channel a message is rendered for (`channel` in templates: `slack`, `email`...). */
  channel?: string;
}

const current = new AsyncLocalStorage<ExpressionContext>();

/** Runs `fn` (synchronous or async evaluation) with `ctx` visible to the contextual functions. */
export function withExpressionContext<T>(ctx: ExpressionContext, fn: () => T): T {
  return current.run(ctx, fn);
}

/** `channel`: the notification channel being rendered for, or `""` outside a notification. */
export function currentChannel(): string {
  return current.getStore()?.channel ?? '';
}

/** `last_result()`: the previous result of the check being evaluated, or an empty map. */
export function lastResult(): Record<string, unknown> {
  return current.getStore()?.lastResult ?? {};
}
