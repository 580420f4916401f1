import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { processOwner } from '../../workers/owner.js';
import './tables.js';

/**
 * Claims of scraper runs in `config_scraper_schedules`. A scheduled run is claimed by moving
 * `next_runtime` forward only where it still holds the due time (compare-and-set, as the check
 * scheduler does); every run, scheduled or Run Now, also takes a lease (`running_until`) that no
 * other claim may cross while it holds, so one scraper never runs twice at once across processes.
 * A process that dies mid-run loses its lease when `running_until` passes.
 */

export { processOwner };

/** A scheduled run due `at` whose claim moves the next run to `next`. */
export interface DueRun {
  scraperId: string;
  at: Date;
  next: Date;
}

/** Scrapers of `ids` whose next run is due by `now` and that are not running; oldest first. */
export async function dueRuns(db: Db, ids: string[], now: Date): Promise<Array<{ scraperId: string; at: Date }>> {
  if (!ids.length) return [];
  const { rows } = await sql<{ scraper_id: string; next_runtime: Date }>`
    select scraper_id, next_runtime from config_scraper_schedules
    where next_runtime <= ${now} and scraper_id = any(${ids}::uuid[])
      and (running_until is null or running_until <= ${now})
    order by next_runtime`.execute(db.kysely);
  return rows.map((r) => ({ scraperId: r.scraper_id, at: r.next_runtime }));
}

/** Claims a due run and takes the lease until `until`; false when another process won it. */
export async function claimDue(db: Db, run: DueRun, now: Date, until: Date, owner = processOwner): Promise<boolean> {
  const { rows } = await sql<{ scraper_id: string }>`
    update config_scraper_schedules
    set next_runtime = ${run.next}, claimed_by = ${owner}, leased_by = ${owner}, running_until = ${until},
      updated_at = now()
    where scraper_id = ${run.scraperId} and next_runtime = ${run.at}
      and (running_until is null or running_until <= ${now})
    returning scraper_id`.execute(db.kysely);
  return rows.length === 1;
}

/**
 * Takes the lease for a run outside the schedule (Run Now); false while another run holds it.
 * The schedule's claimant stays as it is (it keeps watching kubernetes scrapers).
 * `firstRun` is the next scheduled run stored when the scraper has no schedule row yet.
 */
export async function claimNow(
  db: Db,
  scraperId: string,
  now: Date,
  until: Date,
  firstRun: Date,
  owner = processOwner,
): Promise<boolean> {
  const { rows } = await sql<{ scraper_id: string }>`
    insert into config_scraper_schedules as s (scraper_id, next_runtime, leased_by, running_until)
    values (${scraperId}, ${firstRun}, ${owner}, ${until})
    on conflict (scraper_id) do update set leased_by = excluded.leased_by, running_until = excluded.running_until,
      updated_at = now()
    where s.running_until is null or s.running_until <= ${now}
    returning s.scraper_id`.execute(db.kysely);
  return rows.length === 1;
}

/** Ends this process's lease on a scraper once its run is over. */
export async function releaseLease(db: Db, scraperId: string, owner = processOwner): Promise<void> {
  await sql`
    update config_scraper_schedules set running_until = null, leased_by = null, updated_at = now()
    where scraper_id = ${scraperId} and leased_by = ${owner}`.execute(db.kysely);
}

/**
 * Lifts the leases a dead worker held (workers/registry.ts): its scrapers run again at their next
 * slot instead of waiting out `running_until`. Only rows still leased by it, so a lease taken
 * since by another process is untouched.
 */
export async function releaseLeasesOf(db: Db, dead: string): Promise<number> {
  const { rows } = await sql<{ scraper_id: string }>`
    update config_scraper_schedules set running_until = null, leased_by = null, updated_at = now()
    where leased_by = ${dead} returning scraper_id`.execute(db.kysely);
  return rows.length;
}

/** Stores the first run of scrapers that have none (`reset`: also replaces a stored one, for a new schedule). */
export async function storeFirstRuns(db: Db, runs: Array<{ id: string; at: Date }>, reset: boolean): Promise<void> {
  if (!runs.length) return;
  await sql`
    insert into config_scraper_schedules (scraper_id, next_runtime)
    select * from unnest(${runs.map((r) => r.id)}::uuid[], ${runs.map((r) => r.at.toISOString())}::timestamptz[])
    on conflict (scraper_id) do ${reset ? sql`update set next_runtime = excluded.next_runtime, updated_at = now()` : sql`nothing`}`.execute(
    db.kysely,
  );
}
