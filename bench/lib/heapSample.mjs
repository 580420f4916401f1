// Loaded into the server under test by `checks --n N --heap-sample FILE` (`node --import`): on
// 'heap-sample:start' it starts V8's sampling heap profiler keeping only objects that survived a
// scavenge (those a minor GC collected are dropped), and on 'heap-sample:stop' writes the profile
// to the file named and answers. What is left is what the young generation promoted: the
// allocations that feed major GCs. With `snapshot` in the stop message it also writes a heap
// snapshot there (what is live, by constructor).
import { writeFileSync } from 'node:fs';
import inspector from 'node:inspector';
import v8 from 'node:v8';

const session = new inspector.Session();
session.connect();
const post = (method, params) =>
  new Promise((resolve, reject) => session.post(method, params, (e, r) => (e ? reject(e) : resolve(r))));

process.on('message', async (msg) => {
  if (msg?.heapSample === 'start') {
    await post('HeapProfiler.enable');
    await post('HeapProfiler.startSampling', {
      samplingInterval: 16384,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: false,
    });
  } else if (msg?.heapSample === 'stop') {
    const { profile } = await post('HeapProfiler.stopSampling');
    writeFileSync(msg.file, JSON.stringify(profile));
    if (msg.snapshot) v8.writeHeapSnapshot(msg.snapshot);
    process.send?.({ heapSampleWritten: msg.file });
  }
});
process.channel?.unref();
