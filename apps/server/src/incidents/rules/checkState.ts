import { sql } from 'kysely';
import type { Executor } from '../executor.js';
import type { Selectable } from './selector.js';

/** A check as the incident rules see it. */
export interface CheckState extends Selectable {
  /**
   * A check (default), a topology component watched through the rule's `components` selectors, or
   * a service level objective watched through its `objectives` selectors.
   */
  kind?: 'check' | 'component' | 'objective';
  status: 'healthy' | 'unhealthy' | null;
  severity: string | null;
  category: string | null;
  /** Every category the state has, when it may have several (an objective's firing alerts); else `category`. */
  categories?: string[];
  /** When the check entered its current status. */
  lastTransitionTime: Date | null;
  /** Set for a deleted check that an open rule incident still points at: it counts as recovered then. */
  deletedAt: Date | null;
}

interface CheckRow {
  id: string;
  name: string;
  namespace: string | null;
  type: string;
  labels: Record<string, unknown> | null;
  status: string | null;
  severity: string | null;
  category: string | null;
  last_transition_time: Date | null;
  deleted_at: Date | null;
}

/**
 * The one read of the health domain's `checks` table the rules engine makes: every live check,
 * plus deleted checks still named by the evidence of an incident a rule opened and nobody closed.
 */
export async function readCheckStates(db: Executor): Promise<CheckState[]> {
  const { rows } = await sql<CheckRow>`
    select c.id, c.name, c.namespace, c.type, c.labels, c.status, c.severity, c.category,
           c.last_transition_time, c.deleted_at
    from checks c
    where c.deleted_at is null
       or c.id in (
         select e.check_id from evidences e
         join hypotheses h on h.id = e.hypothesis_id
         join incidents i on i.id = h.incident_id
         where i.incident_rule_id is not null and i.status <> 'closed' and e.check_id is not null)`.execute(db);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    namespace: r.namespace,
    type: r.type,
    labels: stringLabels(r.labels),
    status: r.status === 'healthy' || r.status === 'unhealthy' ? r.status : null,
    severity: r.severity,
    category: r.category,
    lastTransitionTime: r.last_transition_time,
    deletedAt: r.deleted_at,
  }));
}

function stringLabels(labels: Record<string, unknown> | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(labels ?? {})) out[k] = typeof v === 'string' ? v : JSON.stringify(v);
  return out;
}
