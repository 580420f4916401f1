// `npm run bench -- results [--rate 16700] [--seconds 60] [--checks N] [--writers 4] [--fail 0.001] [--rows 1000000] [--postgres URL]`:
// the database side of a million checks a minute. A scratch PostgreSQL database with N checks
// (default rate x 60: each check one result a minute) and check_statuses partitioned by day;
// results go through the real ResultWriter (`apps/server/src/health/results.ts`), one writer per
// simulated worker process (a check's results always through the same one, as a claimed canary
// runs on one worker), at `rate` results a second for `seconds`. Prints the results stored per
// second, the flush statement's latency p50/p99, how long a result waited until stored, the CPU
// of this database's PostgreSQL backends (from /proc) and of this process per 1,000 results, WAL
// and table growth per million results, and the load average. Then retention: two past days of
// `rows` results each, one dropped as a whole partition (what retention does now) and one deleted
// row by row in batches (what it did before, and still does in the day straddling the cutoff),
// timed against each other with the WAL each wrote. It prints figures; it never fails on time.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import type pg from 'pg';
import type { Db } from '../../apps/server/src/db/connection.js';
import { migrate } from '../../apps/server/src/db/migrate.js';
import { addCheckStatusPartitions, dropCheckStatusPartitions } from '../../apps/server/src/health/partitions.js';
import { type PendingResult, ResultWriter } from '../../apps/server/src/health/results.js';
import { deleteBefore } from '../../apps/server/src/health/retention.js';
import { scratchPostgres } from '../lib/postgres.js';
import { processCpuMs } from '../lib/serveProcess.js';

const DAY = 86_400_000;
const quantile = (sorted: number[], q: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number) : Number.NaN;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const mib = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MiB`;

/** N checks in canaries of 100, all healthy (their first result changes nothing). */
async function seedChecks(db: Db, checks: number): Promise<string[]> {
  const k = db.kysely;
  await sql`insert into canaries (name, namespace, spec)
    select 'canary-' || i, 'bench', '{}'::jsonb from generate_series(1, ${Math.ceil(checks / 100)}) i`.execute(k);
  await sql`insert into checks (canary_id, type, name, status)
    select c.id, 'http', 'check-' || i, 'healthy' from generate_series(1, ${checks}) i
    join canaries c on c.name = 'canary-' || (1 + (i - 1) / 100)`.execute(k);
  await sql`analyze`.execute(k);
  const { rows } = await sql<{ id: string }>`select id from checks order by id`.execute(k);
  return rows.map((r) => r.id);
}

/** The flush statement's latency, timed around the pool query the writer sends (`runPrepared`). */
function timedDb(db: Db, latencies: number[]): Db {
  const query = (...args: unknown[]) => {
    const t0 = performance.now();
    const p = (db.pool.query as (...a: unknown[]) => Promise<unknown>)(...args);
    if ((args[0] as { name?: string })?.name === 'opsdeck_write_results') {
      void p.then(() => latencies.push(performance.now() - t0)).catch(() => {});
    }
    return p;
  };
  const pool = new Proxy(db.pool, {
    get(target, key) {
      if (key === 'query') return query;
      const v = Reflect.get(target, key);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  }) as pg.Pool;
  return { ...db, pool };
}

/** CPU of this database's backends: sampled every second, as a backend may leave before the end. */
function backendCpu(db: Db) {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const sample = async () => {
    const { rows } = await sql<{ pid: number }>`
      select pid from pg_stat_activity where datname = current_database()`.execute(db.kysely);
    for (const { pid } of rows) {
      const ms = processCpuMs(pid);
      if (!ms) continue;
      if (!first.has(pid)) first.set(pid, ms);
      last.set(pid, ms);
    }
  };
  const timer = setInterval(() => void sample().catch(() => {}), 1000);
  return {
    sample,
    async stop(): Promise<number> {
      clearInterval(timer);
      await sample();
      let total = 0;
      for (const [pid, ms] of last) total += ms - (first.get(pid) ?? ms);
      return total;
    },
  };
}

async function walLsn(db: Db): Promise<string> {
  const { rows } = await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(db.kysely);
  return rows[0]?.lsn as string;
}

async function walSince(db: Db, lsn: string): Promise<number> {
  const { rows } = await sql<{ bytes: string }>`
    select pg_wal_lsn_diff(pg_current_wal_lsn(), ${lsn}::pg_lsn)::bigint::text as bytes`.execute(db.kysely);
  return Number(rows[0]?.bytes);
}

/** Bytes on disk (tables, indexes, toast) of the raw results, the rollups and the checks. */
async function sizes(db: Db): Promise<{ raw: number; rollups: number; checks: number }> {
  const { rows } = await sql<{ raw: string; rollups: string; checks: string }>`
    select
      (select coalesce(sum(pg_total_relation_size(inhrelid)), 0) from pg_inherits
        where inhparent = 'check_statuses'::regclass)::bigint::text as raw,
      (pg_total_relation_size('check_statuses_1h') + pg_total_relation_size('check_statuses_1d'))::bigint::text as rollups,
      pg_total_relation_size('checks')::bigint::text as checks`.execute(db.kysely);
  const r = rows[0] as { raw: string; rollups: string; checks: string };
  return { raw: Number(r.raw), rollups: Number(r.rollups), checks: Number(r.checks) };
}

interface WriteOptions {
  rate: number;
  seconds: number;
  writers: number;
  fail: number;
}

/** Offers `rate` results a second for `seconds` and waits until every one is stored. */
async function writePhase(db: Db, ids: string[], o: WriteOptions): Promise<void> {
  const flushMs: number[] = [];
  const waitMs: number[] = [];
  let stored = 0;
  let errors = 0;
  const tdb = timedDb(db, flushMs);
  const writers = Array.from(
    { length: o.writers },
    () =>
      new ResultWriter(tdb, {
        onError: () => errors++,
        onStored: (batch: readonly PendingResult[]) => {
          stored += batch.length;
          const now = Date.now();
          for (let i = 0; i < batch.length; i += 50) waitMs.push(now - (batch[i] as PendingResult).time.getTime());
        },
      }),
  );
  for (const w of writers) w.start();
  // connections open before the CPU baseline, so the backends are there to be sampled
  await Promise.all(Array.from({ length: o.writers + 1 }, () => sql`select 1`.execute(db.kysely)));
  const cpu = backendCpu(db);
  await cpu.sample();
  const wal = await walLsn(db);
  const before = await sizes(db);
  const self0 = process.cpuUsage();
  console.log(`writing: ${o.rate} results/s for ${o.seconds} s through ${o.writers} writers; load ${load()}`);

  const t0 = performance.now();
  let offered = 0;
  const total = Math.round(o.rate * o.seconds);
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - t0) / 1000) * o.rate));
      const now = new Date();
      for (; offered < due; offered++) {
        const check = offered % ids.length;
        (writers[check % o.writers] as ResultWriter).add({
          checkId: ids[check] as string,
          time: now,
          pass: Math.random() >= o.fail,
          duration: 20 + (offered % 180),
          message: 'ok',
        });
      }
      if (offered >= total) {
        clearInterval(tick);
        resolve();
      }
    }, 5);
  });
  const offeredS = (performance.now() - t0) / 1000;
  for (const w of writers) await w.stop();
  const elapsedS = (performance.now() - t0) / 1000;
  const pgCpuMs = await cpu.stop();
  const self = process.cpuUsage(self0);
  const walBytes = await walSince(db, wal);
  const after = await sizes(db);
  const perMillion = (bytes: number) => mib((bytes * 1e6) / Math.max(1, stored));
  flushMs.sort((a, b) => a - b);
  waitMs.sort((a, b) => a - b);

  console.log(
    `  stored ${stored.toLocaleString()} of ${total.toLocaleString()} (errors ${errors}) in ${elapsedS.toFixed(1)} s` +
      ` (offered over ${offeredS.toFixed(1)} s, drained ${(elapsedS - offeredS).toFixed(1)} s after)`,
  );
  console.log(`  achieved ${(stored / elapsedS).toFixed(0)} results/s against ${o.rate} offered`);
  console.log(
    `  flush statement: ${flushMs.length} flushes of ${(stored / Math.max(1, flushMs.length)).toFixed(0)} results,` +
      ` p50 ${quantile(flushMs, 0.5).toFixed(0)} ms, p99 ${quantile(flushMs, 0.99).toFixed(0)} ms, max ${quantile(flushMs, 1).toFixed(0)} ms`,
  );
  console.log(
    `  result to stored: p50 ${quantile(waitMs, 0.5).toFixed(0)} ms, p99 ${quantile(waitMs, 0.99).toFixed(0)} ms`,
  );
  console.log(
    `  CPU per 1,000 results: PostgreSQL backends ${((pgCpuMs * 1000) / stored).toFixed(1)} ms` +
      ` (${(pgCpuMs / 1000 / elapsedS).toFixed(2)} cores), this process (writers and generator)` +
      ` ${(((self.user + self.system) / 1000) * (1000 / stored)).toFixed(1)} ms`,
  );
  console.log(
    `  per million results: WAL ${perMillion(walBytes)} (the whole server's: other databases write too),` +
      ` raw results +${perMillion(after.raw - before.raw)}, rollups +${perMillion(after.rollups - before.rollups)},` +
      ` checks +${perMillion(after.checks - before.checks)}`,
  );
  console.log(`  load average after: ${load()}`);
}

/** `rows` results on one UTC day, spread over the checks and the day. */
async function fillDay(db: Db, day: Date, rows: number, checks: number): Promise<void> {
  const perCheck = Math.ceil(rows / checks);
  await sql`insert into check_statuses (check_id, time, status, duration, message)
    select c.id, ${day}::timestamptz + ((g * ${checks} + c.k) * (86400.0 / ${rows})) * interval '1 second', true, 20, 'ok'
    from (select id, row_number() over (order by id) - 1 as k from checks) c, generate_series(0, ${perCheck - 1}) g
    where g * ${checks} + c.k < ${rows}`.execute(db.kysely);
}

/** One past day dropped as a partition against another deleted in batches, as retention deletes rows. */
async function retentionPhase(db: Db, rows: number, checks: number): Promise<void> {
  const today = Math.floor(Date.now() / DAY) * DAY;
  const dropped = new Date(today - 41 * DAY);
  const deleted = new Date(today - 40 * DAY);
  // the partitions of those two days, created as the retention job creates them around its "now"
  await addCheckStatusPartitions(db, new Date(dropped.getTime() + DAY));
  console.log(`retention: two days of ${rows.toLocaleString()} results each; load ${load()}`);
  const s0 = performance.now();
  await fillDay(db, dropped, rows, checks);
  await fillDay(db, deleted, rows, checks);
  await sql`vacuum analyze check_statuses`.execute(db.kysely);
  console.log(`  seeded in ${((performance.now() - s0) / 1000).toFixed(1)} s`);

  let wal = await walLsn(db);
  let t0 = performance.now();
  const partitions = await dropCheckStatusPartitions(db, new Date(dropped.getTime() + DAY));
  const dropMs = performance.now() - t0;
  const dropWal = await walSince(db, wal);

  wal = await walLsn(db);
  t0 = performance.now();
  const n = await deleteBefore(db, 'check_statuses', new Date(deleted.getTime() + DAY));
  const deleteMs = performance.now() - t0;
  const deleteWal = await walSince(db, wal);
  console.log(`  drop the day's partition (${partitions} dropped): ${dropMs.toFixed(0)} ms, WAL ${mib(dropWal)}`);
  console.log(
    `  delete the same number of rows (${n.toLocaleString()}, 10,000 a statement): ${deleteMs.toFixed(0)} ms,` +
      ` WAL ${mib(deleteWal)} (and the dead rows still to vacuum)`,
  );
  console.log(`  delete / drop: ${(deleteMs / dropMs).toFixed(0)}x the time; load ${load()}`);
}

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      rate: { type: 'string', default: '16700' },
      seconds: { type: 'string', default: '60' },
      checks: { type: 'string' },
      writers: { type: 'string', default: '4' },
      fail: { type: 'string', default: '0.001' },
      rows: { type: 'string', default: '1000000' },
      postgres: { type: 'string', default: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
    },
  });
  const rate = Number(values.rate);
  const seconds = Number(values.seconds);
  const writers = Number(values.writers);
  const checks = Number(values.checks ?? Math.round(rate * 60));
  const scratch = await scratchPostgres(values.postgres, writers + 4);
  if (!scratch) return;
  try {
    const { db } = scratch;
    await migrate(db);
    console.log(`${os.cpus().length} cores, load ${load()}; seeding ${checks.toLocaleString()} checks`);
    const s0 = performance.now();
    const ids = await seedChecks(db, checks);
    console.log(`  seeded in ${((performance.now() - s0) / 1000).toFixed(1)} s`);
    await writePhase(db, ids, { rate, seconds, writers, fail: Number(values.fail) });
    await retentionPhase(db, Number(values.rows), checks);
  } finally {
    await scratch.drop();
  }
}
