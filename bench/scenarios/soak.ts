// `npm run bench -- soak [--minutes 30] [--db embedded|postgres] [--shape 10000x1,100x100]
//   [--warmup 3] [--interval 60] [--history 60] [--postgres URL]`:
// runs the real server (`opsdeck serve`, in a child process started with --expose-gc) with N
// HTTP checks against a loopback peer, in each shape (canaries x checks), a signed-in client
// polling the health page's summary every 10 s, and notifications flowing to a local webhook (1%
// of the checks flip every run). Every minute it prints the server's live JS heap after forced
// full GCs, its RSS and memory outside the JS heap, CPU per check run, arrivals against expected,
// the busiest second against the mean, the schedule's jitter, the summary's latency and the
// webhooks received. At the end of each shape: the heap's slope after warm-up in MB per hour, its
// range, and how far RSS moved. It prints figures; it never fails on time.
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { type Db, openDatabase } from '../../apps/server/src/db/connection.js';
import { migrate } from '../../apps/server/src/db/migrate.js';
import { applyRule } from '../../apps/server/src/notifications/rules.js';
import { scratchPostgres } from '../lib/postgres.js';
import { signIn } from '../lib/signIn.js';
import { startSoakTarget } from '../lib/soakTarget.js';

const root = path.resolve(import.meta.dirname, '../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const MiB = 2 ** 20;

interface Probe {
  memory: NodeJS.MemoryUsage;
  usedHeap: number;
  cpu: NodeJS.CpuUsage;
}

interface Minute {
  minute: number;
  heapMiB: number;
  rssMiB: number;
  outsideMiB: number;
  cpuMsPerRun: number;
  arrivals: number;
  expected: number;
  busiest: number;
  jitterP99: number;
  pollP50: number;
  pollErrors: number;
  hooks: number;
}

function flag(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
}

function quantile(values: number[], q: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;
}

/** Least-squares slope of `ys` over `xs`. */
function slope(xs: number[], ys: number[]): number {
  const n = xs.length;
  if (n < 2) return Number.NaN;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += ((xs[i] as number) - mx) * ((ys[i] as number) - my);
    den += ((xs[i] as number) - mx) ** 2;
  }
  return den ? num / den : Number.NaN;
}

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

/** Canaries of `perCanary` HTTP checks each; every hundredth check flips between failing and passing. */
async function seed(
  db: Db,
  canaries: number,
  perCanary: number,
  intervalS: number,
  target: string,
  historyMin: number,
): Promise<void> {
  await migrate(db);
  await sql`
    insert into canaries (name, namespace, source, spec)
    select 'soak-' || c, 'soak', 'UI', jsonb_build_object(
      'schedule', ${`@every ${intervalS}s`}::text,
      'http', (select jsonb_agg(jsonb_build_object(
                 'name', 'check-' || k,
                 'url', ${target}::text || case when ((c - 1) * ${perCanary}::int + k) % 100 = 0 then '/f/' else '/c/' end
                        || c || '-' || k))
               from generate_series(1, ${perCanary}::int) k))
    from generate_series(1, ${canaries}::int) c`.execute(db.kysely);
  await sql`
    insert into checks (canary_id, type, name, spec)
    select c.id, 'http', e->>'name', e from canaries c, jsonb_array_elements(c.spec->'http') e
    where c.namespace = 'soak'`.execute(db.kysely);
  // a server that has run for a while: the health page's window (1h) starts full of results, so
  // what the summary keeps per window is at its steady size from the first minute
  await sql`
    insert into check_statuses (check_id, time, status, duration, created_at)
    select c.id, t, true, 5 + (random() * 20)::int, t
    from checks c,
         generate_series(now() - make_interval(mins => ${historyMin}::int), now() - interval '1 minute',
                         make_interval(secs => ${intervalS}::int)) t`.execute(db.kysely);
  const template = encodeURIComponent('{"check": "{{.check.id}}", "title": "{{.title}}"}');
  await applyRule(
    db.kysely,
    {
      name: 'soak',
      events: ['check.failed', 'check.passed'],
      title: '{{.check.name}} changed',
      to: { url: `generic+http://${new URL(target).host}/hook?template=${template}` },
    },
    null,
  );
}

interface Server {
  url: string;
  child: ChildProcess;
  probe(): Promise<Probe>;
  stop(): Promise<void>;
}

async function startServer(env: Record<string, string>, logFile: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      path.join(root, 'bench/lib/gcProbe.mjs'),
      path.join(root, 'apps/server/bin/opsdeck.mjs'),
      'serve',
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
    ],
    { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] },
  );
  const log = createWriteStream(logFile);
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}; see ${logFile}`);
    const ok = await fetch(`${url}/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 600) throw new Error(`the server did not become ready; see ${logFile}`);
    await sleep(250);
  }
  return {
    url,
    child,
    probe: () =>
      new Promise<Probe>((resolve) => {
        child.once('message', (m) => resolve(m as Probe));
        child.send('probe');
      }),
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(30_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
      log.end();
    },
  };
}

/** Polls the health page's summary every 10 s as a signed-in person with the page open does. */
function poller(server: Server, fetchAs: typeof fetch) {
  let times: number[] = [];
  let errors = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const t0 = performance.now();
      try {
        const res = await fetchAs(`${server.url}/api/canary/api/summary?timeRange=1h`, {
          headers: { 'accept-encoding': 'gzip' },
        });
        await res.arrayBuffer();
        if (res.ok) times.push(performance.now() - t0);
        else errors++;
      } catch {
        errors++;
      }
      await sleep(10_000);
    }
  })();
  return {
    take() {
      const out = { p50: quantile(times, 0.5), errors };
      times = [];
      errors = 0;
      return out;
    },
    async stop() {
      stopped = true;
      await loop;
    },
  };
}

async function soakShape(
  dbKind: 'embedded' | 'postgres',
  shape: { canaries: number; checks: number },
  opts: { minutes: number; warmup: number; intervalS: number; postgres: string; historyMin: number },
): Promise<void> {
  const total = shape.canaries * shape.checks;
  const label = `${dbKind}, ${shape.canaries} canaries x ${shape.checks} checks`;
  const target = await startSoakTarget();
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'opsdeck-soak-'));
  const password = `Soak-${Math.random().toString(36).slice(2)}-Bench!`;
  const env: Record<string, string> = {
    OPSDECK_ADMIN_PASSWORD: password,
    OPSDECK_SAMPLE_DATA: 'false',
    LOG_LEVEL: 'warn',
  };
  let cleanup = async () => {};
  if (dbKind === 'embedded') {
    const dir = path.join(tmp, 'data');
    env.OPSDECK_DATA_DIR = dir;
    const db = await openDatabase({ dataDir: dir });
    await seed(db, shape.canaries, shape.checks, opts.intervalS, target.url, opts.historyMin);
    await db.close();
  } else {
    const scratch = await scratchPostgres(opts.postgres);
    if (!scratch) return target.stop();
    await seed(scratch.db, shape.canaries, shape.checks, opts.intervalS, target.url, opts.historyMin);
    env.DATABASE_URL = scratch.url;
    cleanup = () => scratch.drop();
  }
  // kept after the run, for its warnings
  const logFile = path.join(os.tmpdir(), `opsdeck-soak-${dbKind}-${shape.canaries}x${shape.checks}.log`);
  const server = await startServer(env, logFile);
  const fetchAs = await signIn(server.url, 'admin@localhost', password);
  const poll = poller(server, fetchAs);
  const intervalMs = opts.intervalS * 1000;
  console.log(`\nsoak: ${label}, ${total} checks @every ${opts.intervalS}s (server log: ${logFile})`);
  console.log(
    '  min  heap after GC  RSS      outside heap  CPU/run   arrivals/expected  busiest s  jitter p99  summary p50  webhooks',
  );
  const minutes: Minute[] = [];
  let last = await server.probe();
  let from = performance.timeOrigin + performance.now();
  let hooksBefore = await target.hooks();
  try {
    for (let m = 1; m <= opts.warmup + opts.minutes; m++) {
      await sleep(from + 60_000 - (performance.timeOrigin + performance.now()));
      const to = performance.timeOrigin + performance.now();
      const probe = await server.probe();
      const stats = await target.stats(from, to, intervalMs);
      const hooks = await target.hooks();
      const polled = poll.take();
      const cpuMs = (probe.cpu.user - last.cpu.user + probe.cpu.system - last.cpu.system) / 1000;
      const mean = stats.perSecond.reduce((a, b) => a + b, 0) / Math.max(1, stats.perSecond.length);
      const row: Minute = {
        minute: m,
        heapMiB: probe.usedHeap / MiB,
        rssMiB: probe.memory.rss / MiB,
        outsideMiB: (probe.memory.rss - probe.memory.heapTotal) / MiB,
        cpuMsPerRun: cpuMs / Math.max(1, stats.total),
        arrivals: stats.total,
        expected: Math.round((total * (to - from)) / intervalMs),
        busiest: mean ? Math.max(...stats.perSecond) / mean : Number.NaN,
        jitterP99: quantile(stats.spacing.map(Math.abs), 0.99),
        pollP50: polled.p50,
        pollErrors: polled.errors,
        hooks: hooks - hooksBefore,
      };
      minutes.push(row);
      console.log(
        `  ${String(m).padStart(3)}${m <= opts.warmup ? '*' : ' '} ${row.heapMiB.toFixed(1).padStart(8)} MB  ${row.rssMiB.toFixed(0).padStart(5)} MB  ${row.outsideMiB.toFixed(0).padStart(8)} MB  ${row.cpuMsPerRun.toFixed(3).padStart(6)} ms  ${String(row.arrivals).padStart(8)}/${String(row.expected).padEnd(8)}  ${row.busiest.toFixed(2).padStart(6)}x  ${row.jitterP99.toFixed(0).padStart(7)} ms  ${polled.p50.toFixed(0).padStart(8)} ms${polled.errors ? ` (${polled.errors} failed)` : ''}  ${String(row.hooks).padStart(6)}`,
      );
      last = probe;
      from = to;
      hooksBefore = hooks;
    }
  } finally {
    await poll.stop();
    await server.stop();
    target.stop();
    await cleanup();
    rmSync(tmp, { recursive: true, force: true });
  }
  const steady = minutes.filter((r) => r.minute > opts.warmup);
  if (!steady.length) return;
  const heapSlope = slope(
    steady.map((r) => r.minute / 60),
    steady.map((r) => r.heapMiB),
  );
  const late = steady.slice(Math.floor(steady.length / 2));
  const lateSlope = slope(
    late.map((r) => r.minute / 60),
    late.map((r) => r.heapMiB),
  );
  const heaps = steady.map((r) => r.heapMiB);
  const rss = steady.map((r) => r.rssMiB);
  const arrivals = steady.reduce((a, r) => a + r.arrivals, 0);
  const expected = steady.reduce((a, r) => a + r.expected, 0);
  console.log(`  ${label}, after ${opts.warmup} min of warm-up (* above), over ${steady.length} min:`);
  console.log(
    `    heap after GC             ${Math.min(...heaps).toFixed(1)}-${Math.max(...heaps).toFixed(1)} MB (range ${(Math.max(...heaps) - Math.min(...heaps)).toFixed(1)} MB), slope ${heapSlope.toFixed(1)} MB/h (second half ${lateSlope.toFixed(1)} MB/h)`,
  );
  console.log(
    `    RSS                       ${(rss[0] as number).toFixed(0)} -> ${(rss.at(-1) as number).toFixed(0)} MB (${((100 * ((rss.at(-1) as number) - (rss[0] as number))) / (rss[0] as number)).toFixed(1)}%), max ${Math.max(...rss).toFixed(0)} MB`,
  );
  console.log(
    `    CPU per check run         ${quantile(
      steady.map((r) => r.cpuMsPerRun),
      0.5,
    ).toFixed(3)} ms (median minute)`,
  );
  console.log(
    `    arrivals                  ${arrivals} of ${expected} expected (${((100 * arrivals) / Math.max(1, expected)).toFixed(1)}%)`,
  );
  console.log(
    `    busiest second            ${Math.max(...steady.map((r) => r.busiest)).toFixed(2)}x the mean (worst minute)`,
  );
  console.log(
    `    jitter p99                ${Math.max(...steady.map((r) => r.jitterP99)).toFixed(0)} ms (worst minute)`,
  );
  console.log(
    `    summary poll p50          ${quantile(
      steady.map((r) => r.pollP50),
      0.5,
    ).toFixed(0)} ms; webhooks received ${steady.reduce((a, r) => a + r.hooks, 0)}`,
  );
}

export async function run(argv: string[]): Promise<void> {
  const minutes = Number(flag(argv, 'minutes') ?? 30);
  const warmup = Number(flag(argv, 'warmup') ?? 3);
  const intervalS = Number(flag(argv, 'interval') ?? 60);
  const historyMin = Number(flag(argv, 'history') ?? 60);
  const db = (flag(argv, 'db') ?? 'embedded') as 'embedded' | 'postgres';
  const postgres =
    flag(argv, 'postgres') ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const shapes = (flag(argv, 'shape') ?? '10000x1,100x100').split(',').map((s) => {
    const [canaries, checks] = s.split('x').map(Number);
    return { canaries: canaries as number, checks: checks as number };
  });
  if (db !== 'embedded' && db !== 'postgres') throw new Error('--db is embedded or postgres');
  for (const shape of shapes) await soakShape(db, shape, { minutes, warmup, intervalS, postgres, historyMin });
}
