import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { maskExpr } from '../rest/secrets.js';
import { type CheckJson, type CheckRow, type CheckState, checkJson } from './summaryJson.js';
import './tables.js';

/** One live check of the summary: its JSON parts that only an edit changes, and its state now. */
export interface SummaryCheck extends CheckJson {
  id: string;
  state: CheckState;
}

/** Live checks in name order, with the bytes of all their kept parts (a first guess at a reply's size). */
export interface SummaryChecks {
  checks: SummaryCheck[];
  bytes: number;
}

/** Every live check, rendered once per definition and kept until a check or canary changes. */
interface Catalog extends SummaryChecks, Fingerprint {
  byId: Map<string, SummaryCheck>;
}

/** What tells a kept catalog from the database's checks: any add, edit or delete moves one of these. */
interface Fingerprint {
  count: number;
  checksHash: number;
  canariesHash: number;
}

// Everything of a check that the summary shows apart from its state, and its id (so that two
// checks swapping names still change the sum). hash_record hashes each column with its type's
// hash function, without rendering text: about 6 ms for 10,000 checks on PostgreSQL.
const CHECK_HASH = sql`hash_record(row(c.id, c.canary_id, c.agent_id, c.name, c.namespace, c.description, c.icon,
  c.type, c.owner, c.severity, c.labels, ${rawEndpoint()}, c.created_at, c.updated_at))`;
const CANARIES_HASH = sql`(select coalesce(sum(hash_record(row(id, name, namespace, labels))), 0)::int8 from canaries)`;
// date_part gives float8 epoch seconds (extract's numeric costs ~4x more to compute); see epochMs
const STATE = sql`c.status, date_part('epoch', c.last_runtime), date_part('epoch', c.next_runtime),
  date_part('epoch', c.last_transition_time), date_part('epoch', c.silenced_at)`;

// the fingerprint hashes the stored target: masking it on every request would cost a regex pass per check
function rawEndpoint() {
  return sql`coalesce(c.spec ->> 'endpoint', c.spec ->> 'url', c.spec ->> 'host', c.spec ->> 'server')`;
}

// the check's target as the summary shows it, with the credentials a URL may carry masked
function endpoint() {
  return maskExpr('url', rawEndpoint(), 'text');
}

/** [id, status, last_runtime, next_runtime, last_transition_time, silenced_at], times in epoch seconds. */
type StateTuple = [string, CheckState['status'], number | null, number | null, number | null, number | null];

const catalogs = new WeakMap<Db, Catalog>();
const loading = new WeakMap<Db, Promise<Catalog>>();

/**
 * Every live check (or only `checkId`) in name order with its current state. The definitions
 * (names, labels merged over the canary's, endpoint, ...) are kept between requests. Each request
 * reads one row: the state of every check as one JSON text, their count and a sum of hashes of
 * their definitions and of the canaries; it reloads the definitions when that fingerprint moved.
 * One JSON row instead of 10,000 rows matters most on the embedded database, where every row
 * returned costs several microseconds of wire-protocol work.
 */
export async function summaryChecks(db: Db, checkId?: string): Promise<SummaryChecks> {
  if (checkId) return loadCatalog(db, checkId);
  const { rows } = await sql<{ count: number; checks_hash: number; canaries_hash: number; states: string }>`
    select count(*)::int as count, coalesce(sum(${CHECK_HASH}), 0)::int8 as checks_hash, ${CANARIES_HASH} as canaries_hash,
           coalesce(json_agg(json_build_array(c.id, ${STATE})), '[]')::text as states
    from checks c where c.deleted_at is null`.execute(db.kysely);
  const now = rows[0] as (typeof rows)[number];
  const catalog = catalogs.get(db);
  if (
    catalog &&
    catalog.count === now.count &&
    catalog.checksHash === now.checks_hash &&
    catalog.canariesHash === now.canaries_hash &&
    updateStates(catalog, JSON.parse(now.states) as StateTuple[])
  ) {
    return catalog;
  }
  // a reload reads the states too, from one snapshot with the definitions
  let pending = loading.get(db);
  if (!pending) {
    pending = loadCatalog(db).finally(() => loading.delete(db));
    loading.set(db, pending);
  }
  const fresh = await pending;
  catalogs.set(db, fresh);
  return fresh;
}

/** False when a state belongs to no kept check (a hash collision hid a change): reload then. */
function updateStates(catalog: Catalog, states: StateTuple[]): boolean {
  for (const [id, status, lastRuntime, nextRuntime, lastTransition, silencedAt] of states) {
    const c = catalog.byId.get(id);
    if (!c) return false;
    setState(c.state, status, lastRuntime, nextRuntime, lastTransition, silencedAt);
  }
  return true;
}

async function loadCatalog(db: Db, checkId?: string): Promise<Catalog> {
  const { rows } = await sql<
    CheckRow & {
      status: CheckState['status'];
      last_runtime: number | null;
      next_runtime: number | null;
      last_transition_time: number | null;
      silenced_at: number | null;
      h: number;
      canaries_hash: number;
    }
  >`
    select c.id, c.canary_id, ca.name as canary_name, ca.namespace as canary_namespace, c.agent_id, c.name,
           coalesce(c.namespace, ca.namespace) as namespace, c.description, c.icon, c.type, c.owner, c.severity,
           coalesce(ca.labels, '{}'::jsonb) || coalesce(c.labels, '{}'::jsonb) as labels, ${endpoint()} as endpoint,
           c.created_at, c.updated_at, c.status, date_part('epoch', c.last_runtime) as last_runtime,
           date_part('epoch', c.next_runtime) as next_runtime,
           date_part('epoch', c.last_transition_time) as last_transition_time,
           date_part('epoch', c.silenced_at) as silenced_at, ${CHECK_HASH} as h, ${CANARIES_HASH} as canaries_hash
    from checks c
    join canaries ca on ca.id = c.canary_id
    where c.deleted_at is null ${checkId ? sql`and c.id = ${checkId}` : sql``}
    order by c.name, c.id`.execute(db.kysely);
  const catalog: Catalog = {
    count: rows.length,
    checksHash: 0,
    canariesHash: rows[0]?.canaries_hash ?? 0,
    bytes: 0,
    checks: [],
    byId: new Map(),
  };
  for (const r of rows) {
    const state = emptyState();
    setState(state, r.status, r.last_runtime, r.next_runtime, r.last_transition_time, r.silenced_at);
    const check = { id: r.id, ...checkJson(r), state };
    catalog.checks.push(check);
    catalog.byId.set(r.id, check);
    catalog.checksHash += r.h;
    catalog.bytes += check.head.length + check.tail.length;
  }
  return catalog;
}

function emptyState(): CheckState {
  return { status: null, lastRuntime: null, nextRuntime: null, lastTransition: null, silencedAt: null };
}

function setState(
  s: CheckState,
  status: CheckState['status'],
  lastRuntime: number | null,
  nextRuntime: number | null,
  lastTransition: number | null,
  silencedAt: number | null,
): void {
  s.status = status;
  s.lastRuntime = epochMs(lastRuntime);
  s.nextRuntime = epochMs(nextRuntime);
  s.lastTransition = epochMs(lastTransition);
  s.silencedAt = epochMs(silencedAt);
}

/**
 * Epoch milliseconds of a float8 epoch in seconds, truncated as pg's Date parsing truncates. The
 * double is within 0.1 µs of the stored microseconds, so rounding to whole microseconds first is
 * exact (flooring seconds * 1000 directly would turn .123000 into 122.9999).
 */
function epochMs(seconds: number | null): number | null {
  if (seconds === null) return null;
  return Math.floor(Math.round(seconds * 1e6) / 1000);
}
