// A stand-in for a sandbox thread: answers `{value}` after spinning `spinMs` (a busy loop that
// ignores everything, like a runaway script or query).
import { parentPort } from 'node:worker_threads';

parentPort.on('message', ({ value, spinMs = 0 }) => {
  const until = Date.now() + spinMs;
  while (Date.now() < until) {
    // busy
  }
  parentPort.postMessage({ value });
});
parentPort.postMessage({ ready: true });
