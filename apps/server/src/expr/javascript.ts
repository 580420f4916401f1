import RELEASE_SYNC from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant, shouldInterruptAfterDeadline } from 'quickjs-emscripten-core';
import { ExprError } from './errors.js';

/**
 * `javascript:` expressions, as canary-checker runs them (its otto engine): the script's last
 * expression is the result, and the check's variables are globals. They run in QuickJS compiled to
 * WebAssembly, a separate heap with no host objects at all (no require, process, fs or network),
 * a fresh runtime per evaluation, a memory cap and a deadline. Variables go in as JSON, so
 * timestamps arrive as ISO text and durations as Go text (`1h2m3s`).
 */

/** Limits of one evaluation. */
export const JAVASCRIPT_TIME_LIMIT_MS = 1000;
export const JAVASCRIPT_MEMORY_LIMIT_BYTES = 32 * 1024 * 1024;

// The WebAssembly module is compiled once per process (about 1 MB, from the installed package).
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

/** Runs `source` with `vars` as globals and returns its completion value (plain JSON data). */
export function evaluateJavaScript(source: string, vars: Record<string, unknown>): unknown {
  const runtime = quickjs.newRuntime();
  runtime.setMemoryLimit(JAVASCRIPT_MEMORY_LIMIT_BYTES);
  runtime.setMaxStackSize(1024 * 1024);
  runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + JAVASCRIPT_TIME_LIMIT_MS));
  const vm = runtime.newContext();
  try {
    const names = Object.keys(vars).filter((k) => IDENTIFIER.test(k));
    const prelude = `(function (v) { ${names.map((k) => `globalThis[${JSON.stringify(k)}] = v[${JSON.stringify(k)}];`).join(' ')} })`;
    const setup = vm.evalCode(`${prelude}(${JSON.stringify(Object.fromEntries(names.map((k) => [k, vars[k]])))})`);
    if (setup.error) {
      setup.error.dispose();
      fail(source, 'the variables could not be passed to the script');
    }
    setup.value.dispose();
    const result = vm.evalCode(source, 'expression.js');
    if (result.error) {
      const err = vm.dump(result.error) as { name?: string; message?: string } | string;
      result.error.dispose();
      const message = typeof err === 'object' && err ? `${err.name ?? 'Error'}: ${err.message ?? ''}` : String(err);
      if (/interrupted/i.test(message)) fail(source, `took longer than ${JAVASCRIPT_TIME_LIMIT_MS}ms`);
      if (/out of memory/i.test(message))
        fail(source, `used more than ${JAVASCRIPT_MEMORY_LIMIT_BYTES / 1024 / 1024}MiB`);
      fail(source, message);
    }
    const value = vm.dump(result.value) as unknown;
    result.value.dispose();
    return value;
  } finally {
    vm.dispose();
    runtime.dispose();
  }
}
