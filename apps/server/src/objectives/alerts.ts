import type { ObjectiveFigures } from '@opsdeck/schema';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types.js';
import type { Executor } from '../events/queue.js';
import { publishEvent } from '../events/queue.js';

/** The alerts an objective keeps state for: the event raised when it starts, and the one when it stops. */
export const OBJECTIVE_ALERTS = [
  { alert: 'slo.burn.critical', resolved: 'slo.burn.critical.resolved' },
  { alert: 'slo.burn.warning', resolved: 'slo.burn.warning.resolved' },
  { alert: 'slo.budget.exhausted', resolved: 'slo.budget.restored' },
] as const;
export type ObjectiveAlertName = (typeof OBJECTIVE_ALERTS)[number]['alert'];

/** Whether each alert should fire for these figures: both windows of a pair over its rate, or no budget left. */
export function firingAlerts(f: ObjectiveFigures): Record<ObjectiveAlertName, boolean> {
  const burning = (s: 'critical' | 'warning') => f.burn_rates.some((b) => b.firing && b.severity === s);
  return {
    'slo.burn.critical': burning('critical'),
    'slo.burn.warning': burning('warning'),
    'slo.budget.exhausted': f.status === 'exhausted',
  };
}

/** The alert states stored for `ids`: objective id -> alert -> firing. */
export async function loadAlertStates(db: Executor, ids: string[]): Promise<Map<string, Map<string, boolean>>> {
  const out = new Map<string, Map<string, boolean>>();
  if (ids.length === 0) return out;
  const { rows } = await sql<{ objective_id: string; alert: string; firing: boolean }>`
    select objective_id, alert, firing from service_level_objective_alerts
    where objective_id = any(${ids}::uuid[])`.execute(db);
  for (const r of rows) {
    const m = out.get(r.objective_id) ?? new Map<string, boolean>();
    m.set(r.alert, r.firing);
    out.set(r.objective_id, m);
  }
  return out;
}

/** What a burn or budget event carries: the objective, its burn rates with their windows, and its budget. */
function eventProperties(f: ObjectiveFigures, alert: ObjectiveAlertName, firing: boolean) {
  const severity = alert === 'slo.burn.warning' ? 'warning' : 'critical';
  return {
    id: f.id,
    name: f.name,
    namespace: f.namespace,
    type: 'ServiceLevelObjective',
    description: f.description,
    status: firing ? f.status : 'healthy',
    health: firing ? 'unhealthy' : 'healthy',
    target: f.target,
    window: f.window,
    attainment: f.attainment,
    budget: f.budget,
    exhaustion: f.exhaustion,
    burn_rates: alert === 'slo.budget.exhausted' ? f.burn_rates : f.burn_rates.filter((b) => b.severity === severity),
  };
}

/**
 * Moves one alert of an objective to `firing` and queues its event, in one transaction: the
 * compare-and-set on the stored state lets exactly one of several workers announce a change.
 * Answers the event queued, or null when another worker (or an earlier run) already had.
 */
export async function setAlert(
  db: Kysely<Database>,
  f: ObjectiveFigures,
  alert: ObjectiveAlertName,
  firing: boolean,
  at: Date,
): Promise<string | null> {
  const spec = OBJECTIVE_ALERTS.find((a) => a.alert === alert) as (typeof OBJECTIVE_ALERTS)[number];
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ objective_id: string }>`
      insert into service_level_objective_alerts (objective_id, alert, firing, changed_at)
      values (${f.id}::uuid, ${alert}, ${firing}, ${at})
      on conflict (objective_id, alert) do update set firing = excluded.firing, changed_at = excluded.changed_at
        where service_level_objective_alerts.firing is distinct from excluded.firing
      returning objective_id`.execute(trx);
    if (rows.length === 0) return null;
    const name = firing ? spec.alert : spec.resolved;
    await publishEvent(trx, name, { eventId: f.id, properties: eventProperties(f, alert, firing), at });
    return name;
  });
}
