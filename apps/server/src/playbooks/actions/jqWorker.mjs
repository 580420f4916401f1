// The thread gitops patches run jq on (see jq.ts): jq 1.7 compiled to WebAssembly (jq-web), with
// no file system, network or environment of the server. Plain JavaScript so that it loads in any
// worker, whatever TypeScript loader the main thread uses.
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const jq = await require('jq-web');

/** jq's first error line without its `(at inputString:0)` position, which names no real file. */
function message(err) {
  const text = typeof err?.stderr === 'string' && err.stderr ? err.stderr : String(err?.message ?? err);
  const lines = text.split('\n').filter((l) => l.trim() && !/^jq: \d+ compile errors?$/.test(l));
  return lines.join('\n').replace(/^jq: error \(at [^)]*\): /, 'jq: ');
}

parentPort.on('message', ({ id, input, filter }) => {
  try {
    const out = jq.raw(input, filter, ['-c']);
    parentPort.postMessage({ id, out: typeof out === 'string' ? out : '' });
  } catch (err) {
    parentPort.postMessage({ id, error: message(err) });
  }
});
parentPort.postMessage({ ready: true });
