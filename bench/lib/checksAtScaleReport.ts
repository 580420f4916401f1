// What `checks --n` prints at its end (bench/lib/checksAtScale.ts): the steady minutes summed up
// and the top frames of the server's CPU profile.
import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ScaleOptions } from './checksAtScale.js';
import { topFrames } from './cpuProfile.js';
import { topAllocations } from './heapProfile.js';
import { quantile } from './stats.js';

/** What one minute of the run measured. */
export interface Minute {
  serverMs: number;
  backendMs: number;
  writersMs: number;
  arrivals: number;
  expected: number;
  busiest: number;
  spacing: number[];
  rssMiB: number;
  heapMiB: number;
  loopP99: number;
  loopMax: number;
  scrapeMs: number;
  /** Major garbage collections in the minute: how many, their seconds, how many over 100 ms. */
  majorGc: { count: number; seconds: number; over100ms: number; minor: number };
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Least-squares slope of values taken once a minute, per hour. */
function slope(ys: number[]): number {
  if (ys.length < 2) return 0;
  const mx = (ys.length - 1) / 2;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let num = 0;
  let den = 0;
  ys.forEach((y, x) => {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  });
  return (num / den) * 60;
}

export function summarize(steady: Minute[], o: ScaleOptions): void {
  if (steady.length === 0) return;
  const sum = (f: (m: Minute) => number) => steady.reduce((a, m) => a + f(m), 0);
  const runs = sum((m) => m.arrivals);
  const spacing = steady.flatMap((m) => m.spacing).sort((a, b) => a - b);
  const range = (f: (m: Minute) => number) =>
    `${Math.min(...steady.map(f)).toFixed(0)}-${Math.max(...steady.map(f)).toFixed(0)}`;
  console.log(
    `  ${o.n} checks @every ${o.intervalS}s, ${steady.length} steady minutes (after ${o.warmup} of warm-up):`,
  );
  const server = (sum((m) => m.serverMs) / runs).toFixed(3);
  console.log(
    o.db === 'embedded'
      ? `    CPU per run               server ${server} ms, the embedded database inside it included`
      : `    CPU per run               server ${server} ms, database ${(sum((m) => m.backendMs) / runs).toFixed(3)} ms (+ shared writers ${(sum((m) => m.writersMs) / runs).toFixed(3)} ms)`,
  );
  console.log(
    `    arrivals                  ${runs} of ${sum((m) => m.expected)} scheduled (${((100 * runs) / sum((m) => m.expected)).toFixed(2)}%)`,
  );
  console.log(
    `    lateness p50/p99/max      ${[0.5, 0.99, 1].map((q) => quantile(spacing, q).toFixed(0)).join(' / ')} ms (spacing between two runs of a check minus ${o.intervalS} s)`,
  );
  console.log(
    `    busiest second            ${Math.max(...steady.map((m) => m.busiest)).toFixed(2)}x the mean (worst minute)`,
  );
  console.log(
    `    event-loop delay          p99 ${Math.max(...steady.map((m) => m.loopP99)).toFixed(0)} ms, max ${Math.max(...steady.map((m) => m.loopMax)).toFixed(0)} ms (worst minute, from /metrics)`,
  );
  console.log(
    `    major GCs                 ${sum((m) => m.majorGc.count)} in ${steady.length} minutes, ${(sum((m) => m.majorGc.seconds) * 1000).toFixed(0)} ms in all, ${sum((m) => m.majorGc.over100ms)} over 100 ms (from /metrics); ${(sum((m) => m.majorGc.minor) / (steady.length * 60)).toFixed(1)} scavenges a second`,
  );
  console.log(
    `    GET /metrics              ${range((m) => m.scrapeMs)} ms per scrape (once a minute; ${o.scrapeAll ? "all of it, every check's series" : 'two families'})`,
  );
  if (o.gc) console.log(`    RSS / heap after GC       ${range((m) => m.rssMiB)} MiB / ${range((m) => m.heapMiB)} MiB`);
  else console.log(`    RSS                       ${range((m) => m.rssMiB)} MiB (from /proc, no forced GC)`);
  const first = steady[0] as Minute;
  const last = steady.at(-1) as Minute;
  console.log(
    `    RSS over time             ${first.rssMiB.toFixed(0)} MiB in the first steady minute, ${last.rssMiB.toFixed(0)} MiB in the last (${slope(steady.map((m) => m.rssMiB)).toFixed(0)} MiB per hour, least squares)`,
  );
  console.log(`    load average at the end   ${load()}`);
}

/** The top frames of the server's profile after start-up and warm-up (`skipMs` from its start). */
export function printProfile(dir: string, skipMs: number): void {
  const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  // thread 0 of the newest process: the main thread (the others are loader and worker threads)
  const latest = files
    .filter((f) => /\.0\.\d+\.cpuprofile$/.test(f))
    .sort()
    .at(-1);
  if (!latest) {
    console.log(`  no CPU profile in ${dir}`);
    return;
  }
  const { frames, totalMs, idleMs } = topFrames(path.join(dir, latest), 25, skipMs);
  console.log(
    `  CPU profile ${path.join(dir, latest)}: ${(totalMs / 1000).toFixed(1)} s sampled after warm-up, ${(idleMs / 1000).toFixed(1)} s idle; top frames by self time:`,
  );
  for (const f of frames) {
    console.log(
      `    ${f.selfMs.toFixed(0).padStart(7)} ms self ${f.totalMs.toFixed(0).padStart(8)} ms total  ${f.frame}`,
    );
  }
}

/** The sites that allocated what outlived the young generation after warm-up, in bytes per run. */
export function printHeapSample(file: string, runs: number): void {
  const perRun = (b: number) => (b / Math.max(1, runs)).toFixed(0).padStart(6);
  for (const by of ['selfBytes', 'totalBytes'] as const) {
    const { frames, totalBytes } = topAllocations(file, 25, by);
    console.log(
      `  promoted allocations (${file}): ${perRun(totalBytes).trim()} bytes per run in all; top sites by ${by === 'selfBytes' ? 'own' : "own and callees'"} bytes per run:`,
    );
    for (const f of frames) console.log(`    ${perRun(f.selfBytes)} self ${perRun(f.totalBytes)} total  ${f.frame}`);
  }
}

/** What the server's RSS is made of after two forced full GCs at the end of the steady minutes. */
export function printRssParts(memory: NodeJS.MemoryUsage | undefined): void {
  if (!memory) return;
  const mib = (b: number) => `${(b / 2 ** 20).toFixed(0)} MiB`;
  console.log(
    `    RSS after GC at the end   ${mib(memory.rss)}: JS heap ${mib(memory.heapUsed)} used of ${mib(memory.heapTotal)} committed, external ${mib(memory.external)} (array buffers ${mib(memory.arrayBuffers)}), the rest ${mib(memory.rss - memory.heapTotal - memory.external)} (code, native allocations, the embedded database)`,
  );
}
