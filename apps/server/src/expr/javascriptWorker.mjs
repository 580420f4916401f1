// A thread `javascript:` expressions run on (see javascript.ts and threads/deadlinePool.ts). Plain JavaScript so that it
// loads in any worker, whatever TypeScript loader the main thread uses.
import { parentPort, workerData } from 'node:worker_threads';
import RELEASE_SYNC from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant, shouldInterruptAfterDeadline } from 'quickjs-emscripten-core';

const { limits } = workerData;
const quickjs = await newQuickJSWASMModuleFromVariant(RELEASE_SYNC);

/** Frees a handle; a failure to free never hides the script's own result. */
function dispose(handle) {
  try {
    handle.dispose();
  } catch {
    // reported through the evaluation's result
  }
}

/** `{value}` or `{reason}` of one evaluation with `varsJson` (an object of globals) set first. */
function evaluate(source, names, varsJson) {
  const runtime = quickjs.newRuntime();
  runtime.setMemoryLimit(limits.memoryBytes);
  runtime.setMaxStackSize(limits.stackBytes);
  runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + limits.timeMs));
  const vm = runtime.newContext();
  try {
    const assign = names.map((k) => `globalThis[${JSON.stringify(k)}] = v[${JSON.stringify(k)}];`).join(' ');
    const setup = vm.evalCode(`(function (v) { ${assign} })(${varsJson})`);
    if (setup.error) {
      dispose(setup.error);
      return { reason: 'the variables could not be passed to the script' };
    }
    dispose(setup.value);
    const result = vm.evalCode(source, 'expression.js');
    if (result.error) {
      const err = vm.dump(result.error);
      dispose(result.error);
      const message = typeof err === 'object' && err ? `${err.name ?? 'Error'}: ${err.message ?? ''}` : String(err);
      if (/interrupted/i.test(message)) return { reason: `took longer than ${limits.timeMs}ms` };
      if (/out of memory/i.test(message)) return { reason: `used more than ${limits.memoryBytes / 1024 / 1024}MiB` };
      if (/stack overflow/i.test(message)) {
        return { reason: `calls nested too deep (stack limit ${limits.stackBytes / 1024}KiB)` };
      }
      return { reason: message };
    }
    const value = vm.dump(result.value);
    dispose(result.value);
    return { value };
  } catch (err) {
    return { reason: `stopped by the host: ${err instanceof Error ? err.message : String(err)}` };
  } finally {
    dispose(vm);
    dispose(runtime);
  }
}

parentPort.on('message', ({ source, names, varsJson }) => {
  let out;
  try {
    out = evaluate(source, names, varsJson);
  } catch (err) {
    out = { reason: err instanceof Error ? err.message : String(err) };
  }
  // a value that cannot be cloned back (should not happen: dump gives plain data)
  try {
    parentPort.postMessage(out);
  } catch {
    parentPort.postMessage({ reason: 'the result is not plain data' });
  }
});
parentPort.postMessage({ ready: true });
