import type { CheckRetries } from '@opsdeck/schema';
import { parseDuration } from '@opsdeck/schema';

/**
 * canary-checker's retry policy for a failing check (canary-checker PR #3031): the check's
 * `retries` override the canary's field by field; `delay` waits before the first attempt,
 * `interval` (default 1s) between attempts, and retries stop after `maxRetries` or once `timeout`
 * has passed. Retrying is on only when `maxRetries > 0` or a `timeout` is set.
 */

const DEFAULT_RETRY_INTERVAL_MS = 1000;

/** Retry settings in milliseconds. */
export interface RetryPolicy {
  configured: boolean;
  maxRetries?: number;
  delayMs: number;
  intervalMs: number;
  timeoutMs: number;
}

/** Merges canary and check retries; undefined when none are set or they are disabled. */
export function retryPolicy(
  canary: CheckRetries | undefined,
  check: CheckRetries | undefined,
): RetryPolicy | undefined {
  if (!canary && !check) return undefined;
  const merged = { ...canary, ...Object.fromEntries(Object.entries(check ?? {}).filter(([, v]) => v !== undefined)) };
  if (merged.disabled) return undefined;
  const ms = (d?: string) => (d ? (parseDuration(d) ?? 0) : 0);
  return {
    configured: true,
    maxRetries: merged.maxRetries,
    delayMs: ms(merged.delay),
    intervalMs: merged.interval !== undefined ? ms(merged.interval) : DEFAULT_RETRY_INTERVAL_MS,
    timeoutMs: ms(merged.timeout),
  };
}

/** Whether another attempt may run after `attempts` attempts that started at `startedAt`. */
export function canRetry(p: RetryPolicy, attempts: number, startedAt: number): boolean {
  const enabled = (p.maxRetries !== undefined && p.maxRetries > 0) || p.timeoutMs > 0;
  if (!enabled) return false;
  if (p.maxRetries !== undefined && attempts - 1 >= p.maxRetries) return false;
  return !(p.timeoutMs > 0 && Date.now() - startedAt >= p.timeoutMs);
}
