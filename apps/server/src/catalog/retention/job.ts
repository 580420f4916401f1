import { parseDuration, type ScrapeRetention } from '@opsdeck/schema';
import { sql } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import { runJob } from '../../jobs/jobHistory.js';
import { compactChangeDays } from '../changeDays.js';
import '../tables.js';

/**
 * The catalog's retention job (hourly in worker processes, runs/worker.ts), per live scraper:
 * - `retention.changes[{name, age, count}]`: changes of that change type on the scraper's items
 *   older than `age` are deleted, and of each item only the newest `count` are kept;
 * - `retention.staleAnalysisAge` (default 48h, `keep`: never): open insights of its items not
 *   observed again for longer are resolved.
 * `retention.staleItemAge` is applied at the end of each clean scrape (ingest.ts), since only a
 * scrape knows what it no longer saw. Every statement is idempotent, so several processes may
 * run the job at once. Written as one job_history row `catalog_retention`. Ends by compacting the
 * summary's change day counts (changeDays.ts).
 */

export const DEFAULT_STALE_ANALYSIS_AGE = '48h';

/** Rows of one delete statement at most, so a first run over a big history never holds long locks. */
const BATCH = 1000;

export interface RetentionOutcome {
  changesDeleted: number;
  analysesResolved: number;
}

function ageMs(age: string | undefined): number | undefined {
  if (!age || age === 'keep') return undefined;
  return parseDuration(age);
}

async function deleteInBatches(run: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await run();
    total += n;
    if (n < BATCH) return total;
  }
}

/** Applies the changes and insights retention of one scraper. */
export async function applyScraperRetention(
  db: Db,
  scraperId: string,
  retention: ScrapeRetention | undefined,
  now: Date,
): Promise<RetentionOutcome> {
  const out: RetentionOutcome = { changesDeleted: 0, analysesResolved: 0 };
  for (const rule of retention?.changes ?? []) {
    const age = ageMs(rule.age);
    if (age !== undefined) {
      const cutoff = new Date(now.getTime() - age);
      out.changesDeleted += await deleteInBatches(async () => {
        const r = await sql`
          delete from config_changes where id in (
            select c.id from config_changes c join config_items i on i.id = c.config_id
            where i.scraper_id = ${scraperId} and c.change_type = ${rule.name} and c.created_at < ${cutoff}
            limit ${BATCH})`.execute(db.kysely);
        return Number(r.numAffectedRows ?? 0);
      });
    }
    if (rule.count !== undefined) {
      out.changesDeleted += await deleteInBatches(async () => {
        const r = await sql`
          delete from config_changes where id in (
            select id from (
              select c.id, row_number() over (partition by c.config_id order by c.created_at desc, c.id desc) as n
              from config_changes c join config_items i on i.id = c.config_id
              where i.scraper_id = ${scraperId} and c.change_type = ${rule.name}
            ) ranked where n > ${rule.count} limit ${BATCH})`.execute(db.kysely);
        return Number(r.numAffectedRows ?? 0);
      });
    }
  }
  const staleAnalysis = ageMs(retention?.staleAnalysisAge ?? DEFAULT_STALE_ANALYSIS_AGE);
  if (staleAnalysis !== undefined) {
    const cutoff = new Date(now.getTime() - staleAnalysis);
    const r = await sql`
      update config_analysis a set status = 'resolved'
      from config_items i
      where i.id = a.config_id and i.scraper_id = ${scraperId} and a.status = 'open'
        and coalesce(a.last_observed, a.first_observed) < ${cutoff}`.execute(db.kysely);
    out.analysesResolved += Number(r.numAffectedRows ?? 0);
  }
  return out;
}

/** Runs the retention of every live scraper as one job. */
export async function applyCatalogRetention(db: Db, clock: Clock): Promise<RetentionOutcome> {
  const total: RetentionOutcome = { changesDeleted: 0, analysesResolved: 0 };
  await runJob(db, clock, { name: 'catalog_retention' }, async () => {
    const scrapers = await db.kysely
      .selectFrom('config_scrapers')
      .select(['id', 'spec'])
      .where('deleted_at', 'is', null)
      .execute();
    const errors: string[] = [];
    const now = clock.now();
    for (const s of scrapers) {
      try {
        const r = await applyScraperRetention(db, s.id, (s.spec as { retention?: ScrapeRetention }).retention, now);
        total.changesDeleted += r.changesDeleted;
        total.analysesResolved += r.analysesResolved;
      } catch (err) {
        errors.push(`scraper ${s.id}: ${(err as Error).message}`);
      }
    }
    await compactChangeDays(db);
    return {
      success: scrapers.length - errors.length,
      errors,
      details: { changes_deleted: total.changesDeleted, analyses_resolved: total.analysesResolved },
    };
  });
  return total;
}
