// `npm run bench -- checks --n N [--per-canary 100] [--interval 60] [--minutes 10] [--warmup 2]
//  [--postgres URL] [--cpu-prof DIR] [--no-gc]`: the real server (`opsdeck serve`, in its own
// process) with N HTTP checks in canaries of `per-canary` against a loopback peer in another
// process, on a scratch PostgreSQL database. Every minute: server and database CPU per run apart
// (from /proc: the server process, the backends of the scratch database, PostgreSQL's shared
// writers), arrivals against the schedule, lateness (a check's spacing minus the interval),
// the busiest second against the mean, RSS and the JS heap after forced full GCs (`--no-gc`
// skips them: they stall the loop they measure), the event-loop delay p99/max from /metrics,
// and the load average.
import { mkdirSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/connection.js';
import { migrate } from '../../apps/server/src/db/migrate.js';
import { topFrames } from './cpuProfile.js';
import { scratchPostgres } from './postgres.js';
import { processCpuMs, type ServeProcess, startServe } from './serveProcess.js';
import { startSoakTarget } from './soakTarget.js';
import { quantile } from './stats.js';

export interface ScaleOptions {
  n: number;
  perCanary: number;
  intervalS: number;
  minutes: number;
  warmup: number;
  postgres: string;
  cpuProf?: string;
  gc: boolean;
}

interface Minute {
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
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const MiB = 2 ** 20;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function seed(db: Db, n: number, perCanary: number, intervalS: number, target: string): Promise<void> {
  await migrate(db);
  await sql`
    insert into canaries (name, namespace, source, spec)
    select 'scale-' || c, 'bench', 'UI', jsonb_build_object(
      'schedule', ${`@every ${intervalS}s`}::text,
      'http', (select jsonb_agg(jsonb_build_object('name', 'c' || k, 'url', ${`${target}/c/`}::text || c || '-' || k))
               from generate_series(1, least(${perCanary}::int, ${n}::int - (c - 1) * ${perCanary}::int)) k))
    from generate_series(1, ceil(${n}::numeric / ${perCanary}::int)::int) c`.execute(db.kysely);
  await sql`
    insert into checks (canary_id, type, name, spec)
    select c.id, 'http', e->>'name', e from canaries c, jsonb_array_elements(c.spec->'http') e
    where c.namespace = 'bench'`.execute(db.kysely);
}

/**
 * PostgreSQL's CPU from /proc: the backends serving the scratch database (the server's pool) and
 * the writers every database shares (checkpointer, background writer, WAL writer), in ms since
 * the previous call. A backend that appeared since counts from zero.
 */
function databaseCpu(db: Db) {
  const last = new Map<number, number>();
  return async (): Promise<{ backends: number; writers: number }> => {
    const { rows } = await sql<{ pid: number; shared: boolean }>`
      select pid, datname is null as shared from pg_stat_activity
      where pid <> pg_backend_pid()
        and (datname = current_database() or backend_type in ('checkpointer', 'background writer', 'walwriter'))`.execute(
      db.kysely,
    );
    const out = { backends: 0, writers: 0 };
    for (const { pid, shared } of rows) {
      const ms = processCpuMs(pid);
      const delta = ms - (last.get(pid) ?? 0);
      last.set(pid, ms);
      if (shared) out.writers += delta;
      else out.backends += delta;
    }
    return out;
  };
}

/** The event-loop delay the server reports on /metrics (since its previous scrape), in ms. */
async function loopDelay(url: string): Promise<{ p99: number; max: number; scrapeMs: number; mib: number }> {
  const t0 = performance.now();
  const text = await (await fetch(`${url}/metrics`)).text();
  const scrapeMs = performance.now() - t0;
  const read = (q: string) =>
    Number(new RegExp(`^opsdeck_event_loop_delay_seconds\\{quantile="${q}"\\} (\\S+)$`, 'm').exec(text)?.[1]) * 1000;
  return { p99: read('0.99'), max: read('1'), scrapeMs, mib: text.length / MiB };
}

/** Memory after two forced full GCs (bench/lib/gcProbe.mjs), or as it stands without `gc`. */
function probe(server: ServeProcess, gc: boolean): Promise<{ rss: number; heap: number }> {
  if (!gc) return Promise.resolve({ rss: Number.NaN, heap: Number.NaN });
  return new Promise((resolve) => {
    server.child.once('message', (m) => {
      const p = m as { memory: NodeJS.MemoryUsage; usedHeap: number };
      resolve({ rss: p.memory.rss, heap: p.usedHeap });
    });
    server.child.send('probe');
  });
}

/** `checks --n N ...`: the options of the scenario's server mode (defaults in the header comment). */
export function runAtScale(argv: string[]): Promise<void> {
  const flag = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  return checksAtScale({
    n: Number(flag('n')),
    perCanary: Number(flag('per-canary') ?? 100),
    intervalS: Number(flag('interval') ?? 60),
    minutes: Number(flag('minutes') ?? 10),
    warmup: Number(flag('warmup') ?? 2),
    postgres: flag('postgres') ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    cpuProf: flag('cpu-prof'),
    gc: !argv.includes('--no-gc'),
  });
}

export async function checksAtScale(o: ScaleOptions): Promise<void> {
  const scratch = await scratchPostgres(o.postgres, 4);
  if (!scratch) return;
  const target = await startSoakTarget();
  const interval = o.intervalS * 1000;
  let server: ServeProcess | undefined;
  let profileFrom = 0;
  try {
    const t0 = performance.now();
    await seed(scratch.db, o.n, o.perCanary, o.intervalS, target.url);
    console.log(
      `  ${o.n} checks in canaries of ${o.perCanary} seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const nodeArgs = ['--expose-gc', '--import', path.resolve(import.meta.dirname, 'gcProbe.mjs')];
    if (o.cpuProf) {
      mkdirSync(o.cpuProf, { recursive: true });
      nodeArgs.push('--cpu-prof', '--cpu-prof-dir', path.resolve(o.cpuProf));
    }
    console.log(`  load average at the start ${load()}`);
    const spawnedAt = Date.now();
    server = await startServe(scratch.url, 'all', {}, { nodeArgs, ipc: true });
    const dbCpu = databaseCpu(scratch.db);
    await dbCpu();
    await loopDelay(server.url);
    let cpu = processCpuMs(server.pid);
    let from = Date.now();
    profileFrom = from - spawnedAt + o.warmup * 60_000;
    const rows: Minute[] = [];
    console.log(
      '  min   server/run  db/run (shared)   arrivals/expected  busiest  late p50/p99/max ms     loop p99/max ms  RSS   heap  load',
    );
    for (let m = 1; m <= o.minutes; m++) {
      await sleep(from + 60_000 - Date.now());
      const to = Date.now();
      const [stats, db, loop] = await Promise.all([target.stats(from, to, interval), dbCpu(), loopDelay(server.url)]);
      const now = processCpuMs(server.pid);
      const mem = await probe(server, o.gc);
      const mean = stats.perSecond.reduce((a, b) => a + b, 0) / Math.max(1, stats.perSecond.length);
      const row: Minute = {
        serverMs: now - cpu,
        backendMs: db.backends,
        writersMs: db.writers,
        arrivals: stats.total,
        expected: Math.round((o.n * (to - from)) / interval),
        busiest: mean ? Math.max(...stats.perSecond) / mean : Number.NaN,
        spacing: stats.spacing.sort((a, b) => a - b),
        rssMiB: mem.rss / MiB,
        heapMiB: mem.heap / MiB,
        loopP99: loop.p99,
        loopMax: loop.max,
        scrapeMs: loop.scrapeMs,
      };
      rows.push(row);
      cpu = processCpuMs(server.pid);
      from = to;
      const per = (ms: number) => (ms / Math.max(1, row.arrivals)).toFixed(3);
      const late = [0.5, 0.99, 1].map((q) => quantile(row.spacing, q).toFixed(0)).join('/');
      console.log(
        `  ${String(m).padStart(3)}${m <= o.warmup ? '*' : ' '} ${per(row.serverMs).padStart(8)} ms  ${per(row.backendMs).padStart(6)} (${per(row.writersMs)}) ms  ${String(row.arrivals).padStart(8)}/${String(row.expected).padEnd(8)}  ${row.busiest.toFixed(2).padStart(5)}x  ${late.padEnd(20)}  ${row.loopP99.toFixed(0).padStart(5)}/${row.loopMax.toFixed(0).padEnd(6)}  ${row.rssMiB.toFixed(0).padStart(5)} ${row.heapMiB.toFixed(0).padStart(5)}  ${load()}`,
      );
    }
    summarize(rows.slice(o.warmup), o);
  } finally {
    const code = await server?.stop();
    if (server && code !== 0) console.log(`  the server exited with ${code}`);
    target.stop();
    await scratch.drop();
  }
  if (o.cpuProf) printProfile(o.cpuProf, profileFrom);
}

function summarize(steady: Minute[], o: ScaleOptions): void {
  if (steady.length === 0) return;
  const sum = (f: (m: Minute) => number) => steady.reduce((a, m) => a + f(m), 0);
  const runs = sum((m) => m.arrivals);
  const spacing = steady.flatMap((m) => m.spacing).sort((a, b) => a - b);
  const range = (f: (m: Minute) => number) =>
    `${Math.min(...steady.map(f)).toFixed(0)}-${Math.max(...steady.map(f)).toFixed(0)}`;
  console.log(
    `  ${o.n} checks @every ${o.intervalS}s, ${steady.length} steady minutes (after ${o.warmup} of warm-up):`,
  );
  console.log(
    `    CPU per run               server ${(sum((m) => m.serverMs) / runs).toFixed(3)} ms, database ${(sum((m) => m.backendMs) / runs).toFixed(3)} ms (+ shared writers ${(sum((m) => m.writersMs) / runs).toFixed(3)} ms)`,
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
    `    GET /metrics              ${range((m) => m.scrapeMs)} ms per scrape (the bench reads it once a minute)`,
  );
  if (o.gc) console.log(`    RSS / heap after GC       ${range((m) => m.rssMiB)} MiB / ${range((m) => m.heapMiB)} MiB`);
  console.log(`    load average at the end   ${load()}`);
}

/** The top frames of the server's profile after start-up and warm-up (`skipMs` from its start). */
function printProfile(dir: string, skipMs: number): void {
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
