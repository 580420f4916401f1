import { sql } from 'kysely';
import type { Clock } from '../clock.js';
import type { Db } from '../db/connection.js';
import { runJob } from '../jobs/jobHistory.js';
import { addCheckStatusPartitions, dropCheckStatusPartitions } from './partitions.js';

/**
 * Retention of check history, from `properties` (days): raw results
 * `check.status.retention.days` (30), hourly rollups `check.status.retention.1h.days` (90), daily
 * rollups `check.status.retention.1d.days` (270), as canary-checker keeps them. Canary run rows
 * in job_history keep the last `job.history.canary.keep` (3) successes and twice as many others
 * per canary, as its "high" job retention does.
 */
export const RETENTION_DEFAULTS = {
  'check.status.retention.days': 30,
  'check.status.retention.1h.days': 90,
  'check.status.retention.1d.days': 270,
  'job.history.canary.keep': 3,
} as const;

type RetentionSetting = keyof typeof RETENTION_DEFAULTS;

async function settings(db: Db): Promise<Record<RetentionSetting, number>> {
  const rows = await db.kysely
    .selectFrom('properties')
    .select(['name', 'value'])
    .where('name', 'in', Object.keys(RETENTION_DEFAULTS))
    .where('deleted_at', 'is', null)
    .execute();
  const out = { ...RETENTION_DEFAULTS } as Record<RetentionSetting, number>;
  for (const r of rows) {
    const n = Number(r.value);
    if (Number.isFinite(n) && n > 0) out[r.name as RetentionSetting] = n;
  }
  return out;
}

const BATCH = 10_000;

/**
 * Deletes in batches so a large backlog never holds one long transaction. Raw results go by their
 * key, as a ctid names a row only within one partition; the time bound in the outer delete lets
 * the planner skip every partition newer than the cutoff.
 */
export async function deleteBefore(
  db: Db,
  table: 'check_statuses' | 'check_statuses_1h' | 'check_statuses_1d',
  cutoff: Date,
) {
  const rows =
    table === 'check_statuses'
      ? sql`delete from check_statuses where time < ${cutoff} and (check_id, time) in (
          select check_id, time from check_statuses where time < ${cutoff} limit ${BATCH})`
      : sql`delete from ${sql.table(table)} where ctid in (
          select ctid from ${sql.table(table)} where created_at < ${cutoff} limit ${BATCH})`;
  let total = 0;
  for (;;) {
    const { numAffectedRows } = await rows.execute(db.kysely);
    const n = Number(numAffectedRows ?? 0);
    total += n;
    if (n < BATCH) return total;
  }
}

/**
 * Applies the retention settings once, recorded in job_history as CheckStatusRetention. Raw
 * results: the coming days' partitions are created, whole days past the retention dropped
 * (`check_statuses_partitions`), and only the day straddling the cutoff and the default
 * partition are deleted row by row (`check_statuses`).
 */
export async function applyCheckRetention(db: Db, clock: Clock): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  await runJob(db, clock, { name: 'CheckStatusRetention' }, async () => {
    const s = await settings(db);
    const ago = (days: number) => new Date(clock.now().getTime() - days * 86_400_000);
    const rawCutoff = ago(s['check.status.retention.days']);
    await addCheckStatusPartitions(db, clock.now());
    deleted.check_statuses_partitions = await dropCheckStatusPartitions(db, rawCutoff);
    deleted.check_statuses = await deleteBefore(db, 'check_statuses', rawCutoff);
    deleted.check_statuses_1h = await deleteBefore(db, 'check_statuses_1h', ago(s['check.status.retention.1h.days']));
    deleted.check_statuses_1d = await deleteBefore(db, 'check_statuses_1d', ago(s['check.status.retention.1d.days']));
    const keep = s['job.history.canary.keep'];
    const { numAffectedRows } = await sql`
      delete from job_history where id in (
        select id from (
          select id, status, row_number() over (
            partition by resource_id, status = 'SUCCESS' order by created_at desc) as n
          from job_history where resource_type = 'canary' and name = 'Canary'
        ) ranked
        where n > case when status = 'SUCCESS' then ${keep}::int else ${keep * 2}::int end)`.execute(db.kysely);
    deleted.job_history = Number(numAffectedRows ?? 0);
    return { success: 1, details: { deleted } };
  });
  return deleted;
}
