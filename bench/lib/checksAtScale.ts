// `npm run bench -- checks --n N [--per-canary 100] [--interval 60] [--minutes 10] [--warmup 2]
//  [--db postgres|embedded] [--postgres URL] [--restart] [--cpu-prof DIR] [--heap-sample FILE [--heap-snapshot FILE]] [--scrape-all] [--no-gc]`: the real
// server (`opsdeck serve`, in its own process) with N HTTP checks in canaries of `per-canary`
// against a loopback peer in another process, on a scratch PostgreSQL database or (`--db
// embedded`) a scratch embedded data directory. Every minute: server and database CPU per run
// apart (from /proc: the server process, the backends of the scratch database, PostgreSQL's
// shared writers; the embedded database runs inside the server process and is counted there),
// arrivals against the schedule, lateness (a check's spacing minus the interval), the busiest
// second against the mean, RSS and the JS heap after forced full GCs (`--no-gc` skips them: they
// stall the loop they measure; RSS then comes from /proc), the event-loop delay p99/max from
// /metrics, and the load average. `--restart`: then a graceful restart and how soon every check
// ran again (bench/lib/checksRestart.ts). `--scrape-all` reads all of /metrics each minute, as a
// Prometheus would (200 MiB of text at 100,000 checks), instead of the two families used. `--heap-sample FILE`: after warm-up, the allocation
// sites of what outlived the young generation (bench/lib/heapSample.mjs), per run; with
// `--heap-snapshot FILE` also a heap snapshot at its end.
import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/connection.js';
import { migrate } from '../../apps/server/src/db/migrate.js';
import { type Minute, printHeapSample, printProfile, printRssParts, summarize } from './checksAtScaleReport.js';
import { printRestart, restartServer } from './checksRestart.js';
import { scratchDataDir } from './embedded.js';
import { scratchPostgres } from './postgres.js';
import { processCpuMs, startServe } from './serveProcess.js';
import { loopDelay, probe, stopHeapSample } from './serverProbes.js';
import { startSoakTarget } from './soakTarget.js';
import { quantile } from './stats.js';
import { teardown } from './teardown.js';

export interface ScaleOptions {
  n: number;
  perCanary: number;
  intervalS: number;
  minutes: number;
  warmup: number;
  db: 'postgres' | 'embedded';
  postgres: string;
  restart: boolean;
  cpuProf?: string;
  heapSample?: string;
  heapSnapshot?: string;
  /** Read all of /metrics once a minute (every check's series), not only the two families used. */
  scrapeAll: boolean;
  gc: boolean;
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

/**
 * The database the server runs on, seeded: a scratch PostgreSQL database (with its CPU from
 * /proc) or a scratch embedded data dir (the seeding connection closed again, as the server takes
 * the directory's lock). Its removal is added to `down`.
 */
async function scratchStore(o: ScaleOptions, down: ReturnType<typeof teardown>, target: string) {
  const seedInto = async (db: Db) => {
    const t0 = performance.now();
    await seed(db, o.n, o.perCanary, o.intervalS, target);
    console.log(
      `  ${o.n} checks in canaries of ${o.perCanary} seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s (${o.db === 'embedded' ? 'embedded database' : 'PostgreSQL'})`,
    );
  };
  if (o.db === 'embedded') {
    const t0 = performance.now();
    const scratch = await scratchDataDir(down);
    console.log(`  embedded data dir created and migrated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const db = await scratch.open();
    try {
      await seedInto(db);
    } finally {
      await db.close();
    }
    return { databaseUrl: undefined, dataDir: scratch.dir, dbCpu: undefined };
  }
  const scratch = await scratchPostgres(o.postgres, 4);
  if (!scratch) return undefined;
  down.add(() => scratch.drop());
  await seedInto(scratch.db);
  const { rows } = await sql<{ autovacuum: string }>`show autovacuum`.execute(scratch.db.kysely);
  // each run updates its check's row and two rollup rows: without vacuum the dead rows pile up
  // and the database's CPU per run grows minute by minute
  if (rows[0]?.autovacuum !== 'on')
    console.log('  autovacuum is off on this PostgreSQL server: dead rows are never cleaned up during the run');
  return { databaseUrl: scratch.url, dataDir: undefined, dbCpu: databaseCpu(scratch.db) };
}

/** SIGTERM, and SIGKILL if it has not exited 30 s later; says so when the exit code is not 0. */
async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  child.kill('SIGTERM');
  await exited;
  clearTimeout(timer);
  if (child.exitCode !== 0) console.log(`  the server exited with ${child.exitCode ?? child.signalCode}`);
}

function database(name: string): 'postgres' | 'embedded' {
  if (name !== 'postgres' && name !== 'embedded') throw new Error(`--db is postgres or embedded, not ${name}`);
  return name;
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
    db: database(flag('db') ?? 'postgres'),
    postgres: flag('postgres') ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    restart: argv.includes('--restart'),
    cpuProf: flag('cpu-prof'),
    heapSample: flag('heap-sample'),
    heapSnapshot: flag('heap-snapshot'),
    gc: !argv.includes('--no-gc'),
    scrapeAll: argv.includes('--scrape-all'),
  });
}

export async function checksAtScale(o: ScaleOptions): Promise<void> {
  const down = teardown();
  const interval = o.intervalS * 1000;
  // the server child of the moment (the restarted one after a restart), from its spawn on
  let child: ChildProcess | undefined;
  let profileFrom = 0;
  try {
    const target = await startSoakTarget();
    down.add(() => target.stop());
    const store = await scratchStore(o, down, target.url);
    if (!store) return;
    down.add(() => child && stopServer(child));
    const nodeArgs = ['--expose-gc', '--import', path.resolve(import.meta.dirname, 'gcProbe.mjs')];
    if (o.heapSample) nodeArgs.push('--import', path.resolve(import.meta.dirname, 'heapSample.mjs'));
    const start = (args: string[]) =>
      startServe(
        store.databaseUrl,
        'all',
        {},
        {
          nodeArgs: args,
          ipc: true,
          dataDir: store.dataDir,
          onSpawn: (c) => {
            child = c;
          },
        },
      );
    const profArgs = [...nodeArgs];
    if (o.cpuProf) {
      mkdirSync(o.cpuProf, { recursive: true });
      profArgs.push('--cpu-prof', '--cpu-prof-dir', path.resolve(o.cpuProf));
    }
    console.log(`  load average at the start ${load()}`);
    if (o.db === 'embedded')
      console.log(
        "  embedded database (PGlite): it runs inside the server process, so its CPU and memory are the server's",
      );
    const spawnedAt = Date.now();
    const running = await start(profArgs);
    const dbCpu = store.dbCpu ?? (async () => ({ backends: Number.NaN, writers: Number.NaN }));
    await dbCpu();
    let gcBefore = (await loopDelay(running.url, o.scrapeAll)).majorGc;
    let cpu = processCpuMs(running.pid);
    let from = Date.now();
    profileFrom = from - spawnedAt + o.warmup * 60_000;
    const rows: Minute[] = [];
    console.log(
      '  min   server/run  db/run (shared)   arrivals/expected  busiest  late p50/p99/max ms     loop p99/max ms  major GC n/ms/>100ms  RSS   heap  load',
    );
    for (let m = 1; m <= o.minutes; m++) {
      await sleep(from + 60_000 - Date.now());
      const to = Date.now();
      const [stats, db, loop] = await Promise.all([
        target.stats(from, to, interval),
        dbCpu(),
        loopDelay(running.url, o.scrapeAll),
      ]);
      const now = processCpuMs(running.pid);
      const mem = await probe(running, o.gc);
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
        majorGc: {
          count: loop.majorGc.count - gcBefore.count,
          seconds: loop.majorGc.seconds - gcBefore.seconds,
          over100ms: loop.majorGc.over100ms - gcBefore.over100ms,
          minor: loop.majorGc.minor - gcBefore.minor,
        },
      };
      gcBefore = loop.majorGc;
      rows.push(row);
      if (o.heapSample && m === o.warmup) running.child.send({ heapSample: 'start' });
      cpu = processCpuMs(running.pid);
      from = to;
      const per = (ms: number) => (ms / Math.max(1, row.arrivals)).toFixed(3);
      const dbCol = store.dbCpu ? `${per(row.backendMs).padStart(6)} (${per(row.writersMs)}) ms` : 'in process     ';
      const late = [0.5, 0.99, 1].map((q) => quantile(row.spacing, q).toFixed(0)).join('/');
      console.log(
        `  ${String(m).padStart(3)}${m <= o.warmup ? '*' : ' '} ${per(row.serverMs).padStart(8)} ms  ${dbCol}  ${String(row.arrivals).padStart(8)}/${String(row.expected).padEnd(8)}  ${row.busiest.toFixed(2).padStart(5)}x  ${late.padEnd(20)}  ${row.loopP99.toFixed(0).padStart(5)}/${row.loopMax.toFixed(0).padEnd(6)}  ${`${row.majorGc.count}/${(row.majorGc.seconds * 1000).toFixed(0)}/${row.majorGc.over100ms}`.padEnd(20)}  ${row.rssMiB.toFixed(0).padStart(5)} ${row.heapMiB.toFixed(0).padStart(5)}  ${load()}`,
      );
    }
    summarize(rows.slice(o.warmup), o);
    printRssParts((await probe(running, true)).memory);
    if (o.heapSample) {
      const file = path.resolve(o.heapSample);
      await stopHeapSample(running, file, o.heapSnapshot);
      printHeapSample(
        file,
        rows.slice(o.warmup).reduce((a, r) => a + r.arrivals, 0),
      );
    }
    if (o.restart) {
      // the restarted server is not profiled: the profile printed is the first server's
      const figures = await restartServer(running, () => start(nodeArgs), {
        n: o.n,
        intervalMs: interval,
        peerUrl: target.url,
      });
      printRestart(figures, load());
    }
  } finally {
    await down.run();
  }
  if (o.cpuProf) printProfile(o.cpuProf, profileFrom);
}
