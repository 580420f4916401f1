// `npm run bench -- metrics-scrape [--checks 100000] [--runs 3]`: one GET /metrics worth of
// rendering with N checks counted, as OpsDeck kept them before (prom-client's Gauge, Counter and
// Histogram per family, the registry's text at once) and as it keeps them now (one record per
// check, the text streamed in slices, src/system/exposition.ts), in the same process one after the
// other. Per scrape: wall time, CPU time, how long the event loop was held (gaps between turns
// of a setImmediate ticker: p99 and max), MiB of text, and the heap the series take. Figures only.
import os from 'node:os';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { type CheckLabels, CheckSeries } from '../../apps/server/src/health/checkSeries.js';
import { exposition } from '../../apps/server/src/system/exposition.js';
import { quantile } from '../lib/stats.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const MiB = 2 ** 20;
const gc = () => (globalThis as { gc?: () => void }).gc?.();

function labels(i: number): CheckLabels {
  return {
    key: `0193a0c4-7d1e-7b8a-9c1f-${String(i).padStart(12, '0')}`,
    name: `c${i % 100}`,
    canary_name: `scale-${Math.floor(i / 100)}`,
    canary_namespace: 'bench',
    type: 'http',
  };
}

/** The families as prom-client metrics, as metrics.ts kept them before. */
function promClientRegistry(n: number): Registry {
  const registry = new Registry();
  const labelNames = ['key', 'name', 'canary_name', 'canary_namespace', 'type'];
  const registers = [registry];
  const g = (name: string) => new Gauge({ name, help: name, labelNames, registers });
  const c = (name: string) => new Counter({ name, help: name, labelNames, registers });
  const [status, count, success, failed] = [
    g('canary_check'),
    c('canary_check_count'),
    c('canary_check_success_count'),
    c('canary_check_failed_count'),
  ];
  c('canary_check_error_count');
  c('canary_check_invalid_count');
  const duration = new Histogram({
    name: 'canary_check_duration',
    help: 'd',
    labelNames,
    buckets: [10, 50, 100, 500, 1000, 5000, 30000],
    registers,
  });
  const info = g('canary_check_info');
  for (let i = 0; i < n; i++) {
    const l = labels(i);
    const pass = i % 10 !== 0;
    info.set(l, 1);
    status?.set(l, pass ? 0 : 1);
    count?.inc(l);
    (pass ? success : failed)?.inc(l);
    duration.observe(l, i % 700);
  }
  return registry;
}

function checkSeriesRegistry(n: number): Registry {
  const registry = new Registry();
  const series = new CheckSeries(registry);
  for (let i = 0; i < n; i++) series.observe(labels(i).key, labels(i), { pass: i % 10 !== 0, duration: i % 700 });
  return registry;
}

async function measure(render: () => Promise<number>) {
  let last = performance.now();
  let held = 0;
  const gaps: number[] = [];
  let ticking = true;
  const tick = () => {
    const now = performance.now();
    held = Math.max(held, now - last);
    gaps.push(now - last);
    last = now;
    if (ticking) setImmediate(tick);
  };
  setImmediate(tick);
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  const bytes = await render();
  const wall = performance.now() - t0;
  const used = process.cpuUsage(cpu);
  ticking = false;
  held = Math.max(held, performance.now() - last);
  const p99 = quantile(
    gaps.sort((a, b) => a - b),
    0.99,
  );
  return { wall, cpu: (used.user + used.system) / 1000, held, p99, mib: bytes / MiB };
}

export async function run(): Promise<void> {
  const n = arg('checks', 100_000);
  const runs = arg('runs', 3);
  console.log(`  /metrics with ${n} checks, ${runs} scrapes each (load average at the start ${load()})`);
  const rows: [string, () => Registry, (r: Registry) => Promise<number>][] = [
    ['before: prom-client, text at once', () => promClientRegistry(n), async (r) => (await r.metrics()).length],
    [
      'now: one record per check, streamed',
      () => checkSeriesRegistry(n),
      async (r) => {
        const out = await exposition(r);
        let bytes = 0;
        for await (const chunk of out as AsyncIterable<string>) bytes += chunk.length;
        return bytes;
      },
    ],
  ];
  for (const [name, build, render] of rows) {
    gc();
    const heap0 = process.memoryUsage().heapUsed;
    const registry = build();
    gc();
    const heap = (process.memoryUsage().heapUsed - heap0) / MiB;
    console.log(`  ${name} (series heap ${heap.toFixed(0)} MiB)`);
    for (let i = 0; i < runs; i++) {
      const m = await measure(() => render(registry));
      console.log(
        `    scrape ${i + 1}: wall ${m.wall.toFixed(0)} ms, CPU ${m.cpu.toFixed(0)} ms, loop held p99 ${m.p99.toFixed(1)} / max ${m.held.toFixed(1)} ms, ${m.mib.toFixed(0)} MiB   load ${load()}`,
      );
    }
  }
}
