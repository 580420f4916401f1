// `npm run bench -- scale [--workers 1,2,4] [--checks 20000] [--seconds 60] [--measure 1] [--postgres URL]`:
// scale-out across processes. For each worker count: a scratch PostgreSQL database with N HTTP
// canaries (one check each, `@every S s`) against a target server in its own process, then that
// many `opsdeck serve` processes with OPSDECK_ROLE=worker. After one warm-up interval it measures
// `--measure` intervals: runs per second at the target against the schedule's rate, CPU per run
// (the workers' user + system time from /proc), and lateness at the target (request time minus the
// run's scheduled slot, read from canary_schedules: p50/p99). With two workers or more it then
// kills the one holding the most claims with SIGKILL and times until every check it held has run
// again. Last, over the whole run, runs beyond the slots that passed (a slot run twice; must be 0)
// and slots of the measured window without a run.
import { spawn } from 'node:child_process';
import os from 'node:os';
import { sql } from 'kysely';
import { migrate } from '../../apps/server/src/db/migrate.js';
import { scratchPostgres } from '../lib/postgres.js';
import { processCpuMs, type ServeProcess, startServe } from '../lib/serveProcess.js';

// The target: a plain Node HTTP server in its own process; it records when each path was
// requested and answers the request times since `from` as JSON.
const TARGET = `
const http = require('node:http');
const hits = new Map();
const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  if (url.pathname.startsWith('/c/')) {
    let list = hits.get(url.pathname); if (!list) { list = []; hits.set(url.pathname, list); }
    list.push(Date.now()); res.writeHead(200, { 'content-type': 'text/plain' }); res.end('ok'); return;
  }
  if (url.pathname === '/dump') { res.end(JSON.stringify(Object.fromEntries(hits))); return; }
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function quantile(sorted: number[], q: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;
}

function option(argv: string[], name: string, fallback: string): string {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] ? (argv[i + 1] as string) : fallback;
}

interface Figures {
  workers: number;
  runsPerSecond: number;
  expectedPerSecond: number;
  cpuMsPerRun: number;
  lateP50: number;
  lateP99: number;
  recoveryS: number;
  orphaned: number;
  doubles: number;
  missed: number;
}

async function runWith(baseUrl: string, workers: number, checks: number, intervalS: number, measure: number) {
  const scratch = await scratchPostgres(baseUrl);
  if (!scratch) return undefined;
  const target = await startTarget();
  const procs: ServeProcess[] = [];
  const interval = intervalS * 1000;
  try {
    const { db } = scratch;
    await migrate(db);
    await sql`
      insert into canaries (name, namespace, source, spec)
      select 'scale-' || g, 'bench', 'UI',
             jsonb_build_object('schedule', ${`@every ${intervalS}s`}::text,
                                'http', jsonb_build_array(jsonb_build_object('name', 'c' || g, 'url', ${`${target.url}/c/`}::text || g)))
      from generate_series(1, ${checks}::int) g`.execute(db.kysely);
    await sql`
      insert into checks (canary_id, type, name, spec)
      select id, 'http', spec->'http'->0->>'name', spec->'http'->0 from canaries where namespace = 'bench'`.execute(
      db.kysely,
    );
    for (let i = 0; i < workers; i++) procs.push(await startServe(scratch.url, 'worker'));
    await sleep(interval); // warm-up: the first runs are placed over the interval

    const cpu0 = procs.map((p) => processCpuMs(p.pid));
    const from = Date.now();
    await sleep(measure * interval);
    const to = Date.now();
    const cpuMs = procs.reduce((n, p, i) => n + processCpuMs(p.pid) - (cpu0[i] as number), 0);

    let recoveryS = Number.NaN;
    let orphaned = new Set<string>();
    let killedAt = Number.POSITIVE_INFINITY;
    if (workers > 1) {
      const held = await Promise.all(
        procs.map(async (p) => {
          const { rows } = await sql<{ name: string }>`
            select k.name from canary_schedules s join checks k on k.canary_id = s.canary_id
            where s.claimed_by like ${`${os.hostname()}:${p.pid}:%`}`.execute(db.kysely);
          return rows.map((r) => `/c/${r.name.slice(1)}`);
        }),
      );
      const victim = held.indexOf(held.reduce((a, b) => (b.length > a.length ? b : a)));
      orphaned = new Set(held[victim]);
      killedAt = Date.now();
      await (procs[victim] as ServeProcess).kill9();
      procs.splice(victim, 1);
      // until every orphaned check has run again (or two intervals and a bit have passed)
      const deadline = killedAt + 2 * interval + 10_000;
      while (Date.now() < deadline) {
        await sleep(1000);
        const hits = (await (await fetch(`${target.url}/dump`)).json()) as Record<string, number[]>;
        const firsts = [...orphaned].map((p) => hits[p]?.find((t) => t > killedAt));
        if (firsts.every((t) => t !== undefined)) {
          recoveryS = (Math.max(...(firsts as number[])) - killedAt) / 1000;
          break;
        }
      }
    }
    await Promise.all(procs.splice(0).map((p) => p.stop()));

    // scheduled slots: each canary's stored next run minus whole intervals
    const { rows } = await sql<{ name: string; next_runtime: Date }>`
      select k.name, s.next_runtime from canary_schedules s join checks k on k.canary_id = s.canary_id`.execute(
      db.kysely,
    );
    const hits = (await (await fetch(`${target.url}/dump`)).json()) as Record<string, number[]>;
    const late: number[] = [];
    let runs = 0;
    let doubles = 0;
    let missed = 0;
    for (const r of rows) {
      const path = `/c/${r.name.slice(1)}`;
      const times = hits[path] ?? [];
      const anchor = new Date(r.next_runtime).getTime();
      const slots = new Set<number>();
      // a run never starts before its slot: it belongs to the latest slot at or before it
      const slotOf = (t: number) => anchor - Math.ceil((anchor - t) / interval) * interval;
      // runs beyond the slots from the first run's to the last run's: a slot run twice (a run
      // later than a whole interval lands in the next slot, so same-slot pairs alone would overcount)
      if (times.length > 1) {
        const span = (slotOf(times.at(-1) as number) - slotOf(times[0] as number)) / interval + 1;
        doubles += Math.max(0, times.length - span);
      }
      for (const t of times) {
        const slot = slotOf(t);
        slots.add(slot);
        if (t >= from && t < to) {
          runs++;
          late.push(t - slot);
        }
      }
      // slots inside the measured window without a run (the kill comes after it)
      for (let s = anchor - Math.ceil((anchor - from) / interval) * interval; s < to; s += interval) {
        if (s >= from && !slots.has(s) && !orphaned.has(path)) missed++;
      }
    }
    late.sort((a, b) => a - b);
    const seconds = (to - from) / 1000;
    return {
      workers,
      runsPerSecond: runs / seconds,
      expectedPerSecond: checks / intervalS,
      cpuMsPerRun: cpuMs / Math.max(1, runs),
      lateP50: quantile(late, 0.5),
      lateP99: quantile(late, 0.99),
      recoveryS,
      orphaned: orphaned.size,
      doubles,
      missed,
    } satisfies Figures;
  } finally {
    await Promise.all(procs.map((p) => p.stop()));
    target.stop();
    await scratch.drop();
  }
}

export async function run(argv: string[]): Promise<void> {
  const workerCounts = option(argv, 'workers', '1,2,4').split(',').map(Number);
  const checks = Number(option(argv, 'checks', '20000'));
  const intervalS = Number(option(argv, 'seconds', '60'));
  const measure = Number(option(argv, 'measure', '1'));
  const url = option(argv, 'postgres', process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  console.log(
    `scale: ${checks} HTTP checks @every ${intervalS}s on one PostgreSQL, worker processes ${workerCounts.join(', ')}; ` +
      `${os.cpus().length} cores, load average ${os.loadavg()[0]?.toFixed(1)}`,
  );
  const all: Figures[] = [];
  for (const n of workerCounts) {
    const f = await runWith(url, n, checks, intervalS, measure);
    if (!f) return;
    all.push(f);
    console.log(
      `  ${n} worker(s): ${f.runsPerSecond.toFixed(1)} runs/s of ${f.expectedPerSecond.toFixed(1)} scheduled, ` +
        `CPU ${f.cpuMsPerRun.toFixed(2)} ms/run, lateness p50 ${f.lateP50} ms p99 ${f.lateP99} ms, ` +
        `${Number.isNaN(f.recoveryS) ? 'no kill' : `kill -9: ${f.orphaned} checks held, all run again after ${f.recoveryS.toFixed(1)} s`}, ` +
        `slots run twice ${f.doubles}, slots missed ${f.missed}`,
    );
  }
  console.log(
    '\nworkers | runs/s | scheduled/s | CPU ms/run | late p50 ms | late p99 ms | recovery s | twice | missed',
  );
  for (const f of all) {
    console.log(
      [
        f.workers,
        f.runsPerSecond.toFixed(1),
        f.expectedPerSecond.toFixed(1),
        f.cpuMsPerRun.toFixed(2),
        f.lateP50,
        f.lateP99,
        Number.isNaN(f.recoveryS) ? '-' : f.recoveryS.toFixed(1),
        f.doubles,
        f.missed,
      ].join(' | '),
    );
  }
}
