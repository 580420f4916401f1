// What `checks --n` reads from the server under test: the event-loop delay and garbage
// collections it reports on /metrics, its memory (after forced GCs through bench/lib/gcProbe.mjs),
// and the end of its heap sampling (bench/lib/heapSample.mjs).
import path from 'node:path';
import { processRssMiB, type ServeProcess } from './serveProcess.js';

const MiB = 2 ** 20;

/** Major (mark-compact) collections so far, from the server's /metrics: count, seconds, and how many took over 100 ms. */
interface MajorGc {
  count: number;
  seconds: number;
  over100ms: number;
  /** Minor (scavenge) collections so far. */
  minor: number;
}

/**
 * The event-loop delay the server reports on /metrics (since its previous scrape), in ms, and its
 * major garbage collections so far.
 */
export async function loopDelay(
  url: string,
  all: boolean,
): Promise<{ p99: number; max: number; scrapeMs: number; mib: number; majorGc: MajorGc }> {
  const t0 = performance.now();
  // the two families read here, unless the run scrapes everything once a minute as Prometheus would
  const only = '?name[]=opsdeck_event_loop_delay_seconds&name[]=opsdeck_nodejs_gc_duration_seconds';
  const text = await (await fetch(`${url}/metrics${all ? '' : only}`)).text();
  const scrapeMs = performance.now() - t0;
  const read = (q: string) =>
    Number(new RegExp(`^opsdeck_event_loop_delay_seconds\\{quantile="${q}"\\} (\\S+)$`, 'm').exec(text)?.[1]) * 1000;
  const gc = (series: string, le?: string, kind = 'major') => {
    const line = text
      .split('\n')
      .find(
        (l) =>
          l.startsWith(`opsdeck_nodejs_gc_duration_seconds_${series}{`) &&
          l.includes(`kind="${kind}"`) &&
          (le === undefined || l.includes(`le="${le}"`)),
      );
    // no line before the first major collection
    return Number(line?.split(' ').at(-1) ?? 0);
  };
  const count = gc('count');
  const majorGc = {
    count,
    seconds: gc('sum'),
    over100ms: count - gc('bucket', '0.1'),
    minor: gc('count', undefined, 'minor'),
  };
  return { p99: read('0.99'), max: read('1'), scrapeMs, mib: text.length / MiB, majorGc };
}

/** Memory after two forced full GCs (bench/lib/gcProbe.mjs), or RSS as it stands without `gc`. */
export function probe(
  server: ServeProcess,
  gc: boolean,
): Promise<{ rss: number; heap: number; memory?: NodeJS.MemoryUsage }> {
  if (!gc) return Promise.resolve({ rss: processRssMiB(server.pid) * MiB, heap: Number.NaN });
  return new Promise((resolve, reject) => {
    const onMessage = (m: unknown) => {
      const p = m as { memory: NodeJS.MemoryUsage; usedHeap: number };
      resolve({ rss: p.memory.rss, heap: p.usedHeap, memory: p.memory });
    };
    server.child.once('message', onMessage);
    // a server that died does not answer: fail the run rather than wait for ever
    void server.exited.then((code) => {
      server.child.off('message', onMessage);
      reject(new Error(`the server exited with ${code}`));
    });
    server.child.send('probe');
  });
}

/** Stops the server's heap sampling (bench/lib/heapSample.mjs) once it has written `file`. */
export function stopHeapSample(server: ServeProcess, file: string, snapshot?: string): Promise<void> {
  return new Promise((resolve) => {
    const onMessage = (m: unknown) => {
      if ((m as { heapSampleWritten?: string }).heapSampleWritten !== file) return;
      server.child.off('message', onMessage);
      resolve();
    };
    server.child.on('message', onMessage);
    server.child.send({ heapSample: 'stop', file, snapshot: snapshot && path.resolve(snapshot) });
  });
}
