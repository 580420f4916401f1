import { sql } from 'kysely';
import type { Executor } from '../executor.js';
import type { CheckState } from './checkState.js';

interface ComponentRow {
  id: string;
  name: string;
  namespace: string | null;
  type: string | null;
  labels: Record<string, unknown> | null;
  health: string | null;
  last_transition_time: Date | null;
  deleted_at: Date | null;
}

/**
 * The topology components the rules' `components` selectors look at, as rule states: their
 * rolled-up health (healthy or unhealthy; warning and unknown match no default filter) and when
 * it last changed. Deleted components still named by an open rule incident come along, so it
 * can be resolved.
 */
export async function readComponentStates(db: Executor): Promise<CheckState[]> {
  const { rows } = await sql<ComponentRow>`
    select c.id, c.name, c.namespace, c.type, c.labels, c.health, c.last_transition_time, c.deleted_at
    from components c
    where c.deleted_at is null
       or c.id in (
         select e.component_id from evidences e
         join hypotheses h on h.id = e.hypothesis_id
         join incidents i on i.id = h.incident_id
         where i.incident_rule_id is not null and i.status <> 'closed' and e.component_id is not null)`.execute(db);
  return rows.map((r) => ({
    kind: 'component',
    id: r.id,
    name: r.name,
    namespace: r.namespace,
    type: r.type ?? '',
    labels: Object.fromEntries(
      Object.entries(r.labels ?? {}).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    ),
    status: r.health === 'healthy' || r.health === 'unhealthy' ? r.health : null,
    severity: null,
    category: null,
    lastTransitionTime: r.last_transition_time,
    deletedAt: r.deleted_at,
  }));
}
