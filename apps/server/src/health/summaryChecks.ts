import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { maskExpr } from '../rest/secrets.js';
import { type CheckJson, type CheckRow, type CheckState, checkJson } from './summaryJson.js';
import { ChangeMarker, nextGeneration } from './summaryMarker.js';
import './tables.js';

/** One live check of the summary: its JSON parts that only an edit changes, and its state now. */
export interface SummaryCheck extends CheckJson {
  id: string;
  state: CheckState;
  /** The generation (summaryMarker.ts) of its state's last change. */
  gen: number;
  /** Its place in `checks`. */
  at: number;
}

/** Live checks in name order, with the bytes of all their kept parts (a first guess at a reply's size). */
export interface SummaryChecks {
  checks: SummaryCheck[];
  byId: Map<string, SummaryCheck>;
  bytes: number;
}

/** Every live check, rendered once per definition and kept until a check or canary changes. */
interface Catalog extends SummaryChecks {
  /** health_summary_versions' sum when it was read: triggers move it on every edit (migration 442). */
  version: string;
  states: ChangeMarker;
}

// date_part gives float8 epoch seconds (extract's numeric costs ~4x more to compute); see epochMs
const STATE = sql`c.status, date_part('epoch', c.last_runtime), date_part('epoch', c.next_runtime),
  date_part('epoch', c.last_transition_time), date_part('epoch', c.silenced_at)`;
const VERSION = sql`(select coalesce(sum(version), 0)::text from health_summary_versions)`;

// the check's target as the summary shows it, with the credentials a URL may carry masked
function endpoint() {
  return maskExpr(
    'url',
    sql`coalesce(c.spec ->> 'endpoint', c.spec ->> 'url', c.spec ->> 'host', c.spec ->> 'server')`,
    'text',
  );
}

/** [id, status, last_runtime, next_runtime, last_transition_time, silenced_at], times in epoch seconds. */
type StateTuple = [string, CheckState['status'], number | null, number | null, number | null, number | null];

const catalogs = new WeakMap<Db, Catalog>();
const loading = new WeakMap<Db, Promise<Catalog>>();
const reading = new WeakMap<Db, Promise<Catalog>>();

/**
 * Every live check (or only `checkId`) in name order with its current state. The definitions
 * (names, labels merged over the canary's, endpoint, ...) are kept between requests and loaded
 * again only when the definitions' version moved. Each request reads one row: that version and,
 * as one JSON text, the state of the checks the result writer changed since the previous read
 * (summaryMarker.ts); `now` is the summary clock's time. Concurrent calls share one read.
 */
export function summaryChecks(db: Db, now: Date, checkId?: string): Promise<SummaryChecks> {
  if (checkId) return loadCatalog(db, checkId);
  let pending = reading.get(db);
  if (!pending) {
    pending = readChanges(db, now).finally(() => reading.delete(db));
    reading.set(db, pending);
  }
  return pending;
}

async function readChanges(db: Db, now: Date): Promise<Catalog> {
  const catalog = catalogs.get(db);
  const since = catalog?.states.since(now);
  const { rows } = await sql<{ version: string; at: Date | string; states: string }>`
    select ${VERSION} as version, now() as at,
           (select coalesce(json_agg(json_build_array(c.id, ${STATE})), '[]')::text
            from checks c where c.deleted_at is null ${since ? sql`and c.state_changed_at >= ${since}` : sql``}) as states
    `.execute(db.kysely);
  const r = rows[0] as (typeof rows)[number];
  if (catalog && catalog.version === r.version && updateStates(catalog, JSON.parse(r.states) as StateTuple[])) {
    catalog.states.read(new Date(r.at), since === undefined, now);
    return catalog;
  }
  // a reload reads the states too, from one snapshot with the definitions
  let pending = loading.get(db);
  if (!pending) {
    pending = loadCatalog(db, undefined, now).finally(() => loading.delete(db));
    loading.set(db, pending);
  }
  const fresh = await pending;
  catalogs.set(db, fresh);
  return fresh;
}

/** False when a state belongs to no kept check (a change the version missed): reload then. */
function updateStates(catalog: Catalog, states: StateTuple[]): boolean {
  let gen = 0;
  for (const [id, status, lastRuntime, nextRuntime, lastTransition, silencedAt] of states) {
    const c = catalog.byId.get(id);
    if (!c) return false;
    const s = c.state;
    if (
      s.status === status &&
      s.lastRuntime === epochMs(lastRuntime) &&
      s.nextRuntime === epochMs(nextRuntime) &&
      s.lastTransition === epochMs(lastTransition) &&
      s.silencedAt === epochMs(silencedAt)
    ) {
      continue;
    }
    setState(s, status, lastRuntime, nextRuntime, lastTransition, silencedAt);
    gen ||= nextGeneration();
    c.gen = gen;
  }
  return true;
}

async function loadCatalog(db: Db, checkId?: string, now = new Date()): Promise<Catalog> {
  // the version and the time come first, on a row of their own when there is no check
  const { rows } = await sql<
    Partial<CheckRow> & {
      version: string;
      at: Date | string;
      status: CheckState['status'];
      last_runtime: number | null;
      next_runtime: number | null;
      last_transition_time: number | null;
      silenced_at: number | null;
    }
  >`
    select v.version, v.at, c.* from (select ${VERSION} as version, now() as at) v
    left join (
      select c.id, c.canary_id, ca.name as canary_name, ca.namespace as canary_namespace, c.agent_id, c.name,
             coalesce(c.namespace, ca.namespace) as namespace, c.description, c.icon, c.type, c.owner, c.severity,
             coalesce(ca.labels, '{}'::jsonb) || coalesce(c.labels, '{}'::jsonb) as labels, ${endpoint()} as endpoint,
             c.created_at, c.updated_at, c.status, date_part('epoch', c.last_runtime) as last_runtime,
             date_part('epoch', c.next_runtime) as next_runtime,
             date_part('epoch', c.last_transition_time) as last_transition_time,
             date_part('epoch', c.silenced_at) as silenced_at
      from checks c
      join canaries ca on ca.id = c.canary_id
      where c.deleted_at is null ${checkId ? sql`and c.id = ${checkId}` : sql``}
    ) c on true
    order by c.name, c.id`.execute(db.kysely);
  const first = rows[0] as (typeof rows)[number];
  const catalog: Catalog = {
    version: first.version,
    states: new ChangeMarker(),
    bytes: 0,
    checks: [],
    byId: new Map(),
  };
  catalog.states.read(new Date(first.at), true, now);
  const gen = nextGeneration();
  for (const r of rows) {
    if (r.id === null || r.id === undefined) continue;
    const state = emptyState();
    setState(state, r.status, r.last_runtime, r.next_runtime, r.last_transition_time, r.silenced_at);
    const check = { id: r.id, ...checkJson(r as CheckRow), state, gen, at: catalog.checks.length };
    catalog.checks.push(check);
    catalog.byId.set(r.id, check);
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
