import { sql } from 'kysely';
import type { Executor } from '../events/queue.js';

/** The resource an event is about, resolved at the time the event is handled. */
export interface EventResource {
  kind: 'check' | 'config' | 'component' | 'canary' | 'incident' | 'resource';
  id: string;
  name: string;
  type: string | null;
  /** Health or status as the send history records it (e.g. healthy / unhealthy). */
  status: string | null;
  health: string | null;
  description: string | null;
  labels: Record<string, string>;
  deleted: boolean;
  /** Ids a silence column may match exactly: check_id, canary_id, config_id, component_id. */
  ids: { check_id?: string; canary_id?: string; config_id?: string; component_id?: string };
  /** Ancestor ids a recursive silence matches (parents in the topology or catalog). */
  ancestors: string[];
  /** Template and CEL variables named as in Mission Control: check, canary, check_status, config, ... */
  vars: Record<string, unknown>;
}

/** Finds the resource of an event, or null when it no longer exists. */
export type ResourceLookup = (
  db: Executor,
  event: { name: string; properties: Record<string, unknown> },
) => Promise<EventResource | null>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface CheckRow {
  id: string;
  name: string;
  type: string;
  namespace: string | null;
  description: string | null;
  icon: string | null;
  labels: Record<string, string> | null;
  status: string | null;
  severity: string | null;
  owner: string | null;
  agent_id: string;
  last_runtime: Date | null;
  last_transition_time: Date | null;
  deleted_at: Date | null;
  canary_id: string;
  canary_name: string;
  canary_namespace: string;
  canary_labels: Record<string, string> | null;
  status_time: Date | null;
  status_ok: boolean | null;
  status_message: string | null;
  status_error: string | null;
  status_duration: number | null;
}

/** Checks with their canary and latest result (health domain tables of migration 020), by id. */
async function lookupChecks(db: Executor, ids: readonly string[]): Promise<Map<string, EventResource>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<CheckRow>`
    select c.id, c.name, c.type, c.namespace, c.description, c.icon, c.labels, c.status, c.severity, c.owner,
           c.agent_id, c.last_runtime, c.last_transition_time, c.deleted_at,
           k.id as canary_id, k.name as canary_name, k.namespace as canary_namespace, k.labels as canary_labels,
           s.time as status_time, s.status as status_ok, s.message as status_message, s.error as status_error,
           s.duration as status_duration
    from checks c
    join canaries k on k.id = c.canary_id
    left join lateral (
      select time, status, message, error, duration from check_statuses
      where check_id = c.id order by time desc limit 1) s on true
    where c.id = any(${sql.val([...new Set(ids)])}::uuid[])`.execute(db);
  return new Map(rows.map((r) => [String(r.id), checkResource(r)]));
}

function checkResource(r: CheckRow): EventResource {
  const labels = { ...(r.canary_labels ?? {}), ...(r.labels ?? {}) };
  const check = {
    id: r.id,
    name: r.name,
    type: r.type,
    namespace: r.namespace ?? r.canary_namespace,
    description: r.description ?? '',
    icon: r.icon ?? '',
    labels,
    status: r.status ?? '',
    health: r.status ?? '',
    severity: r.severity ?? '',
    owner: r.owner ?? '',
    agent_id: r.agent_id,
    canary_id: r.canary_id,
    last_runtime: r.last_runtime?.toISOString() ?? '',
    last_transition_time: r.last_transition_time?.toISOString() ?? '',
    deleted_at: r.deleted_at?.toISOString() ?? '',
  };
  const canary = { id: r.canary_id, name: r.canary_name, namespace: r.canary_namespace, labels: r.canary_labels ?? {} };
  const checkStatus = {
    status: r.status_ok === null ? '' : r.status_ok ? 'healthy' : 'unhealthy',
    message: r.status_message ?? '',
    error: r.status_error ?? '',
    duration: r.status_duration ?? 0,
    time: r.status_time?.toISOString() ?? '',
  };
  return {
    kind: 'check',
    id: r.id,
    name: r.name,
    type: r.type,
    status: r.status,
    health: r.status,
    description: r.status_error || r.status_message || null,
    labels,
    deleted: r.deleted_at !== null,
    ids: { check_id: r.id, canary_id: r.canary_id },
    ancestors: [r.canary_id],
    vars: { check, canary, check_status: checkStatus },
  };
}

const KINDS: Record<string, EventResource['kind']> = {
  check: 'check',
  config: 'config',
  component: 'component',
  canary: 'canary',
  incident: 'incident',
};

const eventId = (event: { properties: Record<string, unknown> }) =>
  typeof event.properties.id === 'string' && UUID.test(event.properties.id) ? event.properties.id : null;

/**
 * Resolves the resources of many events with one query per domain (checks), in event order;
 * the same answers as lookupResource.
 */
export async function lookupResources(
  db: Executor,
  events: ReadonlyArray<{ name: string; properties: Record<string, unknown> }>,
): Promise<Array<EventResource | null>> {
  const isCheck = (e: { name: string }) => e.name.split('.')[0] === 'check';
  const checkIds = events.filter(isCheck).flatMap((e) => eventId(e) ?? []);
  const checks = await lookupChecks(db, checkIds);
  return Promise.all(
    events.map((e) => {
      const id = eventId(e);
      if (!id) return null;
      return isCheck(e) ? (checks.get(id) ?? null) : lookupResource(db, e);
    }),
  );
}

/**
 * Resolves checks from the health tables. Events of domains without a lookup yet (config,
 * component, incident) are described by their own properties: `id` is required, `name`,
 * `type`, `health`, `status`, `labels` and `path` (ancestor ids) are used when present.
 */
export const lookupResource: ResourceLookup = async (db, event) => {
  const id = typeof event.properties.id === 'string' ? event.properties.id : '';
  if (!UUID.test(id)) return null;
  const prefix = event.name.split('.')[0] ?? '';
  if (prefix === 'check') return (await lookupChecks(db, [id])).get(id) ?? null;
  const p = event.properties;
  const kind = KINDS[prefix] ?? 'resource';
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  const labels = (p.labels && typeof p.labels === 'object' ? p.labels : {}) as Record<string, string>;
  const ancestors = typeof p.path === 'string' ? p.path.split(/[./]/).filter((s) => UUID.test(s)) : [];
  const name = str(p.name) ?? str(p.title) ?? id;
  return {
    kind,
    id,
    name,
    type: str(p.type),
    status: str(p.status) ?? str(p.health),
    health: str(p.health) ?? str(p.status),
    description: str(p.description) ?? str(p.status_reason),
    labels,
    deleted: Boolean(p.deleted_at),
    ids: kind === 'config' || kind === 'component' ? { [`${kind}_id`]: id } : {},
    ancestors,
    vars: { [kind]: { ...p, id, name } },
  };
};

/** Resolves the resources of many events at once, in event order (lookupResources). */
export type ResourceBatchLookup = (
  db: Executor,
  events: ReadonlyArray<{ name: string; properties: Record<string, unknown> }>,
) => Promise<Array<EventResource | null>>;

/** A batch lookup over a one-event lookup (a lookup a caller supplies). */
export function perEvent(lookup: ResourceLookup): ResourceBatchLookup {
  return async (db, events) => {
    const out: Array<EventResource | null> = [];
    for (const e of events) out.push(await lookup(db, e));
    return out;
  };
}
