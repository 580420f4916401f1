import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/connection.js';
import { LATENCY_BOUNDS_MS } from '../../apps/server/src/health/latency.js';

/** Which hours get a check_statuses_1h row besides the raw ones. */
export interface SeedOptions {
  /**
   * Every hour of the window (what an objective reads). Otherwise only the hours a summary of
   * 1h, 1d or `days` reads from the hourly rollups (the last 25 hours and the window's first UTC
   * day): the other hours are in the daily rollups, and a summary never reads their hourly rows.
   */
  everyHour?: boolean;
  /** Called after each step with its name and seconds taken (to see where seeding time goes). */
  step?: (name: string, seconds: number) => void;
}

/**
 * Fills a migrated database: 100 checks per canary and `days` of results, one a minute per check
 * in the hourly and daily rollups. The hours a summary reads raw are also kept raw (a result every
 * 5 minutes): the current hour and the one before, and the two hours at the start of a 1-day and
 * of a `days` window (the partial first hour of a window is raw; the hour after it covers a run
 * that crosses the hour). Those hours' rollups are folded from their raw rows, as the result
 * writer folds them, so rollups and raw rows agree where both exist; each day's rollup counts all
 * its hours, stored hourly or not, as retention keeps days longer than hours. Everything is
 * generated in SQL (INSERT ... SELECT over generate_series), and the large tables are loaded with
 * their indexes and foreign-key checks off (rebuilt afterwards), which makes seeding the embedded
 * database several times faster.
 */
export async function seed(db: Db, checks: number, days: number, opts: SeedOptions = {}): Promise<void> {
  const k = db.kysely;
  let last = performance.now();
  const done = (name: string) => {
    const now = performance.now();
    opts.step?.(name, (now - last) / 1000);
    last = now;
  };
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
  done('checks');
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
  const windowHours = days * 24;
  // hours back from the current one (0) that are kept raw
  const rawAgo = [...new Set([0, 1, 23, 24, windowHours - 1, windowHours])].filter((h) => h >= 0 && h <= hours);
  const hour = sql`date_trunc('hour', now(), 'UTC')`;
  const synthetic = sql`(select ${hour} - make_interval(hours => o) as h from generate_series(1, ${hours}) o
                         where o <> all(${rawAgo}::int[])) s`;
  // the hours a summary reads hourly: the last 25, and those of the UTC day the window starts in
  // (from an hour before the window, for a run that crosses the hour)
  const windowStart = sql`${hour} - make_interval(hours => ${windowHours + 1})`;
  const readHourly = opts.everyHour
    ? sql`true`
    : sql`(s.h >= ${hour} - interval '25 hours'
           or (s.h >= ${windowStart} and s.h < date_trunc('day', ${windowStart}, 'UTC') + interval '1 day'))`;
  // Every check of a kind (failing 1 in 10, or never) has the same raw results; they, and what
  // the rollups take from them, are computed once per kind and joined to the checks.
  const kind = sql`(c.name like '%7')`;
  // one transaction: one now() for every row
  await k.transaction().execute(async (conn) => {
    await sql`set local session_replication_role = replica`.execute(conn); // no per-row foreign-key checks
    await sql`create temp table seed_raw on commit drop as
      select fails, t, not (fails and extract(minute from t)::int % 10 = 0) as status,
             20 + (extract(minute from t)::int * 7) % 200 as duration
      from (values (false), (true)) k(fails), unnest(${rawAgo}::int[]) ago,
           generate_series(${hour} - make_interval(hours => ago), ${hour} - make_interval(hours => ago) + interval '55 minutes',
                           interval '5 minutes') t
      where t <= now()`.execute(conn);
    await sql`insert into check_statuses (check_id, time, status, duration, message)
      select c.id, r.t, r.status, r.duration, 'ok' from checks c join seed_raw r on r.fails = ${kind}`.execute(conn);
    done('raw results');
    await sql`alter table check_statuses_1h drop constraint check_statuses_1h_pkey`.execute(conn);
    await sql`drop index check_statuses_1h_created_at_idx`.execute(conn);
    await sql`insert into check_statuses_1h (check_id, created_at, duration, total, passed, failed, latency_histogram)
      select c.id, h, 60 * 160, 60, case when ${kind} then 54 else 60 end, case when ${kind} then 6 else 0 end, ${hist}
      from checks c, ${synthetic} where ${readHourly}`.execute(conn);
    done('hourly rollups');
    // the raw hours' rollups, folded from their raw rows as the result writer does
    await sql`insert into check_statuses_1h (check_id, created_at, duration, total, passed, failed, latency_histogram)
      select c.id, r.hour, r.duration, r.total, r.passed, r.failed, r.hist
      from checks c join (
        select fails, date_trunc('hour', t, 'UTC') as hour, sum(duration) as duration, count(*) as total,
               count(*) filter (where status) as passed, count(*) filter (where not status) as failed,
               check_latency_histogram(array_agg(duration)) as hist
        from seed_raw group by 1, 2) r on r.fails = ${kind}`.execute(conn);
    done('rollups of the raw hours');
    await sql`alter table check_statuses_1h add primary key (check_id, created_at)`.execute(conn);
    await sql`create index check_statuses_1h_created_at_idx on check_statuses_1h (created_at)`.execute(conn);
    done('hourly indexes');
    // each UTC day is the sum of its hours: n synthetic hours (the same hourly row n times) and
    // the raw hours that fall in it, as the result writer adds them
    await sql`alter table check_statuses_1d drop constraint check_statuses_1d_pkey`.execute(conn);
    await sql`drop index check_statuses_1d_created_at_idx`.execute(conn);
    await sql`insert into check_statuses_1d (check_id, created_at, duration, total, passed, failed, latency_histogram)
      with synth as (select date_trunc('day', h, 'UTC') as day, count(*)::int as n from ${synthetic} group by 1),
           raw as (select fails, date_trunc('day', t, 'UTC') as day, sum(duration) as duration, count(*) as total,
                          count(*) filter (where status) as passed, count(*) filter (where not status) as failed,
                          check_latency_histogram(array_agg(duration)) as hist
                   from seed_raw group by 1, 2),
           days as (select k.fails, d.day, coalesce(s.n, 0) as n
                    from (values (false), (true)) k(fails),
                         (select day from synth union select day from raw) d left join synth s using (day)),
           -- materialized: a few dozen rows computed once, not once per check they are joined to
           per_kind as materialized (
             select d.fails, d.day,
                    60 * 160 * d.n + coalesce(r.duration, 0) as duration, 60 * d.n + coalesce(r.total, 0) as total,
                    case when d.fails then 54 else 60 end * d.n + coalesce(r.passed, 0) as passed,
                    case when d.fails then 6 else 0 end * d.n + coalesce(r.failed, 0) as failed,
                    check_latency_histogram_add(
                      (select array_agg(x * d.n order by i) from unnest(${hist}) with ordinality u(x, i)), r.hist) as hist
             from days d left join raw r using (fails, day))
      select c.id, p.day, p.duration, p.total, p.passed, p.failed, p.hist
      from checks c join per_kind p on p.fails = ${kind}`.execute(conn);
    done('daily rollups');
    await sql`alter table check_statuses_1d add primary key (check_id, created_at)`.execute(conn);
    await sql`create index check_statuses_1d_created_at_idx on check_statuses_1d (created_at)`.execute(conn);
    done('daily indexes');
  });
  await sql`analyze`.execute(k);
  done('analyze');
}
