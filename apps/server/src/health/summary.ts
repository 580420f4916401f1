import type { CheckSummary } from '@opsdeck/schema';
import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { addHistograms, histogramQuantile } from './latency.js';
import { coverage } from './summaryRange.js';
import { rawStats, rollupStats, within } from './summaryStats.js';
import './tables.js';

export type { CheckSummary };

interface Stats {
  passed: number;
  failed: number;
  p95?: number;
  p97?: number;
  p99?: number;
}

/**
 * Every live check with its uptime and p95/p97/p99 latency over [from, to]. Whole days come from
 * check_statuses_1d, whole hours from check_statuses_1h and only the partial hours at the edges
 * from raw check_statuses, so a 5-year window reads about as many rows as a 2-day one; the rollup
 * part is shared by every request within the same hour (summaryStats.ts). A window with no whole
 * hour is read from raw rows with exact percentiles; longer ones take percentiles from the
 * latency histograms (accurate to the bucket width).
 */
export async function checkSummaries(
  db: Db,
  from: Date,
  to: Date,
  opts: { checkId?: string } = {},
): Promise<CheckSummary[]> {
  const [checks, stats] = await Promise.all([loadChecks(db, opts.checkId), loadStats(db, from, to, opts.checkId)]);
  return checks.map((c) => {
    const s = stats.get(c.id);
    return toSummary(c, s);
  });
}

interface CheckRow {
  id: string;
  canary_id: string;
  canary_name: string;
  canary_namespace: string;
  agent_id: string;
  name: string;
  namespace: string | null;
  description: string | null;
  endpoint: string | null;
  icon: string | null;
  type: string;
  owner: string | null;
  severity: string | null;
  labels: Record<string, unknown> | null;
  status: 'healthy' | 'unhealthy' | null;
  last_runtime: Date | null;
  next_runtime: Date | null;
  last_transition_time: Date | null;
  created_at: Date;
  updated_at: Date;
  silenced_at: Date | null;
}

async function loadChecks(db: Db, checkId: string | undefined): Promise<CheckRow[]> {
  const { rows } = await sql<CheckRow>`
    select c.id, c.canary_id, ca.name as canary_name, ca.namespace as canary_namespace, c.agent_id, c.name,
           coalesce(c.namespace, ca.namespace) as namespace, c.description, c.icon, c.type, c.owner, c.severity,
           coalesce(ca.labels, '{}'::jsonb) || coalesce(c.labels, '{}'::jsonb) as labels,
           coalesce(c.spec ->> 'endpoint', c.spec ->> 'url', c.spec ->> 'host', c.spec ->> 'server') as endpoint,
           c.status, c.last_runtime, c.next_runtime, c.last_transition_time, c.created_at, c.updated_at, c.silenced_at
    from checks c
    join canaries ca on ca.id = c.canary_id
    where c.deleted_at is null ${checkId ? sql`and c.id = ${checkId}` : sql``}
    order by c.name, c.id`.execute(db.kysely);
  return rows;
}

async function loadStats(db: Db, from: Date, to: Date, checkId: string | undefined): Promise<Map<string, Stats>> {
  const cover = coverage(from, to);
  const out = new Map<string, Stats>();
  if (cover.days.length === 0 && cover.hours.length === 0) {
    const { rows } = await sql<{ check_id: string; passed: number; failed: number; q: number[] | null }>`
      select check_id, count(*) filter (where status)::int as passed, count(*) filter (where not status)::int as failed,
             percentile_disc(array[0.95, 0.97, 0.99]) within group (order by duration) as q
      from check_statuses
      where (${within('time', cover.raw, true)}) ${checkId ? sql`and check_id = ${checkId}` : sql``}
      group by check_id`.execute(db.kysely);
    for (const r of rows) {
      out.set(r.check_id, { passed: r.passed, failed: r.failed, p95: r.q?.[0], p97: r.q?.[1], p99: r.q?.[2] });
    }
    return out;
  }
  const [rollups, raw] = await Promise.all([rollupStats(db, cover, checkId), rawStats(db, cover.raw, checkId)]);
  for (const id of new Set([...rollups.keys(), ...raw.keys()])) {
    const a = rollups.get(id);
    const b = raw.get(id);
    const hist = addHistograms([a?.hist, b?.hist]);
    out.set(id, {
      passed: (a?.passed ?? 0) + (b?.passed ?? 0),
      failed: (a?.failed ?? 0) + (b?.failed ?? 0),
      p95: histogramQuantile(hist, 0.95),
      p97: histogramQuantile(hist, 0.97),
      p99: histogramQuantile(hist, 0.99),
    });
  }
  return out;
}

const iso = (d: Date | null) => (d ? d.toISOString() : undefined);

function stringLabels(labels: Record<string, unknown> | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(labels ?? {})) {
    if (v !== null && v !== undefined) out[k] = typeof v === 'string' ? v : JSON.stringify(v);
  }
  return out;
}

function toSummary(c: CheckRow, s: Stats | undefined): CheckSummary {
  const summary: CheckSummary = {
    id: c.id,
    canary_id: c.canary_id,
    canary_name: c.canary_name,
    canary_namespace: c.canary_namespace,
    agent_id: c.agent_id,
    name: c.name,
    namespace: c.namespace,
    type: c.type,
    labels: stringLabels(c.labels),
    status: c.status,
    uptime: { passed: s?.passed ?? 0, failed: s?.failed ?? 0 },
    // rolling1h is always 0 on the reference's wire (its Go type drops the view's value)
    latency: { p95: s?.p95 ?? undefined, p97: s?.p97 ?? undefined, p99: s?.p99 ?? undefined, rolling1h: 0 },
    created_at: c.created_at.toISOString(),
    updated_at: c.updated_at.toISOString(),
  };
  const optional = {
    description: c.description ?? undefined,
    endpoint: c.endpoint ?? undefined,
    icon: c.icon ?? undefined,
    owner: c.owner ?? undefined,
    severity: c.severity ?? undefined,
    last_runtime: iso(c.last_runtime),
    next_runtime: iso(c.next_runtime),
    last_transition_time: iso(c.last_transition_time),
    silenced_at: iso(c.silenced_at),
  };
  for (const [k, v] of Object.entries(optional))
    if (v !== undefined) (summary as unknown as Record<string, unknown>)[k] = v;
  return summary;
}
