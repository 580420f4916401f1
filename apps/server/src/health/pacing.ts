import { onAbort } from '../abort.js';

/**
 * How the checks of one scheduled canary run are started: at a bounded rate rather than all in
 * the same millisecond. A canary of 100 checks used to reach its targets within 8 ms, so a
 * hundred such canaries made seconds of 1,400 arrivals and seconds of none. The run stays one
 * unit (one job history row, one writer flush); only its start times are spread. Run Now and
 * `opsdeck run` start everything at once.
 */

/** Checks of one canary started per second at most, for scheduled runs. */
export const CHECK_STARTS_PER_SECOND = 20;

/** Milliseconds between the starts of two checks of a canary of `checks` checks run every `periodMs`. */
export function checkStartSpacingMs(checks: number, periodMs: number): number {
  if (checks <= 1) return 0;
  // never spread a run over more than half its interval, so runs do not overlap
  return Math.min(1000 / CHECK_STARTS_PER_SECOND, periodMs / 2 / checks);
}

/** How long starting all checks of such a canary takes. */
export function runSpreadMs(checks: number, periodMs: number): number {
  return checkStartSpacingMs(checks, periodMs) * Math.max(0, checks - 1);
}

/** Start `index` of a paced run may begin this many ms after the run started. */
export interface Pacer {
  wait(index: number): Promise<void>;
}

/** Starts at once: Run Now, the CLI, and canaries of one check. */
export const immediate: Pacer = { wait: () => Promise.resolve() };

/**
 * A pacer for one run: start `i` waits until `i * spacingMs` after creation, or until `signal`
 * aborts (the check then starts and sees its aborted signal at once). One timer per wait; it is
 * cleared, and its abort listener removed, when the wait ends.
 */
export function pacer(spacingMs: number, signal?: AbortSignal, now: () => number = performance.now.bind(performance)) {
  if (spacingMs <= 0) return immediate;
  const start = now();
  return {
    wait(index: number): Promise<void> {
      const delay = start + index * spacingMs - now();
      if (delay <= 0 || signal?.aborted) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          remove();
          resolve();
        }, delay);
        const remove = onAbort(signal, () => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  } satisfies Pacer;
}
