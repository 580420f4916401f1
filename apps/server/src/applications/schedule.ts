import type { ApplicationReport } from '@opsdeck/schema';
import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import { parseSchedule } from '../health/index.js';
import { every, runJob } from '../jobs/jobHistory.js';
import { buildReport } from './report/index.js';
import { loadApplication, type StoredApplication } from './store.js';

/** job_history name of a scheduled report rebuild. */
export const APPLICATION_REFRESH_JOB = 'ApplicationReport';

/** Applications rebuilt per pass at most (the rest wait for the next pass). */
const BATCH = 20;

/**
 * Rebuilds the reports of the applications whose `spec.schedule` is due and stores them (each a
 * job_history run). A due time is claimed by moving `next_runtime` forward only where it still
 * holds the value read, so with several processes each run happens once. A new application (no
 * next_runtime yet) is due at once. Answers how many were rebuilt.
 */
export async function refreshDueApplications(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const { rows } = await sql<{
    id: string;
    namespace: string;
    name: string;
    schedule: string;
    next_runtime: Date | null;
  }>`
    select id, namespace, name, spec ->> 'schedule' as schedule, next_runtime from applications
    where deleted_at is null and coalesce(spec ->> 'schedule', '') <> ''
      and (next_runtime is null or next_runtime <= ${now})
    order by next_runtime nulls first limit ${BATCH}`.execute(ctx.db.kysely);
  let done = 0;
  for (const due of rows) {
    let next: Date;
    try {
      next = parseSchedule(due.schedule, `application:${due.id}`).next(now);
    } catch {
      continue; // the schema refuses such a schedule; a row written before that is left alone
    }
    const claimed = await sql`
      update applications set next_runtime = ${next}
      where id = ${due.id} and next_runtime is not distinct from ${due.next_runtime}`.execute(ctx.db.kysely);
    if (!claimed.numAffectedRows) continue;
    const app = await loadApplication(ctx.db.kysely, due.namespace, due.name);
    if (!app) continue;
    await runJob(
      ctx.db,
      ctx.clock,
      { name: APPLICATION_REFRESH_JOB, resourceType: 'application', resourceId: due.id },
      async () => {
        await storeReport(ctx, app);
        return { success: 1 };
      },
    ).catch(() => undefined); // recorded as FAILED in job_history; the next due time retries
    done++;
  }
  return done;
}

/** Builds and stores an application's report now. */
export async function storeReport(ctx: AppContext, app: StoredApplication): Promise<ApplicationReport> {
  const report = await buildReport(ctx.db, app, ctx.clock.now());
  await sql`
    update applications set report = ${JSON.stringify(report)}::jsonb, report_generated_at = ${report.generatedAt}::timestamptz,
      report_spec = md5(spec::text)
    where id = ${app.id}`.execute(ctx.db.kysely);
  return report;
}

/**
 * The report GET answers: a scheduled application's stored report (built now and stored when
 * there is none for its current spec); any other application's built on each request.
 */
export async function currentReport(ctx: AppContext, app: StoredApplication): Promise<ApplicationReport> {
  if (!app.spec.schedule) return buildReport(ctx.db, app, ctx.clock.now());
  const { rows } = await sql<{ report: ApplicationReport | string }>`
    select report from applications where id = ${app.id} and report is not null and report_spec = md5(spec::text)
  `.execute(ctx.db.kysely);
  const stored = rows[0]?.report;
  if (stored) return typeof stored === 'string' ? (JSON.parse(stored) as ApplicationReport) : stored;
  return storeReport(ctx, app);
}

/** Runs the scheduled rebuilds every few seconds in a process that does background work. */
export function startApplicationSchedule(
  ctx: AppContext,
  log: { error(obj: unknown, msg?: string): void },
): { stop(): Promise<void> } {
  return every(5000, () => refreshDueApplications(ctx), {
    firstMs: 1000,
    onError: (err) => log.error({ err }, 'scheduled application reports failed'),
  });
}
