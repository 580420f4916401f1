import { parseDuration } from '@opsdeck/schema';
import { compileCel, ExprDuration, evaluateCel } from '../expr/index.js';

/**
 * An action's `if`: one of Mission Control's functions (always(), failure(), success(), timeout(),
 * skip()) or a CEL expression over the run's template env; unset means success(). And its
 * `delay`: a duration (`30s`) or CEL answering one.
 */

export const IF_FUNCTIONS = ['always()', 'failure()', 'success()', 'timeout()', 'skip()'] as const;

/** What the earlier actions of the run did, for the functions. */
export interface PriorOutcome {
  anyFailed: boolean;
  anyTimedOut: boolean;
}

/** Throws when `text` is neither a function nor CEL that compiles. */
export function checkIf(text: string): void {
  if ((IF_FUNCTIONS as readonly string[]).includes(text.trim())) return;
  compileCel(text);
}

/** Whether the action runs. */
export function shouldRun(text: string | undefined, prior: PriorOutcome, env: Record<string, unknown>): boolean {
  const t = (text ?? '').trim() || 'success()';
  switch (t) {
    case 'always()':
      return true;
    case 'skip()':
      return false;
    case 'success()':
      return !prior.anyFailed;
    case 'failure()':
      return prior.anyFailed;
    case 'timeout()':
      return prior.anyTimedOut;
  }
  // CEL: an action after a failure runs only when its expression says so explicitly
  const v = evaluateCel(t, env);
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string' && /^(true|false)$/i.test(v.trim())) return v.trim().toLowerCase() === 'true';
  throw new Error(`if: expected true or false, got ${JSON.stringify(v)}`);
}

/** Throws when `text` is neither a duration nor CEL that compiles. */
export function checkDelay(text: string): void {
  if (parseDuration(text.trim()) !== undefined) return;
  compileCel(text);
}

/** The delay in ms. */
export function delayMs(text: string | undefined, env: Record<string, unknown>): number {
  if (!text?.trim()) return 0;
  const direct = parseDuration(text.trim());
  if (direct !== undefined) return direct;
  const v = evaluateCel(text, env);
  if (v instanceof ExprDuration) return v.ms;
  if (typeof v === 'number') return v * 1000;
  if (typeof v === 'string') {
    const d = parseDuration(v.trim());
    if (d !== undefined) return d;
  }
  throw new Error(`delay: expected a duration, got ${JSON.stringify(v)}`);
}

/** Whether an action's `if` or `delay` is CEL, which reads the run's template env. */
export function usesEnv(action: { if?: string; delay?: string }): boolean {
  const when = action.if?.trim();
  if (when && !(IF_FUNCTIONS as readonly string[]).includes(when)) return true;
  const delay = action.delay?.trim();
  return !!delay && parseDuration(delay) === undefined;
}
