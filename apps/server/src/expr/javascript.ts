import RELEASE_SYNC from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant } from 'quickjs-emscripten-core';
import { DeadlinePool } from '../threads/deadlinePool.js';
import { ExprError } from './errors.js';

/**
 * `javascript:` expressions, as canary-checker runs them (its otto engine): the script's last
 * expression is the result, and the check's variables are globals. They run in QuickJS compiled to
 * WebAssembly, a separate heap with no host objects at all (no require, process, fs or network),
 * a fresh runtime per evaluation, a memory cap, a stack limit and a deadline, on a small pool of
 * worker threads (javascriptPool.ts, javascriptWorker.mjs). The caller awaits the answer, so a
 * looping script never blocks the server's thread; a thread that overruns is terminated and
 * replaced. Variables go in as JSON, so timestamps arrive as ISO text and durations as Go text
 * (`1h2m3s`).
 */

/** Limits of one evaluation. */
export const JAVASCRIPT_TIME_LIMIT_MS = 1000;
export const JAVASCRIPT_MEMORY_LIMIT_BYTES = 32 * 1024 * 1024;
/**
 * QuickJS's own stack limit. It must stay well below what its WebAssembly frames take of Node's
 * native stack: at 512 KiB deep recursion overflows Node's stack first, which unwinds QuickJS
 * halfway, leaks its runtime and makes freeing it abort. 128 KiB still allows ~700 nested calls.
 */
export const JAVASCRIPT_STACK_LIMIT_BYTES = 128 * 1024;

/** How long past the deadline a native builtin may run before its thread is terminated. */
export const JAVASCRIPT_GRACE_MS = 500;
/** Threads evaluating at once, so a few looping scripts do not hold up every other check. */
export const JAVASCRIPT_THREADS = 2;

// Syntax checks run here; the WebAssembly module is compiled once per process (about 1 MB).
const quickjs = await newQuickJSWASMModuleFromVariant(RELEASE_SYNC);

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function fail(source: string, reason: string): never {
  throw new ExprError('javascript', source, reason);
}

/** Checks a script's syntax without running it; throws ExprError. */
export function compileJavaScript(source: string): void {
  const runtime = quickjs.newRuntime();
  try {
    const vm = runtime.newContext();
    try {
      const result = vm.evalCode(source, 'expression.js', { compileOnly: true });
      if (result.error) {
        const err = vm.dump(result.error) as { message?: string };
        result.error.dispose();
        fail(source, `syntax error: ${err?.message ?? String(err)}`);
      }
      result.value.dispose();
    } finally {
      vm.dispose();
    }
  } finally {
    runtime.dispose();
  }
}

/** One evaluation as the worker takes it, and its answer. */
interface Evaluation {
  source: string;
  names: string[];
  varsJson: string;
}
interface Answer {
  value?: unknown;
  reason?: string;
}

const pool = new DeadlinePool<Evaluation, Answer>({
  script: new URL('./javascriptWorker.mjs', import.meta.url),
  workerData: {
    limits: {
      timeMs: JAVASCRIPT_TIME_LIMIT_MS,
      memoryBytes: JAVASCRIPT_MEMORY_LIMIT_BYTES,
      stackBytes: JAVASCRIPT_STACK_LIMIT_BYTES,
    },
  },
  threads: JAVASCRIPT_THREADS,
  startMs: 30_000,
  maxQueue: 1000,
  what: 'javascript sandbox',
});

const LIMIT = {
  deadlineMs: JAVASCRIPT_TIME_LIMIT_MS + JAVASCRIPT_GRACE_MS,
  timeoutMessage: `took longer than ${JAVASCRIPT_TIME_LIMIT_MS}ms`,
};

/**
 * Runs `source` with `vars` as globals and resolves to its completion value (plain JSON data), or
 * rejects with an ExprError. It runs on a pool thread while this one goes on serving: QuickJS's
 * deadline interrupts scripts, but not a native builtin (a `repeat` near the memory cap can take
 * many seconds), so past the deadline plus a grace the thread is terminated and replaced.
 */
export async function evaluateJavaScript(source: string, vars: Record<string, unknown>): Promise<unknown> {
  const names = Object.keys(vars).filter((k) => IDENTIFIER.test(k));
  const varsJson = JSON.stringify(Object.fromEntries(names.map((k) => [k, vars[k]])));
  const answer = await pool.run({ source, names, varsJson }, LIMIT).catch((err: Error) => fail(source, err.message));
  if (answer.reason !== undefined) fail(source, answer.reason);
  return answer.value;
}

/** Stops the evaluation threads (server shutdown, tests); the next evaluation starts new ones. */
export function closeJavaScript(): Promise<void> {
  return pool.close();
}
