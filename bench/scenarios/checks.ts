// `npm run bench -- checks [--checks 2000,10000] [--interval 60] [--minutes 2.5] [--postgres URL] [--engine-only]`
// (`--n N`: the real server in its own process instead, bench/lib/checksAtScale.ts):
// schedules N HTTP canaries (one check each, `@every 60s`) on the real scheduler, runner and
// result writer against a target server in its own process, and prints runs per second, schedule
// jitter measured at the target (spacing between two requests of the same check minus the
// interval: p50/p99), CPU per check run (this process: scheduler, HTTP client, result writes and,
// on the embedded database, the database too), peak RSS overall and per phase, how the runs spread
// over the seconds of a minute, and how long after a restart (graceful stop, fresh scheduler on
// the same database) every check has run again. It prints figures; it never fails on time.
import { spawn } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'kysely';
import { systemClock } from '../../apps/server/src/clock.js';
import type { Db } from '../../apps/server/src/db/connection.js';
import { migrate } from '../../apps/server/src/db/migrate.js';
import { ResultWriter } from '../../apps/server/src/health/results.js';
import { CanaryRunner } from '../../apps/server/src/health/runner.js';
import { Scheduler } from '../../apps/server/src/health/scheduler.js';
import { runAtScale } from '../lib/checksAtScale.js';
import { scratchDataDir } from '../lib/embedded.js';
import { scratchPostgres } from '../lib/postgres.js';
import { COVERAGE_ROUTE, coveredAfterS, waitForCoverage } from '../lib/restartCoverage.js';
import { quantile } from '../lib/stats.js';
import { teardown } from '../lib/teardown.js';

// The target: a plain Node HTTP server in its own process, so its work is not counted as ours.
// It records when each check's path was requested and answers statistics over HTTP.
const TARGET = `
const http = require('node:http');
const hits = new Map();
const now = () => performance.timeOrigin + performance.now();
const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  if (url.pathname.startsWith('/c/')) {
    let list = hits.get(url.pathname); if (!list) { list = []; hits.set(url.pathname, list); }
    list.push(now()); res.writeHead(200, { 'content-type': 'text/plain' }); res.end('ok'); return;
  }
  const from = Number(url.searchParams.get('from') || 0), to = Number(url.searchParams.get('to') || Infinity);
  const interval = Number(url.searchParams.get('interval') || 60000);
  const slots = Math.max(1, Math.round(interval / 1000));
  if (url.pathname === '/stats') {
    const spacing = []; const perSecond = new Array(slots).fill(0); let total = 0;
    for (const list of hits.values()) {
      let prev;
      for (const t of list) {
        if (t < from || t >= to) { prev = undefined; continue; }
        total++; perSecond[Math.floor(t / 1000) % slots]++;
        if (prev !== undefined) spacing.push(t - prev - interval);
        prev = t;
      }
    }
    res.end(JSON.stringify({ total, spacing, perSecond })); return;
  }
${COVERAGE_ROUTE}
  res.writeHead(404).end();
});
server.keepAliveTimeout = 120000;
server.listen(0, '127.0.0.1', () => console.log(String(server.address().port)));
`;

async function startTarget(): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, ['-e', TARGET], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim()));
    child.once('exit', (code) => reject(new Error(`target exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

async function getJson<T>(url: string): Promise<T> {
  return (await (await fetch(url)).json()) as T;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Stands in for the check runner with `--engine-only`: what the engine itself costs per run. */
const noopExecute = async () => ({
  pass: true,
  invalid: false,
  message: 'ok',
  duration: 1,
  data: {},
  metrics: [],
  attempts: 1,
});

function engine(db: Db) {
  const writer = new ResultWriter(db, { onError: (err) => console.error('  write failed:', (err as Error).message) });
  const runner = new CanaryRunner({ clock: systemClock, db, writer });
  const scheduler = new Scheduler({ db, runner, clock: systemClock, syncMs: 30_000 });
  return {
    async start() {
      writer.start();
      await scheduler.start();
    },
    async stop() {
      await scheduler.stop();
      await runner.idle();
      await writer.stop();
    },
  };
}

async function createCanaries(db: Db, n: number, intervalS: number, targetUrl: string): Promise<void> {
  await sql`
    insert into canaries (name, namespace, source, spec)
    select 'bench-' || g, 'bench', 'UI',
           jsonb_build_object('schedule', ${`@every ${intervalS}s`}::text,
                              'http', jsonb_build_array(jsonb_build_object('name', 'c' || g, 'url', ${`${targetUrl}/c/`}::text || g)))
    from generate_series(1, ${n}::int) g`.execute(db.kysely);
  await sql`
    insert into checks (canary_id, type, name, spec)
    select id, 'http', spec->'http'->0->>'name', spec->'http'->0 from canaries where namespace = 'bench'`.execute(
    db.kysely,
  );
}

interface Figures {
  engine: string;
  checks: number;
  intervalS: number;
  runsPerSecond: number;
  jitterP50: number;
  jitterP99: number;
  jitterAbsP99: number;
  cpuMsPerRun: number;
  peakRssMiB: number;
  busiestSecondShare: number;
  loopDelayP99: number;
  loopDelayMax: number;
  heapMiB: number;
  outsideHeapMiB: number;
  quietestSecondShare: number;
  restartCoverageS: number;
  restartCovered: number;
  phases: PhaseMemory[];
}

/** Peak memory seen during one phase of a run (sampled every 250 ms). */
interface PhaseMemory {
  name: string;
  peakRssMiB: number;
  /** The embedded database's WebAssembly memory at the end of the phase (it never shrinks). */
  wasmMiB: number;
}

/** Samples RSS per phase, so a peak can be put down to canary creation, the first sync, steady state or the restart. */
function memoryTracer(db: Db) {
  const phases: PhaseMemory[] = [];
  const wasm = () => {
    const mod = (db.pglite as unknown as { mod?: { HEAPU8?: Uint8Array } } | undefined)?.mod;
    return (mod?.HEAPU8?.length ?? 0) / 2 ** 20;
  };
  let current: PhaseMemory | undefined;
  const sample = () => {
    if (current) current.peakRssMiB = Math.max(current.peakRssMiB, process.memoryUsage.rss() / 2 ** 20);
  };
  const timer = setInterval(sample, 250);
  return {
    phases,
    phase(name: string) {
      sample();
      if (current) current.wasmMiB = wasm();
      current = { name, peakRssMiB: 0, wasmMiB: 0 };
      phases.push(current);
      sample();
    },
    stop() {
      clearInterval(timer);
      sample();
      if (current) current.wasmMiB = wasm();
    },
  };
}

async function runOn(label: string, db: Db, n: number, intervalS: number, minutes: number): Promise<Figures> {
  await migrate(db);
  const target = await startTarget();
  const memory = memoryTracer(db);
  try {
    memory.phase('create');
    const t0 = performance.now();
    await createCanaries(db, n, intervalS, target.url);
    console.log(`  ${label}: ${n} canaries created in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    let e1: ReturnType<typeof engine> | undefined = engine(db);
    memory.phase('first sync');
    await e1.start();
    memory.phase('first interval');
    // steady state: skip the first interval (the jittered first runs), then measure
    const interval = intervalS * 1000;
    await sleep(interval);
    const from = performance.timeOrigin + performance.now();
    const cpu0 = process.cpuUsage();
    memory.phase('steady');
    // whole intervals, so every second of the interval is counted equally often
    const measureMs = Math.max(1, Math.round((minutes * 60_000 - interval) / interval)) * interval;
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    await sleep(measureMs);
    const cpu = process.cpuUsage(cpu0);
    loop.disable();
    const mem = process.memoryUsage();
    const to = performance.timeOrigin + performance.now();
    const stats = await getJson<{ total: number; spacing: number[]; perSecond: number[] }>(
      `${target.url}/stats?from=${from}&to=${to}&interval=${interval}`,
    );
    const spacing = stats.spacing.sort((a, b) => a - b);
    const abs = stats.spacing.map(Math.abs).sort((a, b) => a - b);
    const perSecondMean = stats.perSecond.reduce((a, b) => a + b, 0) / stats.perSecond.length;

    // restart: graceful stop, a short outage, a fresh scheduler on the same database
    memory.phase('restart');
    await e1.stop();
    e1 = undefined; // a restarted server starts without the old engine's memory
    await sleep(5000);
    const restartAt = performance.timeOrigin + performance.now();
    const e2 = engine(db);
    await e2.start();
    const coverage = await waitForCoverage(target.url, {
      n,
      startedAt: restartAt,
      intervalMs: interval,
      deadline: Date.now() + 2 * interval + 10_000,
    });
    await e2.stop();
    memory.stop();
    return {
      engine: label,
      checks: n,
      intervalS,
      runsPerSecond: stats.total / ((to - from) / 1000),
      jitterP50: quantile(spacing, 0.5),
      jitterP99: quantile(spacing, 0.99),
      jitterAbsP99: quantile(abs, 0.99),
      cpuMsPerRun: (cpu.user + cpu.system) / 1000 / Math.max(1, stats.total),
      peakRssMiB: Math.max(...memory.phases.map((p) => p.peakRssMiB), process.resourceUsage().maxRSS / 1024),
      heapMiB: mem.heapUsed / 2 ** 20,
      outsideHeapMiB: (mem.rss - mem.heapTotal) / 2 ** 20,
      loopDelayP99: loop.percentile(99) / 1e6,
      loopDelayMax: loop.max / 1e6,
      busiestSecondShare: Math.max(...stats.perSecond) / perSecondMean,
      quietestSecondShare: Math.min(...stats.perSecond) / perSecondMean,
      restartCoverageS: coveredAfterS(coverage, n, 1),
      restartCovered: coverage.covered,
      phases: memory.phases,
    };
  } finally {
    memory.stop();
    target.stop();
  }
}

/**
 * `--engine-only`: the same canaries with the check runner replaced by a no-op, so the CPU per
 * run is the engine's own (scheduler, claims, result and job history writes, the database when
 * embedded) without the HTTP client's.
 */
async function engineOnly(label: string, db: Db, n: number, intervalS: number, minutes: number): Promise<void> {
  await migrate(db);
  await createCanaries(db, n, intervalS, 'http://127.0.0.1:9');
  let runs = 0;
  const writer = new ResultWriter(db);
  const runner = new CanaryRunner({
    clock: systemClock,
    db,
    writer,
    execute: async () => {
      runs++;
      return noopExecute();
    },
  });
  const scheduler = new Scheduler({ db, runner, clock: systemClock, syncMs: 30_000 });
  writer.start();
  await scheduler.start();
  await sleep(intervalS * 1000);
  const r0 = runs;
  const c0 = process.cpuUsage();
  const seconds = Math.max(intervalS, minutes * 60 - intervalS);
  await sleep(seconds * 1000);
  const cpu = process.cpuUsage(c0);
  await scheduler.stop();
  await writer.stop();
  const done = runs - r0;
  console.log(`  ${label}, ${n} checks, engine only (no-op runner):`);
  console.log(`    runs per second           ${(done / seconds).toFixed(1)} (ideal ${(n / intervalS).toFixed(1)})`);
  console.log(`    engine CPU per check run  ${((cpu.user + cpu.system) / 1000 / Math.max(1, done)).toFixed(3)} ms`);
}

function flag(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
}

function print(f: Figures): void {
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log(`  ${f.engine}, ${f.checks} checks:`);
  console.log(
    `    runs per second           ${f.runsPerSecond.toFixed(1)} (ideal ${(f.checks / f.intervalS).toFixed(1)})`,
  );
  console.log(
    `    jitter p50 / p99          ${ms(f.jitterP50)} / ${ms(f.jitterP99)} (|jitter| p99 ${ms(f.jitterAbsP99)})`,
  );
  console.log(`    CPU per check run         ${f.cpuMsPerRun.toFixed(3)} ms`);
  console.log(`    event loop delay p99/max  ${ms(f.loopDelayP99)} / ${ms(f.loopDelayMax)}`);
  console.log(
    `    peak RSS                  ${f.peakRssMiB.toFixed(0)} MiB (at the end: JS heap ${f.heapMiB.toFixed(0)} MiB, outside the JS heap, mostly the embedded database, ${f.outsideHeapMiB.toFixed(0)} MiB)`,
  );
  const wasm = f.phases.some((p) => p.wasmMiB > 0);
  console.log(
    `    peak RSS by phase         ${f.phases.map((p) => `${p.name} ${p.peakRssMiB.toFixed(0)}${wasm ? ` (db ${p.wasmMiB.toFixed(0)})` : ''}`).join(', ')} MiB`,
  );
  console.log(
    `    spread over the interval  busiest second ${f.busiestSecondShare.toFixed(2)}x the mean, quietest ${f.quietestSecondShare.toFixed(2)}x`,
  );
  console.log(
    `    after a restart           ${Number.isNaN(f.restartCoverageS) ? `only ${f.restartCovered}/${f.checks} ran again` : `every check ran again within ${f.restartCoverageS.toFixed(1)} s`}`,
  );
}

export async function run(argv: string[]): Promise<void> {
  // `--n N`: the real server in its own process, on PostgreSQL
  if (flag(argv, 'n')) return runAtScale(argv);
  const sizes = (flag(argv, 'checks') ?? '2000,10000').split(',').map(Number);
  const intervalS = Number(flag(argv, 'interval') ?? 60);
  const minutes = Number(flag(argv, 'minutes') ?? 2.5);
  const postgres = flag(argv, 'postgres');
  const only = argv.includes('--engine-only');
  console.log(
    `checks: HTTP canaries @every ${intervalS}s, ${minutes} min each (${postgres ? 'PostgreSQL' : 'embedded database'})`,
  );
  for (const n of sizes) {
    // Ctrl-C or an error drops the scratch database or data dir (the target child dies with the group)
    const down = teardown();
    try {
      if (postgres) {
        const scratch = await scratchPostgres(postgres);
        if (!scratch) return;
        down.add(() => scratch.drop());
        if (only) await engineOnly('postgres', scratch.db, n, intervalS, minutes);
        else print(await runOn('postgres', scratch.db, n, intervalS, minutes));
      } else {
        // as a server does after its first start: the data dir exists (initdb alone peaks near 1 GB)
        const scratch = await scratchDataDir(down);
        const db = await scratch.open();
        down.add(() => db.close());
        if (only) await engineOnly('embedded', db, n, intervalS, minutes);
        else print(await runOn('embedded', db, n, intervalS, minutes));
      }
    } finally {
      await down.run();
    }
  }
}
