import { getEventListeners, setMaxListeners } from 'node:events';

/**
 * Per-run cancellation that leaves nothing behind on long-lived signals.
 *
 * A check run, a notification send or a scrape is cancelled by two things: its own deadline and
 * a long-lived signal (the engine's shutdown). `AbortSignal.any([parent, deadline])` looks like the
 * answer but is not: Node keeps a signal with listeners alive, and the parent keeps every
 * dependant it ever had (nodejs/node#55351, #55328), so each run leaked its controller, signals,
 * listener and promises for as long as the server lived. A `RunScope` instead adds exactly one
 * callback to the parent and removes it in `dispose()`, which every caller runs in `finally`.
 */

/**
 * The controller of a long-lived signal (shutdown) that every in-flight run listens to through
 * its scope: thousands of listeners at once are expected there, and each is removed when its
 * run ends, so Node's "possible memory leak" warning at 11 listeners is switched off for it.
 */
export function longLivedController(): AbortController {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  return controller;
}

/**
 * The callbacks waiting on each signal, behind one 'abort' listener per signal. An EventTarget
 * scans its whole listener list to add or remove one, so thousands of runs in flight under one
 * shutdown signal made every run's start and end cost time in proportion to the runs in flight
 * (a fifth of the server's CPU at 100,000 checks); a Set adds and removes in constant time. The
 * entry goes with its signal (a WeakMap) and its callbacks with their runs (removed in dispose).
 */
const waiting = new WeakMap<AbortSignal, Set<() => void>>();
/** The one listener each waiting set has on its signal. */
const fires = new WeakMap<Set<() => void>, () => void>();

/** Calls `fn` when `signal` (not aborted yet) aborts; answers its removal. */
function listen(signal: AbortSignal, fn: () => void): () => void {
  let callbacks = waiting.get(signal);
  if (!callbacks) {
    const set = new Set<() => void>();
    const fire = () => {
      waiting.delete(signal);
      for (const callback of set) {
        try {
          callback();
        } catch (err) {
          // as an EventTarget does: one throwing callback reaches the process, the others still run
          process.nextTick(() => {
            throw err;
          });
        }
      }
      set.clear();
    };
    waiting.set(signal, set);
    signal.addEventListener('abort', fire, { once: true });
    fires.set(set, fire);
    callbacks = set;
  }
  const own = callbacks;
  own.add(fn);
  return () => {
    if (!own.delete(fn) || own.size > 0) return;
    // the last one gone: the signal is left with no listener of ours, as before any run
    waiting.delete(signal);
    const fire = fires.get(own);
    if (fire) signal.removeEventListener('abort', fire);
  };
}
/** A run's own signal: aborted by its deadline or its parent; `dispose()` detaches from both. */
export interface RunScope {
  readonly signal: AbortSignal;
  /**
   * `untilAborted(signal, work)` for this scope's signal, without a listener on it: the scope
   * knows when it aborts (its deadline or its parent) and cuts the work off then itself.
   */
  guard<T>(work: Promise<T>): Promise<T>;
  dispose(): void;
}

/**
 * Controllers of ended scopes that never aborted and whose signal has no listener left, for the
 * next scope. Node 20 makes an AbortSignal in a shape the young generation cannot collect, so a
 * signal per check run (100,000 a minute) went to the old generation with what it referenced,
 * and filled it between major collections.
 */
const spare: AbortController[] = [];
const MAX_SPARE = 256;

/** Lets go of the spare controllers, so every signal a scope used can be collected (leak tests). */
export function dropSpareControllers(): void {
  spare.length = 0;
}

/** A scope's state in one object, its methods shared: a run makes no closures for its scope. */
class Scope implements RunScope {
  private readonly controller = spare.pop() ?? new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private detach: (() => void) | undefined;
  /** Rejects the guarded work's promise, while there is one. */
  private cut: ((reason: unknown) => void) | undefined;

  constructor(parent: AbortSignal | undefined, timeoutMs: number | undefined, timeoutReason: (ms: number) => unknown) {
    if (parent?.aborted) this.controller.abort(parent.reason);
    else if (parent) this.detach = listen(parent, () => this.abort(parent.reason));
    if (!this.controller.signal.aborted && timeoutMs !== undefined && timeoutMs > 0 && Number.isFinite(timeoutMs)) {
      this.timer = setTimeout(() => this.abort(timeoutReason(timeoutMs)), timeoutMs);
    }
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  private abort(reason: unknown): void {
    this.controller.abort(reason);
    this.cut?.(reason);
  }

  guard<T>(work: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      work.then(resolve, reject);
      const signal = this.controller.signal;
      // already aborted: as Promise.race([work, aborted]) would, work settled by now still wins
      if (signal.aborted) void Promise.resolve().then(() => reject(signal.reason));
      else this.cut = reject;
    });
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.cut = undefined;
    this.detach?.();
    this.detach = undefined;
    const signal = this.controller.signal;
    if (!signal.aborted && spare.length < MAX_SPARE && getEventListeners(signal, 'abort').length === 0)
      spare.push(this.controller);
  }
}

/**
 * Opens a scope under `parent` (if any) that aborts after `timeoutMs` (if finite and positive)
 * with `timeoutReason(timeoutMs)`. Always call `dispose()` when the run ends.
 */
export function runScope(
  parent: AbortSignal | undefined,
  timeoutMs?: number,
  timeoutReason: (ms: number) => unknown = timedOut,
): RunScope {
  return new Scope(parent, timeoutMs, timeoutReason);
}

const timedOut = (ms: number) => new Error(`timed out after ${ms}ms`);

/**
 * Calls `fn` once when `signal` aborts (at once if it already has); answers a function that
 * removes the listener. Call it when the guarded work ends, whichever way it ends.
 */
export function onAbort(signal: AbortSignal | undefined, fn: (reason: unknown) => void): () => void {
  if (!signal) return () => {};
  if (signal.aborted) {
    fn(signal.reason);
    return () => {};
  }
  return listen(signal, () => fn(signal.reason));
}

/**
 * Settles with `work`, or rejects with the signal's reason as soon as `signal` aborts (for work
 * that may ignore its signal). The listener is removed once either happens.
 */
export async function untilAborted<T>(signal: AbortSignal, work: Promise<T>): Promise<T> {
  let remove = () => {};
  const aborted = new Promise<never>((_, reject) => {
    remove = onAbort(signal, reject);
  });
  try {
    return await Promise.race([work, aborted]);
  } finally {
    remove();
  }
}

/** Waits `ms`, or less when `signal` aborts; never rejects. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0 || signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const remove = onAbort(signal, () => {
      clearTimeout(timer);
      resolve();
    });
    const timer = setTimeout(() => {
      remove();
      resolve();
    }, ms);
  });
}
