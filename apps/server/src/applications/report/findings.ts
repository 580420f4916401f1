import type { ApplicationReport } from '@opsdeck/schema';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { ConfigRef } from './configs.js';

/** Insights (config_analysis) of the application's items: open first, then by severity and recency. */
export async function findings(db: Db, configs: ConfigRef[], limit = 500): Promise<ApplicationReport['findings']> {
  if (!configs.length) return [];
  const { rows } = await sql<{
    id: string;
    analysis_type: string | null;
    severity: string | null;
    summary: string | null;
    message: string | null;
    config: string | null;
    first_observed: Date;
    last_observed: Date | null;
    status: string;
  }>`
    select ca.id, ca.analysis_type, ca.severity, ca.summary, ca.message, ci.name as config, ca.first_observed,
      ca.last_observed, ca.status
    from config_analysis ca join config_items ci on ci.id = ca.config_id
    where ca.config_id = any(${sql.val(configs.map((c) => c.id))}::uuid[])
    order by (ca.status = 'open') desc,
      array_position(array['critical', 'blocker', 'high', 'medium', 'warning', 'low', 'info']::text[], ca.severity) nulls last,
      coalesce(ca.last_observed, ca.first_observed) desc, ca.id
    limit ${limit}`.execute(db.kysely);
  return rows.map((r) => ({
    id: r.id,
    type: r.analysis_type,
    severity: r.severity,
    title: r.summary,
    description: r.message,
    config: r.config,
    date: new Date(r.first_observed).toISOString(),
    lastObserved: r.last_observed ? new Date(r.last_observed).toISOString() : null,
    status: r.status,
  }));
}
