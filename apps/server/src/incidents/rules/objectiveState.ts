import { sql } from 'kysely';
import type { Executor } from '../executor.js';
import type { CheckState } from './checkState.js';

/** The alerts of an objective, most severe first: the first firing one names the state's category and severity. */
const ALERTS = [
  { alert: 'slo.budget.exhausted', severity: 'critical' },
  { alert: 'slo.burn.critical', severity: 'critical' },
  { alert: 'slo.burn.warning', severity: 'warning' },
] as const;

interface ObjectiveRow {
  id: string;
  name: string;
  namespace: string;
  deleted_at: Date | null;
  firing: string[] | null;
  since: Date | null;
  changed: Date | null;
}

/**
 * The service level objectives the rules' `objectives` selectors look at, as rule states: unhealthy
 * while one of its alerts fires (slo.budget.exhausted, slo.burn.critical, slo.burn.warning: the
 * evaluation keeps them in service_level_objective_alerts), since the earliest of them started;
 * its categories are the firing alerts' event names (so `filter.category` picks which events open
 * an incident) and its severity the most severe one's. Deleted objectives still named by an open
 * rule incident come along, so it can be resolved.
 */
export async function readObjectiveStates(db: Executor): Promise<CheckState[]> {
  const { rows } = await sql<ObjectiveRow>`
    select o.id, o.name, o.namespace, o.deleted_at,
           array_agg(a.alert) filter (where a.firing) as firing,
           min(a.changed_at) filter (where a.firing) as since,
           max(a.changed_at) as changed
    from service_level_objectives o
    left join service_level_objective_alerts a on a.objective_id = o.id
    where o.deleted_at is null
       or o.id in (
         select e.objective_id from evidences e
         join hypotheses h on h.id = e.hypothesis_id
         join incidents i on i.id = h.incident_id
         where i.incident_rule_id is not null and i.status <> 'closed' and e.objective_id is not null)
    group by o.id`.execute(db);
  return rows.map((r) => {
    const firing = ALERTS.filter((a) => r.firing?.includes(a.alert));
    const worst = firing[0];
    return {
      kind: 'objective',
      id: r.id,
      name: r.name,
      namespace: r.namespace,
      type: 'ServiceLevelObjective',
      labels: {},
      status: worst ? 'unhealthy' : 'healthy',
      severity: worst?.severity ?? null,
      category: worst?.alert ?? null,
      categories: firing.map((a) => a.alert),
      // firing: since the first alert started; recovered: since the last one stopped
      lastTransitionTime: worst ? r.since : r.changed,
      deletedAt: r.deleted_at,
    };
  });
}
