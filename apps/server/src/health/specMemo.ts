import type { CheckType } from './checks/types.js';

/**
 * What is worked out once per check spec object and reused on every run of it: the spec as its
 * type's schema parsed it, whether it reads `last_result`, and its custom metrics declaration.
 * A scheduled check runs the same spec object until its canary changes (the scheduler then loads
 * new objects), and runners never change a spec in place. All of it sits in one WeakMap entry:
 * each entry of a WeakMap is an ephemeron the garbage collector settles in its pause, and at
 * 100,000 checks five such maps cost up to 70 ms of every major collection.
 */
export interface SpecMemo {
  /** The type `parsed` was parsed by. */
  type: CheckType<unknown> | undefined;
  parsed: ReturnType<CheckType<unknown>['schema']['safeParse']> | undefined;
  usesLastResult: boolean | undefined;
  metricsDeclaration: string | undefined;
}

const memos = new WeakMap<object, SpecMemo>();

/** The memo of `spec` (made empty on first use; every field fixed from the start, so one shape). */
export function specMemo(spec: object): SpecMemo {
  let memo = memos.get(spec);
  if (!memo) {
    memo = { type: undefined, parsed: undefined, usesLastResult: undefined, metricsDeclaration: undefined };
    memos.set(spec, memo);
  }
  return memo;
}
