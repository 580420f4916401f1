import { type CanaryResource, canarySchedule } from '@opsdeck/schema';
import { type Kysely, sql } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/types.js';
import { deleteCanary, deriveChecks, ensureSchedule, validateCanary } from '../../health/index.js';
import type { JobOutcome } from '../../jobs/jobHistory.js';
import { topologySchedule, validateTopology } from '../../topology/topologyYaml.js';
import type { AssignedRow } from '../upstream/assigned.js';
import type { UpstreamClient } from './client.js';

type Kind = 'canaries' | 'config_scrapers' | 'topologies';

/**
 * The agent's pull (`PullFromUpstream`): the canaries, scrapers and topologies the upstream assigned to it
 * are created or updated here under the upstream's ids (so what they produce is pushed back as
 * theirs), and the ones it no longer assigns are deleted. `upstream_pulled` remembers which rows
 * came from the upstream: the agent's own canaries, which the upstream answers too, are left alone.
 */
export interface PullSummary {
  applied: Record<Kind, number>;
  deleted: Record<Kind, number>;
}

/** An error's text; a validation error lists its issues (a spec this agent's version cannot take). */
function message(err: unknown): string {
  const issues = (err as { issues?: Array<{ path: string; message: string }> }).issues;
  if (Array.isArray(issues)) return issues.map((i) => `${i.path}: ${i.message}`).join('; ');
  return err instanceof Error ? err.message : String(err);
}

async function pulledIds(db: Kysely<Database>, kind: Kind): Promise<Set<string>> {
  const { rows } = await sql<{ id: string }>`select id::text from upstream_pulled where table_name = ${kind}`.execute(
    db,
  );
  return new Set(rows.map((r) => r.id));
}

/** Ids among `ids` that exist here (even soft-deleted) but were not pulled: the agent's own. */
async function ownIds(db: Kysely<Database>, kind: Kind, ids: string[], pulled: Set<string>): Promise<Set<string>> {
  const { rows } = await sql<{ id: string }>`
    select id::text from ${sql.table(kind)} where id = any(${ids}::uuid[])`.execute(db);
  return new Set(rows.map((r) => r.id).filter((id) => !pulled.has(id)));
}

async function applyCanary(db: Kysely<Database>, clock: Clock, row: AssignedRow): Promise<void> {
  const spec = validateCanary({
    apiVersion: 'canaries.flanksource.com/v1',
    kind: 'Canary',
    metadata: { name: row.name, namespace: row.namespace },
    spec: row.spec,
  }).spec as CanaryResource['spec'];
  await db.transaction().execute(async (trx) => {
    const { rows: before } = await sql<{ spec: CanaryResource['spec'] }>`
      select spec from canaries where id = ${row.id}::uuid`.execute(trx);
    const { rows: changed } = await sql`
      insert into canaries (id, name, namespace, labels, spec, source)
      values (${row.id}::uuid, ${row.name}, ${row.namespace}, ${JSON.stringify(row.labels ?? {})}::jsonb,
              ${JSON.stringify(row.spec)}::jsonb, ${row.source})
      on conflict (id) do update set name = excluded.name, namespace = excluded.namespace, labels = excluded.labels,
        spec = excluded.spec, source = excluded.source, deleted_at = null
      where (canaries.name, canaries.namespace, canaries.labels, canaries.spec, canaries.deleted_at is null)
        is distinct from (excluded.name, excluded.namespace, excluded.labels, excluded.spec, true)
      returning id`.execute(trx);
    await sql`insert into upstream_pulled (table_name, id) values ('canaries', ${row.id}::uuid)
              on conflict do nothing`.execute(trx);
    if (!changed.length) return; // unchanged: nothing derived again, nothing pushed again
    await deriveChecks(trx, { id: row.id, name: row.name, namespace: row.namespace }, spec);
    const old = before[0] ? canarySchedule(before[0].spec) : undefined;
    await ensureSchedule(trx, row.id, canarySchedule(spec), old, clock);
  });
}

async function applyScraper(db: Kysely<Database>, row: AssignedRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`
      insert into config_scrapers (id, name, namespace, spec, source)
      values (${row.id}::uuid, ${row.name}, ${row.namespace}, ${JSON.stringify(row.spec)}::jsonb, ${row.source})
      on conflict (id) do update set name = excluded.name, namespace = excluded.namespace, spec = excluded.spec,
        source = excluded.source, deleted_at = null
      where (config_scrapers.name, config_scrapers.namespace, config_scrapers.spec, config_scrapers.deleted_at is null)
        is distinct from (excluded.name, excluded.namespace, excluded.spec, true)`.execute(trx);
    await sql`insert into upstream_pulled (table_name, id) values ('config_scrapers', ${row.id}::uuid)
              on conflict do nothing`.execute(trx);
  });
}

/** Pulled rows still live here (the candidates for deletion when the upstream stops assigning them). */
async function livePulled(db: Kysely<Database>, kind: Kind): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select p.id::text from upstream_pulled p join ${sql.table(kind)} t on t.id = p.id
    where p.table_name = ${kind} and t.deleted_at is null`.execute(db);
  return rows.map((r) => r.id);
}

/** Soft-deletes a pulled row (a canary's checks go with it); its upstream_pulled entry stays, so it is never taken for the agent's own. */
/** A topology runs at once when it is new or changed (next_runtime now), then on its schedule. */
async function applyTopology(db: Kysely<Database>, row: AssignedRow): Promise<void> {
  const topology = validateTopology({
    apiVersion: 'canaries.flanksource.com/v1',
    kind: 'Topology',
    metadata: { name: row.name, namespace: row.namespace },
    spec: row.spec,
  });
  const schedule = topologySchedule(topology.spec as { schedule?: string });
  await db.transaction().execute(async (trx) => {
    await sql`
      insert into topologies (id, name, namespace, labels, spec, source, schedule, next_runtime)
      values (${row.id}::uuid, ${row.name}, ${row.namespace}, ${JSON.stringify(row.labels ?? {})}::jsonb,
              ${JSON.stringify(row.spec)}::jsonb, ${row.source ?? 'UI'}, ${schedule}, now())
      on conflict (id) do update set name = excluded.name, namespace = excluded.namespace, labels = excluded.labels,
        spec = excluded.spec, source = excluded.source, schedule = excluded.schedule, next_runtime = now(),
        claimed_by = null, deleted_at = null
      where (topologies.name, topologies.namespace, topologies.labels, topologies.spec, topologies.deleted_at is null)
        is distinct from (excluded.name, excluded.namespace, excluded.labels, excluded.spec, true)`.execute(trx);
    await sql`insert into upstream_pulled (table_name, id) values ('topologies', ${row.id}::uuid)
              on conflict do nothing`.execute(trx);
  });
}

async function remove(db: Kysely<Database>, kind: Kind, id: string): Promise<void> {
  if (kind === 'canaries') await deleteCanary(db, id);
  // a topology's components go with it (migration 170's trigger)
  else
    await sql`update ${sql.table(kind)} set deleted_at = now() where id = ${id}::uuid and deleted_at is null`.execute(
      db,
    );
}

async function reconcile(
  db: Kysely<Database>,
  kind: Kind,
  rows: AssignedRow[],
  apply: (row: AssignedRow) => Promise<void>,
  errors: string[],
): Promise<{ applied: number; deleted: number }> {
  const pulled = await pulledIds(db, kind);
  const own = await ownIds(
    db,
    kind,
    rows.map((r) => r.id),
    pulled,
  );
  let applied = 0;
  let deleted = 0;
  const what = { canaries: 'canary', config_scrapers: 'scraper', topologies: 'topology' }[kind];
  for (const row of rows) {
    if (own.has(row.id)) continue;
    try {
      await apply(row);
      applied++;
    } catch (err) {
      errors.push(`${what} ${row.namespace}/${row.name}: ${message(err)}`);
    }
  }
  const assigned = new Set(rows.map((r) => r.id));
  for (const id of await livePulled(db, kind)) {
    if (assigned.has(id)) continue;
    await remove(db, kind, id);
    deleted++;
  }
  return { applied, deleted };
}

/** One pull run: the three lists first (a failed request changes nothing), then canaries and scrapers applied. */
export async function pullOnce(
  db: Kysely<Database>,
  clock: Clock,
  client: UpstreamClient,
): Promise<JobOutcome & PullSummary> {
  const { canaries } = await client.pullCanaries();
  const { scrapers } = await client.pullScrapers();
  const { topologies } = await client.pullTopologies();
  const errors: string[] = [];
  const c = await reconcile(db, 'canaries', canaries, (row) => applyCanary(db, clock, row), errors);
  const s = await reconcile(db, 'config_scrapers', scrapers, (row) => applyScraper(db, row), errors);
  const t = await reconcile(db, 'topologies', topologies, (row) => applyTopology(db, row), errors);
  await sql`update upstream_state set last_pulled = now()`.execute(db);
  const summary: PullSummary = {
    applied: { canaries: c.applied, config_scrapers: s.applied, topologies: t.applied },
    deleted: { canaries: c.deleted, config_scrapers: s.deleted, topologies: t.deleted },
  };
  const success = c.applied + s.applied + t.applied + c.deleted + s.deleted + t.deleted;
  return { success, errors, details: { ...summary }, ...summary };
}
