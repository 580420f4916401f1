import type { ObjectiveDetail } from '@opsdeck/schema';
import { sql } from 'kysely';
import type { Executor } from '../events/queue.js';
import type { ObjectiveComputation } from './figures.js';
import type { StoredObjective } from './store.js';

/** Most incidents the detail lists (the newest). */
const MAX_INCIDENTS = 50;

/**
 * Incidents about the objective's checks (an evidence names one) that were open at some time in
 * [from, now]: created before now and not resolved or closed before the window began.
 */
async function incidentsIn(
  db: Executor,
  checkIds: string[],
  from: number,
  now: number,
): Promise<ObjectiveDetail['incidents']> {
  if (checkIds.length === 0) return [];
  const { rows } = await sql<{ id: string; title: string; status: string; severity: string; created_at: Date }>`
    select i.id, i.title, i.status, i.severity, i.created_at from incidents i
    where i.created_at <= ${new Date(now)}
      and coalesce(i.resolved, i.closed, 'infinity'::timestamptz) >= ${new Date(from)}
      and exists (select 1 from hypotheses h join evidences e on e.hypothesis_id = h.id
                  where h.incident_id = i.id and e.check_id = any(${checkIds}::uuid[]))
    order by i.created_at desc limit ${MAX_INCIDENTS}`.execute(db);
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() }));
}

/** The detail page's answer: the figures, the spec, the checks read, bad intervals, incidents and maintenance. */
export async function objectiveDetail(
  db: Executor,
  o: StoredObjective,
  c: ObjectiveComputation,
  now: number,
  withIncidents: boolean,
): Promise<ObjectiveDetail> {
  const ids = c.checks.map((k) => k.id);
  return {
    ...c.figures,
    spec: o.spec,
    checks: c.checks.map((k) => ({ id: k.id, name: k.name, status: k.health })),
    bad_intervals: c.budget.bad_intervals,
    incidents: withIncidents ? await incidentsIn(db, ids, c.from, now) : [],
    maintenance: c.maintenance.map((m) => ({
      id: m.window.id,
      name: m.window.name,
      start: new Date(m.start).toISOString(),
      end: new Date(m.end).toISOString(),
    })),
  };
}
