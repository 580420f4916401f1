// `npm run bench -- summary [--checks 10000] [--days 30] [--runs 15] [--postgres URL] [--only pglite|postgres]`:
// generates N checks with `days` of results directly in a fresh database (hourly and daily rollups
// for the whole window, as the result writer keeps them, plus raw check_statuses every 5 minutes
// for the last 2 hours, which is all the summary reads raw), then times GET /api/canary/api/summary
// through the real HTTP server for the ranges 1h, 1d and 30d (1mo) and prints p50/p99 per range,
// on the embedded database and on PostgreSQL. It prints figures; it never fails on time.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { type Db, openDatabase } from '../../apps/server/src/db/connection.js';
import { migrate } from '../../apps/server/src/db/migrate.js';
import { LATENCY_BOUNDS_MS } from '../../apps/server/src/health/latency.js';
import { startTestServer } from '../../apps/server/test/helpers/index.js';

const RANGES = [
  ['1h', '1h'],
  ['1d', '1d'],
  ['30d', '1mo'],
] as const;

/** Fills a migrated database: 100 checks per canary, rollups for `days`, raw results for the last 2 hours. */
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
  for (let day = 0; day < Math.ceil(hours / 24); day++) {
    await sql`insert into check_statuses_1h (check_id, created_at, duration, total, passed, failed, latency_histogram)
      select id, h, 60 * 160, 60, case when name like '%7' then 54 else 60 end, case when name like '%7' then 6 else 0 end,
             ${hist}
      from checks, generate_series(date_trunc('hour', now()) - make_interval(hours => ${Math.min(hours, (day + 1) * 24)}),
                                   date_trunc('hour', now()) - make_interval(hours => ${day * 24 + 1}), interval '1 hour') h`.execute(
      k,
    );
  }
  await sql`insert into check_statuses_1d (check_id, created_at, duration, total, passed, failed, latency_histogram)
    select check_id, d, duration, total, passed, failed,
           (select array_agg(x * n order by i) from unnest(${hist}) with ordinality u(x, i))
    from (select check_id, date_trunc('day', created_at, 'UTC') d, sum(duration) duration, sum(total) total,
                 sum(passed) passed, sum(failed) failed, count(*)::int n
          from check_statuses_1h group by 1, 2) g`.execute(k);
  await sql`insert into check_statuses (check_id, time, status, duration, message)
    select id, t, not (name like '%7' and extract(minute from t)::int % 10 = 0), 20 + (extract(minute from t)::int * 7) % 200, 'ok'
    from checks, generate_series(now() - interval '2 hours', now(), interval '5 minutes') t`.execute(k);
  await sql`analyze`.execute(k);
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;
}

async function measure(label: string, db: Db, checks: number, days: number, runs: number): Promise<void> {
  const t0 = performance.now();
  await migrate(db);
  await seed(db, checks, days);
  const seeded = ((performance.now() - t0) / 1000).toFixed(1);
  const server = await startTestServer({ db });
  try {
    console.log(`\n${label}: ${checks} checks, ${days} days of rollups (seeded in ${seeded} s)`);
    for (const [name, range] of RANGES) {
      const times: number[] = [];
      let bytes = 0;
      let rows = 0;
      let cold = 0;
      for (let i = 0; i < runs + 2; i++) {
        const started = performance.now();
        const res = await server.fetch(`/api/canary/api/summary?timeRange=${range}`, { as: 'viewer' });
        const text = await res.text();
        const ms = performance.now() - started;
        if (res.status !== 200) throw new Error(`${range}: ${res.status} ${text.slice(0, 200)}`);
        if (i === 0) cold = ms;
        if (i >= 2) times.push(ms); // two warm-up requests
        bytes = text.length;
        rows = (JSON.parse(text) as { checks_summary: unknown[] }).checks_summary.length;
      }
      times.sort((a, b) => a - b);
      console.log(
        `  ${name.padEnd(4)} p50 ${quantile(times, 0.5).toFixed(0).padStart(5)} ms   p99 ${quantile(times, 0.99).toFixed(0).padStart(5)} ms   first ${cold.toFixed(0)} ms   ${rows} checks, ${(bytes / 1e6).toFixed(1)} MB JSON`,
      );
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
