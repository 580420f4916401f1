// `npm run bench -- summary [--checks 10000] [--days 30] [--runs 15] [--postgres URL] [--only pglite|postgres]`:
// generates N checks with `days` of results directly in a fresh database (see `seed`), then times
// GET /api/canary/api/summary through the real HTTP server for the ranges 1h, 1d and 30d (1mo) and
// prints p50/p99 per range with the reply's size as JSON and as gzip on the wire (gzip is what a
// browser asks for over plain HTTP), and for 30d p50/p99 and wire size per encoding (identity,
// gzip, br), on the embedded database and on PostgreSQL. Each time is from sending the request to
// holding the decoded text, in the server's own process. It prints figures; it never fails on time.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import pg from 'pg';
import { type Db, openDatabase } from '../../apps/server/src/db/connection.js';
import { migrate } from '../../apps/server/src/db/migrate.js';
import { LATENCY_BOUNDS_MS } from '../../apps/server/src/health/latency.js';
import { startTestServer, type TestServer } from '../../apps/server/test/helpers/index.js';
import { quantile } from '../lib/stats.js';

const RANGES = [
  ['1h', '1h'],
  ['1d', '1d'],
  ['30d', '1mo'],
] as const;

/**
 * Fills a migrated database: 100 checks per canary and `days` of results, one a minute per check
 * in the hourly and daily rollups. The hours a summary reads raw are also kept raw (a result every
 * 5 minutes): the last 3 hours, and the 3 hours around the start of a 1-day and of a `days`
 * window (the partial first hour of a window is raw too). Those hours' rollups are folded from
 * their raw rows, as the result writer folds them, so rollups and raw rows agree where both exist.
 * The hourly rows are bulk-loaded with the table's indexes and foreign-key checks off (rebuilt
 * afterwards), which makes seeding the embedded database several times faster.
 */
export async function seed(db: Db, checks: number, days: number): Promise<void> {
  const k = db.kysely;
  const canaries = Math.ceil(checks / 100);
  await sql`insert into canaries (name, namespace, labels, spec)
    select 'canary-' || i, 'ns-' || (i % 5), jsonb_build_object('env', case when i % 2 = 0 then 'prod' else 'dev' end), '{}'::jsonb
    from generate_series(1, ${canaries}) i`.execute(k);
  await sql`insert into checks (canary_id, type, name, labels, status, last_runtime, last_transition_time)
    select c.id, case when i % 3 = 0 then 'http' else 'tcp' end, 'check-' || i,
           jsonb_build_object('team', 'team-' || (i % 7)),
           case when i % 17 = 0 then 'unhealthy' else 'healthy' end, now(), now() - interval '3 hours'
    from generate_series(1, ${checks}) i
    join canaries c on c.name = 'canary-' || (1 + (i - 1) / 100)`.execute(k);
  // one result a minute: 60 per hour, every 17th check fails 1 in 10; latencies spread over buckets
  // ten sample latencies, six times each per hour, counted into the histogram buckets once here
  const hourHist = new Array<number>(LATENCY_BOUNDS_MS.length + 1).fill(0);
  for (const d of [20, 30, 50, 50, 75, 100, 100, 150, 200, 900]) {
    const i = LATENCY_BOUNDS_MS.findIndex((b) => d <= b);
    const at = i < 0 ? LATENCY_BOUNDS_MS.length : i;
    hourHist[at] = (hourHist[at] as number) + 6;
  }
  const hist = sql`${hourHist}::int[]`;
  const hours = days * 24 + 1;
  // hours back from the current one (0) that are kept raw
  const rawAgo = [...new Set([0, 1, 2, 23, 24, 25, days * 24 - 1, days * 24, days * 24 + 1])].filter(
    (h) => h >= 0 && h <= hours,
  );
  const hour = sql`date_trunc('hour', now(), 'UTC')`;
  const synthetic = sql`(select ${hour} - make_interval(hours => o) as h from generate_series(1, ${hours}) o
                         where o <> all(${rawAgo}::int[])) s`;
  // one transaction: one now() for every row
  await k.transaction().execute(async (conn) => {
    await sql`set local session_replication_role = replica`.execute(conn); // no per-row foreign-key checks
    await sql`insert into check_statuses (check_id, time, status, duration, message)
      select id, t, not (name like '%7' and extract(minute from t)::int % 10 = 0), 20 + (extract(minute from t)::int * 7) % 200, 'ok'
      from checks, unnest(${rawAgo}::int[]) ago,
           generate_series(${hour} - make_interval(hours => ago), ${hour} - make_interval(hours => ago) + interval '55 minutes',
                           interval '5 minutes') t
      where t <= now()`.execute(conn);
    await sql`alter table check_statuses_1h drop constraint check_statuses_1h_pkey`.execute(conn);
    await sql`drop index check_statuses_1h_created_at_idx`.execute(conn);
    await sql`insert into check_statuses_1h (check_id, created_at, duration, total, passed, failed, latency_histogram)
      select id, h, 60 * 160, 60, case when name like '%7' then 54 else 60 end, case when name like '%7' then 6 else 0 end,
             ${hist}
      from checks, ${synthetic}`.execute(conn);
    // the raw hours' rollups, folded from their raw rows as the result writer does
    await sql`insert into check_statuses_1h (check_id, created_at, duration, total, passed, failed, latency_histogram)
      select check_id, date_trunc('hour', time, 'UTC'), sum(duration), count(*), count(*) filter (where status),
             count(*) filter (where not status), check_latency_histogram(array_agg(duration))
      from check_statuses group by 1, 2`.execute(conn);
    await sql`alter table check_statuses_1h add primary key (check_id, created_at)`.execute(conn);
    await sql`create index check_statuses_1h_created_at_idx on check_statuses_1h (created_at)`.execute(conn);
    // each UTC day of the synthetic hours is their sum: n hours of the same hourly row; the raw
    // hours are added to their days as the result writer adds them
    await sql`insert into check_statuses_1d (check_id, created_at, duration, total, passed, failed, latency_histogram)
      select c.id, d.day, 60 * 160 * d.n, 60 * d.n, case when c.name like '%7' then 54 else 60 end * d.n,
             case when c.name like '%7' then 6 else 0 end * d.n,
             (select array_agg(x * d.n order by i) from unnest(${hist}) with ordinality u(x, i))
      from checks c, (select date_trunc('day', h, 'UTC') as day, count(*)::int as n from ${synthetic} group by 1) d`.execute(
      conn,
    );
    await sql`insert into check_statuses_1d as r (check_id, created_at, duration, total, passed, failed, latency_histogram)
      select check_id, date_trunc('day', time, 'UTC'), sum(duration), count(*), count(*) filter (where status),
             count(*) filter (where not status), check_latency_histogram(array_agg(duration))
      from check_statuses group by 1, 2
      on conflict (check_id, created_at) do update set
        duration = r.duration + excluded.duration, total = r.total + excluded.total,
        passed = r.passed + excluded.passed, failed = r.failed + excluded.failed,
        latency_histogram = check_latency_histogram_add(r.latency_histogram, excluded.latency_histogram)`.execute(conn);
  });
  await sql`analyze`.execute(k);
}

const DECODE: Record<string, (b: Buffer) => Buffer> = {
  identity: (b) => b,
  gzip: zlib.gunzipSync,
  br: zlib.brotliDecompressSync,
};

/** One GET as a client sees it: sent, received, decompressed and decoded; `wire` is the bytes sent. */
function get(server: TestServer, path: string, encoding: keyof typeof DECODE) {
  const headers = { ...server.headers('viewer'), 'accept-encoding': encoding };
  const started = performance.now();
  return new Promise<{ ms: number; wire: number; text: string }>((resolve, reject) => {
    http
      .get(`${server.url}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const used = (res.headers['content-encoding'] as keyof typeof DECODE | undefined) ?? 'identity';
          const text = DECODE[used]?.(raw).toString() ?? '';
          if (res.statusCode !== 200) reject(new Error(`${path}: ${res.statusCode} ${text.slice(0, 200)}`));
          else resolve({ ms: performance.now() - started, wire: raw.length, text });
        });
      })
      .on('error', reject);
  });
}

/** p50, p99 and the first (cold) time of `runs` requests after two warm-up ones. */
async function timed(server: TestServer, path: string, encoding: keyof typeof DECODE, runs: number) {
  const times: number[] = [];
  let first = 0;
  let last = { ms: 0, wire: 0, text: '' };
  for (let i = 0; i < runs + 2; i++) {
    last = await get(server, path, encoding);
    if (i === 0) first = last.ms;
    if (i >= 2) times.push(last.ms);
  }
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p99: quantile(times, 0.99), first, wire: last.wire, text: last.text };
}

const ms = (n: number) => `${n.toFixed(0).padStart(5)} ms`;
const mb = (n: number) => `${(n / 1e6).toFixed(2)} MB`;

async function measure(label: string, db: Db, checks: number, days: number, runs: number): Promise<void> {
  const t0 = performance.now();
  await migrate(db);
  await seed(db, checks, days);
  const seeded = ((performance.now() - t0) / 1000).toFixed(1);
  const server = await startTestServer({ db });
  try {
    console.log(`\n${label}: ${checks} checks, ${days} days of rollups (seeded in ${seeded} s)`);
    // gzip: what a browser asks for over plain HTTP (br only over HTTPS)
    for (const [name, range] of RANGES) {
      const r = await timed(server, `/api/canary/api/summary?timeRange=${range}`, 'gzip', runs);
      const rows = (JSON.parse(r.text) as { checks_summary: unknown[] }).checks_summary.length;
      console.log(
        `  ${name.padEnd(4)} p50 ${ms(r.p50)}   p99 ${ms(r.p99)}   first ${r.first.toFixed(0)} ms   ${rows} checks, ${mb(r.text.length)} JSON, ${mb(r.wire)} gzip`,
      );
    }
    console.log('  30d by encoding (latency vs bytes on the wire):');
    for (const encoding of ['identity', 'gzip', 'br'] as const) {
      const r = await timed(server, '/api/canary/api/summary?timeRange=1mo', encoding, runs);
      console.log(`    ${encoding.padEnd(8)} p50 ${ms(r.p50)}   p99 ${ms(r.p99)}   ${mb(r.wire)}`);
    }
  } finally {
    await server.close();
    await db.close();
  }
}

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      checks: { type: 'string', default: '10000' },
      days: { type: 'string', default: '30' },
      runs: { type: 'string', default: '15' },
      postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
      only: { type: 'string' },
    },
  });
  const checks = Number(values.checks);
  const days = Number(values.days);
  const runs = Number(values.runs);

  if (values.only !== 'postgres') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'opsdeck-bench-summary-'));
    const db = await openDatabase({ dataDir: dir });
    try {
      await measure('embedded (PGlite)', db, checks, days, runs);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (values.only !== 'pglite') {
    const name = `opsdeck_bench_summary_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: values.postgres });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(values.postgres);
    url.pathname = `/${name}`;
    const db = await openDatabase({ databaseUrl: url.toString(), poolMax: 5 });
    try {
      await measure('PostgreSQL', db, checks, days, runs);
    } finally {
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
    }
  }
}
