import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import RELEASE_SYNC from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant } from 'quickjs-emscripten-core';
import { ExprError } from './errors.js';

/**
 * `javascript:` expressions, as canary-checker runs them (its otto engine): the script's last
 * expression is the result, and the check's variables are globals. They run in QuickJS compiled to
 * WebAssembly, a separate heap with no host objects at all (no require, process, fs or network),
 * a fresh runtime per evaluation, a memory cap, a stack limit and a deadline, on a worker thread
 * (javascriptWorker.mjs) that is replaced when it overruns. Variables go in as JSON, so
 * timestamps arrive as ISO text and durations as Go text (`1h2m3s`). The thread starts at the
 * first evaluation (the caller waits for QuickJS to load there, once).
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
/** How long starting the evaluation thread (loading QuickJS) may take. */
const WORKER_START_MS = 10_000;

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

/** The evaluation thread: a warm QuickJS, answering on `port` and waking us through `flag`. */
interface Evaluator {
  worker: Worker;
  port: MessagePort;
  flag: Int32Array;
}

let evaluator: Evaluator | undefined;

/** The evaluation thread, started (and waited for) when there is none. */
function evaluatorThread(): Evaluator {
  if (evaluator) return evaluator;
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  const limits = {
    timeMs: JAVASCRIPT_TIME_LIMIT_MS,
    memoryBytes: JAVASCRIPT_MEMORY_LIMIT_BYTES,
    stackBytes: JAVASCRIPT_STACK_LIMIT_BYTES,
  };
  const worker = new Worker(new URL('./javascriptWorker.mjs', import.meta.url), {
    workerData: { flag, port: port2, limits },
    transferList: [port2],
  });
  worker.unref();
  port1.unref();
  const started = Atomics.wait(flag, 0, 0, WORKER_START_MS);
  const ready = receiveMessageOnPort(port1)?.message as { ready?: boolean } | undefined;
  if (started === 'timed-out' || !ready?.ready) {
    void worker.terminate();
    throw new Error(`the javascript sandbox did not start within ${WORKER_START_MS}ms`);
  }
  worker.once('exit', () => {
    if (evaluator?.worker === worker) evaluator = undefined;
  });
  evaluator = { worker, port: port1, flag };
  return evaluator;
}

/**
 * Runs `source` with `vars` as globals and returns its completion value (plain JSON data). It runs
 * on a worker thread while this one waits, synchronously as expressions are evaluated: QuickJS's
 * deadline interrupts scripts, but not a native builtin (a `repeat` near the memory cap can take
 * many seconds), so past the deadline plus a grace the thread is terminated and a new one started
 * for the next evaluation; the caller never waits longer than that.
 */
export function evaluateJavaScript(source: string, vars: Record<string, unknown>): unknown {
  let thread: Evaluator;
  try {
    thread = evaluatorThread();
  } catch (err) {
    fail(source, (err as Error).message);
  }
  const names = Object.keys(vars).filter((k) => IDENTIFIER.test(k));
  const varsJson = JSON.stringify(Object.fromEntries(names.map((k) => [k, vars[k]])));
  Atomics.store(thread.flag, 0, 0);
  thread.worker.postMessage({ source, names, varsJson });
  const waited = Atomics.wait(thread.flag, 0, 0, JAVASCRIPT_TIME_LIMIT_MS + JAVASCRIPT_GRACE_MS);
  const answer = receiveMessageOnPort(thread.port)?.message as { value?: unknown; reason?: string } | undefined;
  if (waited === 'timed-out' || !answer) {
    evaluator = undefined;
    void thread.worker.terminate();
    fail(source, `took longer than ${JAVASCRIPT_TIME_LIMIT_MS}ms`);
  }
  if (answer.reason !== undefined) fail(source, answer.reason);
  return answer.value;
}
