import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
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
interface Catalog extends SummaryChecks {
  canaries: number;
  hashes: Map<string, number>;
  byId: Map<string, SummaryCheck>;
}

// Everything of a check that the summary shows apart from its state. hash_record hashes each
// column with its type's hash function: no text rendering, about 6 ms for 10,000 checks.
const CHECK_HASH = sql`hash_record(row(c.canary_id, c.agent_id, c.name, c.namespace, c.description, c.icon, c.type,
  c.owner, c.severity, c.labels, ${endpoint()}, c.created_at, c.updated_at))`;
// date_part gives float8 epoch seconds (extract's numeric costs ~4x more to compute); see epochMs
const STATE = sql`c.status, date_part('epoch', c.last_runtime) as last_runtime, date_part('epoch', c.next_runtime) as next_runtime,
  date_part('epoch', c.last_transition_time) as last_transition_time, date_part('epoch', c.silenced_at) as silenced_at`;

function endpoint() {
  return sql`coalesce(c.spec ->> 'endpoint', c.spec ->> 'url', c.spec ->> 'host', c.spec ->> 'server')`;
}

interface StateRow {
  id: string;
  status: 'healthy' | 'unhealthy' | null;
  last_runtime: number | null;
  next_runtime: number | null;
  last_transition_time: number | null;
  silenced_at: number | null;
  h: number;
}

const catalogs = new WeakMap<Db, Catalog>();
const loading = new WeakMap<Db, Promise<Catalog>>();

/**
 * Every live check (or only `checkId`) in name order with its current state. The definitions
 * (names, labels merged over the canary's, endpoint, ...) are kept between requests; each request
 * reads only the state columns and a hash of the definition columns of every check, plus one
 * hash over the canaries, and reloads the definitions when anything was added, edited or deleted.
 */
export async function summaryChecks(db: Db, checkId?: string): Promise<SummaryChecks> {
  if (checkId) return loadCatalog(db, checkId);
  const [states, canaries] = await Promise.all([readStates(db), canariesHash(db)]);
  let catalog = catalogs.get(db);
  if (!catalog || !matches(catalog, states, canaries)) {
    // a reload reads the state too, from one snapshot with the definitions
    let pending = loading.get(db);
    if (!pending) {
      pending = loadCatalog(db).finally(() => loading.delete(db));
      loading.set(db, pending);
    }
    catalog = await pending;
    catalogs.set(db, catalog);
    return catalog;
  }
  for (const r of states) {
    const c = catalog.byId.get(r.id) as SummaryCheck;
    updateState(c.state, r);
  }
  return catalog;
}

function matches(catalog: Catalog, states: StateRow[], canaries: number): boolean {
  if (catalog.canaries !== canaries || catalog.hashes.size !== states.length) return false;
  for (const r of states) if (catalog.hashes.get(r.id) !== r.h) return false;
  return true;
}

async function readStates(db: Db): Promise<StateRow[]> {
  const { rows } = await sql<StateRow>`
    select c.id, ${STATE}, ${CHECK_HASH} as h from checks c where c.deleted_at is null`.execute(db.kysely);
  return rows;
}

async function canariesHash(db: Db): Promise<number> {
  const { rows } = await sql<{ h: number | null }>`
    select sum(hash_record(row(id, name, namespace, labels)))::int8 as h from canaries`.execute(db.kysely);
  return rows[0]?.h ?? 0;
}

async function loadCatalog(db: Db, checkId?: string): Promise<Catalog> {
  const [{ rows }, canaries] = await Promise.all([
    sql<CheckRow & StateRow>`
      select c.id, c.canary_id, ca.name as canary_name, ca.namespace as canary_namespace, c.agent_id, c.name,
             coalesce(c.namespace, ca.namespace) as namespace, c.description, c.icon, c.type, c.owner, c.severity,
             coalesce(ca.labels, '{}'::jsonb) || coalesce(c.labels, '{}'::jsonb) as labels, ${endpoint()} as endpoint,
             c.created_at, c.updated_at, ${STATE}, ${CHECK_HASH} as h
      from checks c
      join canaries ca on ca.id = c.canary_id
      where c.deleted_at is null ${checkId ? sql`and c.id = ${checkId}` : sql``}
      order by c.name, c.id`.execute(db.kysely),
    checkId ? 0 : canariesHash(db),
  ]);
  const catalog: Catalog = { canaries, bytes: 0, hashes: new Map(), checks: [], byId: new Map() };
  for (const r of rows) {
    const state = emptyState();
    updateState(state, r);
    const check = { id: r.id, ...checkJson(r), state };
    catalog.checks.push(check);
    catalog.byId.set(r.id, check);
    catalog.hashes.set(r.id, r.h);
    catalog.bytes += check.head.length + check.tail.length;
  }
  return catalog;
}

function emptyState(): CheckState {
  return { status: null, lastRuntime: null, nextRuntime: null, lastTransition: null, silencedAt: null };
}

function updateState(s: CheckState, r: StateRow): void {
  s.status = r.status;
  s.lastRuntime = epochMs(r.last_runtime);
  s.nextRuntime = epochMs(r.next_runtime);
  s.lastTransition = epochMs(r.last_transition_time);
  s.silencedAt = epochMs(r.silenced_at);
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
