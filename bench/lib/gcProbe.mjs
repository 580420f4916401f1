// Loaded into the server under test by the soak benchmark (`node --expose-gc --import`): on the
// message 'probe' from the benchmark it forces two full garbage collections and answers the
// process's memory and CPU, so the heap is measured after GC in the real server process.
import v8 from 'node:v8';

process.on('message', (msg) => {
  if (msg !== 'probe' || typeof globalThis.gc !== 'function') return;
  globalThis.gc();
  globalThis.gc();
  const heap = v8.getHeapStatistics();
  process.send?.({
    memory: process.memoryUsage(),
    usedHeap: heap.used_heap_size,
    cpu: process.cpuUsage(),
  });
});
process.channel?.unref();
