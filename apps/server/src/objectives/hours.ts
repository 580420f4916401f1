import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Executor } from '../events/queue.js';
import { HOUR_MS, type HourEstimate, MINUTE_MS, type MinuteResult } from './budget.js';
import { type Exclusion, type MinuteRule, type MinuteSeries, readRawMinutes, rollupHours } from './minutes.js';

/**
 * The kept hours of an objective (service_level_objective_hours, migration 440): each closed hour
 * of its window computed once by the evaluation job, so a read computes only what is not kept (the
 * open hour and the last minutes) from results. A kept hour holds exactly what `readMinutes` reads
 * of that hour, minute by minute, so figures from kept hours equal figures read from results.
 */

/**
 * How long after an hour ends it is kept: results stamped inside an hour may arrive a little later
 * (a batch written after the minute, an agent's push). A result arriving later than this for a kept
 * hour is not counted until the hour is recomputed (a change of the objective's checks or windows).
 */
export const SETTLE_MS = 10 * MINUTE_MS;
/** Hours computed per query while filling (bounds the rows one query reads). */
const FILL_HOURS = 24;

/** A run of bad minutes of one hour that failed the same checks: [first minute, end minute, check ids]. */
type BadRun = [number, number, string[]];

interface KeptHour {
  hour: number;
  seen: bigint;
  good: bigint;
  bad: bigint;
  runs: BadRun[];
  ratio: number | null;
}

const bit = (i: number) => 1n << BigInt(i);
const floorHour = (t: number) => Math.floor(t / HOUR_MS) * HOUR_MS;

/** What a kept hour is computed from: the indicator, the selected checks and the maintenance covering them. */
export function hoursFingerprint(
  rule: MinuteRule,
  checkIds: string[],
  windows: Array<{ id: string; spec: unknown; checkIds: string[] }>,
): string {
  const parts = {
    rule,
    checks: [...checkIds].sort(),
    windows: windows
      .map((w) => ({ id: w.id, spec: w.spec, checks: [...w.checkIds].sort() }))
      .sort((a, b) => a.id.localeCompare(b.id)),
  };
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** The kept hours of an objective in [from, to) computed with `fingerprint`, oldest first. */
async function readKeptHours(
  db: Executor,
  objectiveId: string,
  fingerprint: string,
  from: number,
  to: number,
): Promise<KeptHour[]> {
  const { rows } = await sql<{
    hour: number;
    seen: string;
    good: string;
    bad: string;
    runs: BadRun[] | string;
    ratio: number | null;
  }>`
    select (extract(epoch from hour) * 1000)::float8 as hour, seen_mask::text as seen, good_mask::text as good,
           bad_mask::text as bad, bad_runs as runs, ratio
    from service_level_objective_hours
    where objective_id = ${objectiveId}::uuid and fingerprint = ${fingerprint}
      and hour >= ${new Date(from)} and hour < ${new Date(to)}
    order by hour`.execute(db);
  return rows.map((r) => ({
    hour: Number(r.hour),
    seen: BigInt(r.seen),
    good: BigInt(r.good),
    bad: BigInt(r.bad),
    runs: typeof r.runs === 'string' ? JSON.parse(r.runs) : r.runs,
    ratio: r.ratio === null ? null : Number(r.ratio),
  }));
}

/**
 * The minutes and hour estimates kept hours stand for in a window starting at `from`: as
 * `readMinutes` reads them, an hour counts raw when it has a raw result at or after the window's
 * first minute, else by its rollup estimate.
 */
function expandKept(kept: KeptHour[], from: number): MinuteSeries {
  const first = Math.floor(from / MINUTE_MS) * MINUTE_MS;
  const minutes: MinuteResult[] = [];
  const hours: HourEstimate[] = [];
  for (const h of kept) {
    const start = Math.max(0, Math.ceil((first - h.hour) / MINUTE_MS));
    let raw = false;
    for (let i = start; i < 60 && !raw; i++) raw = (h.seen & bit(i)) !== 0n;
    if (!raw) {
      if (h.ratio !== null) hours.push({ t: h.hour, ratio: h.ratio });
      continue;
    }
    for (let i = start; i < 60; i++) {
      const t = h.hour + i * MINUTE_MS;
      if ((h.bad & bit(i)) !== 0n) {
        const ids = h.runs.find(([s, e]) => i >= s && i < e)?.[2] ?? [];
        minutes.push({ t, bad: true, ...(ids.length ? { failing: ids } : {}) });
      } else if ((h.good & bit(i)) !== 0n) {
        minutes.push({ t, bad: false });
      }
    }
  }
  return { minutes, hours };
}

/** Contiguous ranges of the hours in [from, to) (hour starts) that are not in `kept`. */
function missingRanges(kept: Set<number>, from: number, to: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let h = floorHour(from); h < to; h += HOUR_MS) {
    if (kept.has(h)) continue;
    const last = out.at(-1);
    if (last && last[1] === h) last[1] = h + HOUR_MS;
    else out.push([h, h + HOUR_MS]);
  }
  return out;
}

/**
 * The minutes of [from, now): kept hours where they are, the rest (the open hour, hours not kept
 * yet) read from results by `readLive`, one call per contiguous range.
 */
export async function minutesWithKeptHours(
  db: Executor,
  objectiveId: string,
  fingerprint: string,
  from: number,
  now: number,
  readLive: (from: number, to: number) => Promise<MinuteSeries>,
): Promise<MinuteSeries> {
  const kept = await readKeptHours(db, objectiveId, fingerprint, floorHour(from), now);
  const out = expandKept(kept, from);
  const ranges = missingRanges(new Set(kept.map((h) => h.hour)), from, now);
  for (const [a, b] of ranges) {
    const live = await readLive(Math.max(a, from), Math.min(b, now));
    out.minutes.push(...live.minutes);
    out.hours.push(...live.hours);
  }
  out.minutes.sort((a, b) => a.t - b.t);
  out.hours.sort((a, b) => a.t - b.t);
  return out;
}

/** Runs of consecutive bad minutes of one hour that failed the same checks. */
function badRuns(bad: Array<{ i: number; ids: string[] }>): BadRun[] {
  const runs: BadRun[] = [];
  for (const m of bad) {
    const last = runs.at(-1);
    if (last && last[1] === m.i && last[2].join() === m.ids.join()) last[1] = m.i + 1;
    else runs.push([m.i, m.i + 1, m.ids]);
  }
  return runs;
}

/** Computes the hours [from, to) (whole hours) from results and stores them under `fingerprint`. */
async function keepRange(
  db: Executor,
  objectiveId: string,
  fingerprint: string,
  checkIds: string[],
  rule: MinuteRule,
  from: number,
  to: number,
  exclusions: Exclusion[],
): Promise<void> {
  const fromTs = new Date(from).toISOString();
  const toTs = new Date(to).toISOString();
  const [raw, estimates] = await Promise.all([
    checkIds.length ? readRawMinutes(db, checkIds, rule, fromTs, toTs, exclusions) : [],
    checkIds.length ? rollupHours(db, checkIds, rule, fromTs, toTs, exclusions, new Set()) : [],
  ]);
  const hours = new Map<
    number,
    { seen: bigint; good: bigint; bad: bigint; failed: Array<{ i: number; ids: string[] }> }
  >();
  for (let h = from; h < to; h += HOUR_MS) hours.set(h, { seen: 0n, good: 0n, bad: 0n, failed: [] });
  for (const m of raw) {
    const h = hours.get(floorHour(m.t));
    if (!h) continue;
    const i = (m.t - floorHour(m.t)) / MINUTE_MS;
    h.seen |= bit(i);
    if (m.n === 0) continue;
    if (m.bad) {
      h.bad |= bit(i);
      h.failed.push({ i, ids: [...(m.failing ?? [])].sort() });
    } else {
      h.good |= bit(i);
    }
  }
  const ratio = new Map(estimates.map((e) => [e.t, e.ratio]));
  const rows = [...hours.entries()];
  await sql`
    insert into service_level_objective_hours as k
      (objective_id, hour, fingerprint, seen_mask, good_mask, bad_mask, bad_runs, ratio)
    select ${objectiveId}::uuid, t.hour, ${fingerprint}, t.seen, t.good, t.bad, t.runs, t.ratio
    from unnest(${rows.map(([h]) => new Date(h).toISOString())}::timestamptz[],
                ${rows.map(([, v]) => v.seen.toString())}::bigint[],
                ${rows.map(([, v]) => v.good.toString())}::bigint[],
                ${rows.map(([, v]) => v.bad.toString())}::bigint[],
                ${rows.map(([, v]) => JSON.stringify(badRuns(v.failed)))}::jsonb[],
                ${rows.map(([h]) => ratio.get(h) ?? null)}::float8[]) as t(hour, seen, good, bad, runs, ratio)
    on conflict (objective_id, hour) do update set fingerprint = excluded.fingerprint,
      seen_mask = excluded.seen_mask, good_mask = excluded.good_mask, bad_mask = excluded.bad_mask,
      bad_runs = excluded.bad_runs, ratio = excluded.ratio`.execute(db);
}

/** What the evaluation needs to keep an objective's hours. */
export interface KeepRequest {
  objectiveId: string;
  fingerprint: string;
  checkIds: string[];
  rule: MinuteRule;
  windowMs: number;
  now: number;
  /** The exclusions (maintenance) of the selected checks over [from, to). */
  exclusions: (from: number, to: number) => Exclusion[];
  /** performance.now() after which no further range is started (the rest waits for the next run). */
  deadline: number;
}

/**
 * Brings an objective's kept hours up to date: drops hours left of its window or computed from
 * something else (another fingerprint), then computes the closed hours not kept yet, newest first,
 * a few hours per query, until `deadline`. Answers how many hours it computed.
 */
export async function keepHours(db: Executor, k: KeepRequest): Promise<number> {
  const windowFrom = floorHour(k.now - k.windowMs);
  const closedTo = floorHour(k.now - SETTLE_MS);
  await sql`
    delete from service_level_objective_hours
    where objective_id = ${k.objectiveId}::uuid and (hour < ${new Date(windowFrom)} or fingerprint <> ${k.fingerprint})`.execute(
    db,
  );
  const { rows } = await sql<{ hour: number }>`
    select (extract(epoch from hour) * 1000)::float8 as hour from service_level_objective_hours
    where objective_id = ${k.objectiveId}::uuid`.execute(db);
  const ranges = missingRanges(new Set(rows.map((r) => Number(r.hour))), windowFrom, closedTo).reverse();
  let done = 0;
  for (const [a, b] of ranges) {
    for (let end = b; end > a; end -= FILL_HOURS * HOUR_MS) {
      if (performance.now() > k.deadline) return done;
      const start = Math.max(a, end - FILL_HOURS * HOUR_MS);
      await keepRange(db, k.objectiveId, k.fingerprint, k.checkIds, k.rule, start, end, k.exclusions(start, end));
      done += (end - start) / HOUR_MS;
    }
  }
  return done;
}

/** Drops the kept hours of objectives that are deleted (soft: their rows stay in service_level_objectives). */
export async function dropDeletedObjectiveHours(db: Executor): Promise<void> {
  await sql`
    delete from service_level_objective_hours k using service_level_objectives o
    where o.id = k.objective_id and o.deleted_at is not null`.execute(db);
}
