import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { LATENCY_BOUNDS_MS } from './latency.js';
import { ChangeMarker, nextGeneration } from './summaryMarker.js';
import type { PartStats } from './summaryStats.js';

const BUCKETS = LATENCY_BOUNDS_MS.length + 1;

/** A check's check_statuses_1h row of the current hour, with the generation of its last change. */
export interface HourRow extends PartStats {
  gen: number;
}

/** The current hour's rollup rows, kept between requests and read again only where they changed. */
export interface CurrentHour {
  start: number;
  rows: Map<string, HourRow>;
  /** Moves when rows went away (older items may hold them): every item is written again then. */
  epoch: number;
  marker: ChangeMarker;
}

const kept = new WeakMap<Db, CurrentHour>();
const reading = new WeakMap<Db, { start: number; hour: Promise<CurrentHour> }>();

/**
 * Every check's check_statuses_1h row of the hour starting at `hour`. The result writer adds
 * each result to its row and stamps it (updated_at); a request reads only the rows stamped since
 * the previous read (summaryMarker.ts), instead of every check's row as one 10 MB JSON text at
 * 100,000 checks. Concurrent calls for the same hour share one read; `now` is the summary clock's.
 */
export function currentHour(db: Db, hour: Date, now: Date): Promise<CurrentHour> {
  const start = hour.getTime();
  const pending = reading.get(db);
  if (pending && pending.start === start) return pending.hour;
  const read = readHour(db, start, now).finally(() => {
    if (reading.get(db)?.hour === read) reading.delete(db);
  });
  reading.set(db, { start, hour: read });
  return read;
}

async function readHour(db: Db, start: number, now: Date): Promise<CurrentHour> {
  const before = kept.get(db);
  const same = before?.start === start ? before : undefined;
  const since = same?.marker.since(now);
  const { rows } = await sql<{ at: Date | string; rows: string }>`
    select now() as at,
           (select coalesce(json_agg(json_build_array(check_id, passed, failed, latency_histogram)), '[]')::text
            from check_statuses_1h
            where created_at = ${new Date(start)} ${since ? sql`and updated_at >= ${since}` : sql``}) as rows`.execute(
    db.kysely,
  );
  const r = rows[0] as (typeof rows)[number];
  const read = JSON.parse(r.rows) as Array<[string, number, number, number[] | null]>;
  // a whole read starts a new map, so that rows gone from the table go from it too
  const hour: CurrentHour =
    same && since
      ? same
      : { start, rows: new Map(), epoch: same?.epoch ?? nextGeneration(), marker: same?.marker ?? new ChangeMarker() };
  let gen = 0;
  for (const [id, passed, failed, h] of read) {
    const old = same?.rows.get(id);
    if (old && old.passed === passed && old.failed === failed && sameHist(old.hist, h)) {
      hour.rows.set(id, old);
      continue;
    }
    gen ||= nextGeneration();
    hour.rows.set(id, { passed, failed, hist: Array.from({ length: BUCKETS }, (_, i) => h?.[i] ?? 0), gen });
  }
  if (same && !since && same.rows.size > 0) {
    for (const id of same.rows.keys()) {
      if (!hour.rows.has(id)) {
        hour.epoch = nextGeneration();
        break;
      }
    }
  }
  hour.marker.read(new Date(r.at), since === undefined, now);
  kept.set(db, hour);
  return hour;
}

function sameHist(kept: number[], read: number[] | null): boolean {
  for (let i = 0; i < BUCKETS; i++) if (kept[i] !== (read?.[i] ?? 0)) return false;
  return true;
}
