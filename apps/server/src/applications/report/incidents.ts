import type { ApplicationReport } from '@opsdeck/schema';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { ConfigRef } from './configs.js';

/**
 * Incidents linked to the application (Mission Control never fills these): an incident whose
 * evidence is one of its config items, a change or an insight of one, or a component built from or
 * linked to one of them. Newest first.
 */
export async function linkedIncidents(
  db: Db,
  configs: ConfigRef[],
  limit = 200,
): Promise<ApplicationReport['incidents']> {
  if (!configs.length) return [];
  const ids = sql.val(configs.map((c) => c.id));
  const { rows } = await sql<{
    id: string;
    incident_id: string;
    title: string;
    severity: string;
    status: string;
    type: string;
    created_at: Date;
    resolved: Date | null;
  }>`
    with comps as (
      select id from components where deleted_at is null and config_id = any(${ids}::uuid[])
      union
      select component_id from config_component_relationships where deleted_at is null and config_id = any(${ids}::uuid[])
    )
    select i.id, i.incident_id, i.title, i.severity, i.status, i.type, i.created_at, i.resolved
    from incidents i
    where exists (
      select 1 from hypotheses h join evidences e on e.hypothesis_id = h.id
      where h.incident_id = i.id and (
        e.config_id = any(${ids}::uuid[])
        or e.component_id in (select id from comps)
        or e.config_change_id in (select cc.id from config_changes cc where cc.config_id = any(${ids}::uuid[]))
        or e.config_analysis_id in (select ca.id from config_analysis ca where ca.config_id = any(${ids}::uuid[]))
      )
    )
    order by i.created_at desc limit ${limit}`.execute(db.kysely);
  return rows.map((r) => ({
    id: r.id,
    incidentId: r.incident_id,
    title: r.title,
    severity: r.severity,
    status: r.status,
    type: r.type,
    created: new Date(r.created_at).toISOString(),
    resolved: r.resolved ? new Date(r.resolved).toISOString() : null,
  }));
}
