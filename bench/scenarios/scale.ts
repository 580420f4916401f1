// `npm run bench -- scale [--workers 1,2,4] [--checks 20000] [--seconds 60] [--measure 1] [--saturate]
// [--heartbeat 5] [--postgres URL]`: scale-out across processes. For each worker count: a scratch
// PostgreSQL database with N HTTP canaries (one check each, `@every S s`) against a target server
// in its own process, then that many `opsdeck serve` processes with OPSDECK_ROLE=worker. After one
// warm-up interval it measures `--measure` intervals: runs per second at the target against the
// schedule's rate, CPU per run (the workers' user + system time from /proc), and lateness at the
// target (request time minus the run's scheduled slot, read from canary_schedules: p50/p99). With
// two workers or more it then kills the one holding the most claims with SIGKILL and times until
// every slot it had claimed and not stored has been run again by the others (recovery; they find
// it dead after the heartbeat timeout, three heartbeats). Last, over the stored results of the
// whole run: slots run twice (must be 0), slots missed (must be 0), and requests without a stored
// result (runs in flight at the kill, run again). `--saturate` is 20,000 checks @every 10 s (2,000
// runs a second), more than one worker keeps up with on a shared 2-core machine. `--cpu` is 1,200
// checks @every 10 s whose target answers a ~230 KB JSON body (made once, served from memory) and
// whose `test` walks it in CEL: several ms of worker CPU per run, little for PostgreSQL and the target.
import { spawn } from 'node:child_process';
import os from 'node:os';
import { sql } from 'kysely';
import { migrate } from '../../apps/server/src/db/migrate.js';
import { scratchPostgres } from '../lib/postgres.js';
import { processCpuMs, type ServeProcess, startServe } from '../lib/serveProcess.js';
import { quantile } from '../lib/stats.js';

// The target: a plain Node HTTP server in its own process; it records when each path was
// requested and answers the request times since `from` as JSON. With BENCH_ITEMS it answers checks
// with a JSON body of that many items instead of `ok`.
const TARGET = `
const http = require('node:http');
const hits = new Map();
const n = Number(process.env.BENCH_ITEMS || 0);
const items = Array.from({ length: n }, (_, i) => ({ id: i, name: 'item-' + i, status: i % 7 ? 'ok' : 'degraded', latencyMs: i % 97, tags: ['a', 'b'] }));
const big = n ? Buffer.from(JSON.stringify({ items })) : undefined;
const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  if (url.pathname.startsWith('/c/')) {
    let list = hits.get(url.pathname); if (!list) { list = []; hits.set(url.pathname, list); }
    list.push(Date.now());
    if (big) { res.writeHead(200, { 'content-type': 'application/json' }); res.end(big); return; }
    res.writeHead(200, { 'content-type': 'text/plain' }); res.end('ok'); return;
  }
  if (url.pathname === '/dump') { res.end(JSON.stringify(Object.fromEntries(hits))); return; }
  res.writeHead(404).end();
});
server.keepAliveTimeout = 120000;
server.listen(0, '127.0.0.1', () => console.log(String(server.address().port)));
`;

// --cpu: the body's items and the test that walks every one of them (JSON.parse, conversion to CEL, the macro)
const CPU_ITEMS = 3000;
const CPU_TEST = { test: { expr: "json.items.all(i, i.latencyMs < 1000 && i.status != '')" } };

async function startTarget(items: number): Promise<{ url: string; stop(): void }> {
  const env = { ...process.env, BENCH_ITEMS: String(items) };
  const child = spawn(process.execPath, ['-e', TARGET], { stdio: ['ignore', 'pipe', 'inherit'], env });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim()));
    child.once('exit', (code) => reject(new Error(`target exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
  unstored: number;
  load: [number, number];
}

async function runWith(
  baseUrl: string,
  workers: number,
  checks: number,
  intervalS: number,
  measure: number,
  heartbeatS: number,
  cpu: boolean,
) {
  const scratch = await scratchPostgres(baseUrl);
  if (!scratch) return undefined;
  const target = await startTarget(cpu ? CPU_ITEMS : 0);
  const procs: ServeProcess[] = [];
  const interval = intervalS * 1000;
  try {
    const { db } = scratch;
    await migrate(db);
    await sql`
      insert into canaries (name, namespace, source, spec)
      select 'scale-' || g, 'bench', 'UI',
             jsonb_build_object('schedule', ${`@every ${intervalS}s`}::text,
                                'http', jsonb_build_array(jsonb_build_object('name', 'c' || g, 'url', ${`${target.url}/c/`}::text || g)
                                  || ${JSON.stringify(cpu ? CPU_TEST : {})}::jsonb))
      from generate_series(1, ${checks}::int) g`.execute(db.kysely);
    await sql`
      insert into checks (canary_id, type, name, spec)
      select id, 'http', spec->'http'->0->>'name', spec->'http'->0 from canaries where namespace = 'bench'`.execute(
      db.kysely,
    );
    const env = { OPSDECK_HEARTBEAT_SECONDS: String(heartbeatS) };
    for (let i = 0; i < workers; i++) procs.push(await startServe(scratch.url, 'worker', env));
    const loadBefore = os.loadavg()[0] as number;
    await sleep(interval); // warm-up: the first runs are placed over the interval

    const cpu0 = procs.map((p) => processCpuMs(p.pid));
    const from = Date.now();
    await sleep(measure * interval);
    const to = Date.now();
    const cpuMs = procs.reduce((n, p, i) => n + processCpuMs(p.pid) - (cpu0[i] as number), 0);

    let recoveryS = Number.NaN;
    let orphaned = new Map<string, number>();
    if (workers > 1) {
      const owner = (p: ServeProcess) => `${os.hostname()}:${p.pid}:%`;
      const held = await Promise.all(
        procs.map(async (p) => {
          const { rows } = await sql<{ n: number }>`
            select count(*)::int as n from canary_schedules where claimed_by like ${owner(p)}`.execute(db.kysely);
          return rows[0]?.n ?? 0;
        }),
      );
      const victim = procs[held.indexOf(Math.max(...held))] as ServeProcess;
      const killedAt = Date.now();
      await victim.kill9();
      procs.splice(procs.indexOf(victim), 1);
      // the slots it had claimed and not stored: a check without a result since the slot
      const { rows: lost } = await sql<{ name: string; slot: Date }>`
        select k.name, s.claimed_slot as slot from canary_schedules s join checks k on k.canary_id = s.canary_id
        where s.claimed_by like ${owner(victim)}
          and not exists (select 1 from check_statuses r where r.check_id = k.id and r.time >= s.claimed_slot)`.execute(
        db.kysely,
      );
      orphaned = new Map(lost.map((r) => [`/c/${r.name.slice(1)}`, new Date(r.slot).getTime()]));
      const deadline = killedAt + interval + 30_000;
      while (Date.now() < deadline) {
        await sleep(500);
        const hits = (await (await fetch(`${target.url}/dump`)).json()) as Record<string, number[]>;
        const firsts = [...orphaned].map(([p, slot]) => hits[p]?.find((t) => t >= Math.max(slot, killedAt)));
        if (firsts.every((t) => t !== undefined)) {
          recoveryS = (Math.max(killedAt, ...(firsts as number[])) - killedAt) / 1000;
          break;
        }
      }
      await sleep(interval); // the slots after the kill are run too, and counted below
    }
    const loadAfter = os.loadavg()[0] as number;
    await Promise.all(procs.splice(0).map((p) => p.stop()));

    // scheduled slots: each canary's stored next run minus whole intervals
    const { rows } = await sql<{ name: string; next_runtime: Date; stored: Date[] | null }>`
      select k.name, s.next_runtime, (select array_agg(r.time order by r.time) from check_statuses r where r.check_id = k.id) as stored
      from canary_schedules s join checks k on k.canary_id = s.canary_id`.execute(db.kysely);
    const hits = (await (await fetch(`${target.url}/dump`)).json()) as Record<string, number[]>;
    const late: number[] = [];
    let runs = 0;
    let doubles = 0;
    let missed = 0;
    let unstored = 0;
    for (const r of rows) {
      const path = `/c/${r.name.slice(1)}`;
      const times = hits[path] ?? [];
      const stored = (r.stored ?? []).map((t) => new Date(t).getTime());
      const anchor = new Date(r.next_runtime).getTime();
      // a run never starts before its slot, and however late, before the next one
      const slotOf = (t: number) => anchor - Math.ceil((anchor - t) / interval) * interval;
      // over the stored results: two in one slot is a slot run twice; a slot skipped between two is missed
      for (let i = 1; i < stored.length; i++) {
        const step = (slotOf(stored[i] as number) - slotOf(stored[i - 1] as number)) / interval;
        if (step === 0) doubles++;
        else missed += step - 1;
      }
      unstored += Math.max(0, times.length - stored.length);
      for (const t of times) {
        if (t >= from && t < to) {
          runs++;
          late.push(t - slotOf(t));
        }
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
      unstored,
      load: [loadBefore, loadAfter],
    } satisfies Figures;
  } finally {
    await Promise.all(procs.map((p) => p.stop()));
    target.stop();
    await scratch.drop();
  }
}

export async function run(argv: string[]): Promise<void> {
  const saturate = argv.includes('--saturate');
  const cpu = argv.includes('--cpu');
  const workerCounts = option(argv, 'workers', '1,2,4').split(',').map(Number);
  const checks = Number(option(argv, 'checks', cpu ? '1200' : '20000'));
  const intervalS = Number(option(argv, 'seconds', saturate || cpu ? '10' : '60'));
  const measure = Number(option(argv, 'measure', '1'));
  const heartbeatS = Number(option(argv, 'heartbeat', '5'));
  const url = option(argv, 'postgres', process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  console.log(
    `scale: ${checks} HTTP checks${cpu ? ` (${CPU_ITEMS}-item JSON body, CEL test over every item)` : ''} @every ${intervalS}s on one PostgreSQL, worker processes ${workerCounts.join(', ')}; ` +
      `heartbeat ${heartbeatS}s (dead after ${3 * heartbeatS}s); ${os.cpus().length} cores, load average ${os.loadavg()[0]?.toFixed(1)}`,
  );
  const all: Figures[] = [];
  for (const n of workerCounts) {
    const f = await runWith(url, n, checks, intervalS, measure, heartbeatS, cpu);
    if (!f) return;
    all.push(f);
    console.log(
      `  ${n} worker(s): ${f.runsPerSecond.toFixed(1)} runs/s of ${f.expectedPerSecond.toFixed(1)} scheduled, ` +
        `CPU ${f.cpuMsPerRun.toFixed(2)} ms/run, lateness p50 ${f.lateP50} ms p99 ${f.lateP99} ms, ` +
        `${Number.isNaN(f.recoveryS) && !f.orphaned ? 'no kill' : `kill -9: ${f.orphaned} claimed slots unstored, all run again after ${f.recoveryS.toFixed(1)} s`}, ` +
        `slots run twice ${f.doubles}, slots missed ${f.missed}, requests without a stored result ${f.unstored}, ` +
        `load average ${f.load[0].toFixed(1)} -> ${f.load[1].toFixed(1)}`,
    );
  }
  console.log(
    '\nworkers | runs/s | scheduled/s | CPU ms/run | late p50 ms | late p99 ms | recovery s | twice | missed | unstored | load',
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
        f.unstored,
        `${f.load[0].toFixed(1)}-${f.load[1].toFixed(1)}`,
      ].join(' | '),
    );
  }
}
