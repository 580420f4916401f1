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
/** Evaluations running under a context now (an async one until its promise settles). */
let open = 0;

/**
 * An enabled AsyncLocalStorage turns on Node's promise hooks for every promise the process makes
 * (a few per cent of the server's CPU at thousands of check runs a minute), so the storage is
 * disabled whenever no evaluation is using it; the next `withExpressionContext` enables it again.
 */
function close(): void {
  if (--open === 0) current.disable();
}

/** Runs `fn` (synchronous or async evaluation) with `ctx` visible to the contextual functions. */
export function withExpressionContext<T>(ctx: ExpressionContext, fn: () => T): T {
  open++;
  let result: T;
  try {
    result = current.run(ctx, fn);
  } catch (err) {
    close();
    throw err;
  }
  if (result instanceof Promise) result.then(close, close);
  else close();
  return result;
}

/** Whether any evaluation is running under a context now (promise hooks are on only then). */
export function expressionContextOpen(): boolean {
  return open > 0;
}

/** `channel`: the notification channel being rendered for, or `""` outside a notification. */
export function currentChannel(): string {
  return current.getStore()?.channel ?? '';
}

/** `last_result()`: the previous result of the check being evaluated, or an empty map. */
export function lastResult(): Record<string, unknown> {
  return current.getStore()?.lastResult ?? {};
}
