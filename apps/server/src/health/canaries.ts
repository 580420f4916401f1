import { type CanaryResource, canarySchedule } from '@opsdeck/schema';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Clock } from '../clock.js';
import { type Database, LOCAL_AGENT_ID } from '../db/types.js';
import { canaryCheckRows } from './junitMode.js';
import { parseSchedule } from './schedule.js';
import './tables.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Where a canary came from (canary-checker's `source` values); `component/<id>`: inline checks of a component. */
export type CanarySource = 'UI' | 'ConfigFile' | 'KubernetesCRD' | 'System' | `component/${string}`;

export interface SaveCanaryOptions {
  source: CanarySource;
  createdBy?: string | null;
  clock: Clock;
}

/** A stored canary and the ids of its checks by `type/name`. */
export interface SavedCanary {
  id: string;
  created: boolean;
  checks: Record<string, string>;
}

/**
 * Stores a validated Canary: upserts the canary by (name, namespace, source), then derives its
 * `checks` rows. Call inside a transaction so a canary never exists without its checks.
 */
export async function saveCanary(db: Executor, canary: CanaryResource, opts: SaveCanaryOptions): Promise<SavedCanary> {
  const namespace = canary.metadata.namespace ?? 'default';
  const existing = await db
    .selectFrom('canaries')
    .select(['id', 'spec'])
    .where('agent_id', '=', LOCAL_AGENT_ID)
    .where('name', '=', canary.metadata.name)
    .where('namespace', '=', namespace)
    .where(sql<boolean>`coalesce(source, '') = ${opts.source}`)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  const values = {
    labels: JSON.stringify(canary.metadata.labels ?? {}),
    annotations: canary.metadata.annotations ? JSON.stringify(canary.metadata.annotations) : null,
    spec: JSON.stringify(canary.spec),
  };
  let id: string;
  if (existing) {
    id = existing.id;
    await db.updateTable('canaries').set(values).where('id', '=', id).execute();
  } else {
    const row = await db
      .insertInto('canaries')
      .values({
        name: canary.metadata.name,
        namespace,
        source: opts.source,
        created_by: opts.createdBy ?? null,
        ...values,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
  }
  if (!runsHere(LOCAL_AGENT_ID, canary.spec)) {
    await stopHere(db, id);
    return { id, created: !existing, checks: {} };
  }
  const checks = await deriveChecks(db, { id, name: canary.metadata.name, namespace }, canary.spec);
  const oldSchedule = existing ? canarySchedule(existing.spec as CanaryResource['spec']) : undefined;
  await ensureSchedule(db, id, canarySchedule(canary.spec), oldSchedule, opts.clock);
  return { id, created: !existing, checks };
}

/**
 * Makes the `checks` rows of a canary match its spec: one row per check (type, name), revived if
 * it was soft-deleted, and the checks no longer in the spec soft-deleted (their history stays).
 * A check's labels are the canary's labels merged with its own (its own win), so label selectors
 * over checks (views, status pages, /resources/search) see what the health page shows.
 * In result mode junit the canary has one junit check named after it instead (junitMode.ts).
 */
export async function deriveChecks(
  db: Executor,
  canary: { id: string; name: string; namespace: string },
  spec: CanaryResource['spec'],
): Promise<Record<string, string>> {
  const { id: canaryId, namespace } = canary;
  const inherited = await canaryLabels(db, canaryId);
  const ids: Record<string, string> = {};
  for (const { type, check } of canaryCheckRows(canary.name, spec)) {
    const c = check as { name: string; description?: string; icon?: string; namespace?: string; labels?: object };
    const row = {
      canary_id: canaryId,
      type,
      name: c.name,
      namespace: c.namespace ?? namespace,
      description: c.description ?? null,
      icon: c.icon ?? spec.icon ?? null,
      spec: JSON.stringify(check),
      labels: JSON.stringify({ ...inherited, ...(c.labels ?? {}) }),
      owner: spec.owner ?? null,
      severity: spec.severity ?? null,
    };
    const saved = await db
      .insertInto('checks')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['canary_id', 'type', 'name', 'agent_id']).doUpdateSet((eb) => ({
          namespace: eb.ref('excluded.namespace'),
          description: eb.ref('excluded.description'),
          icon: eb.ref('excluded.icon'),
          spec: eb.ref('excluded.spec'),
          labels: eb.ref('excluded.labels'),
          owner: eb.ref('excluded.owner'),
          severity: eb.ref('excluded.severity'),
          deleted_at: null,
        })),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[`${type}/${c.name}`] = saved.id;
  }
  const keep = Object.values(ids);
  let stale = db
    .updateTable('checks')
    .set({ deleted_at: sql`now()` })
    .where('canary_id', '=', canaryId)
    .where('deleted_at', 'is', null)
    .where('transformed', '=', false);
  if (keep.length) stale = stale.where('id', 'not in', keep);
  await stale.execute();
  return ids;
}

/** The stored labels of a canary (those its checks inherit). */
export async function canaryLabels(db: Executor, canaryId: string): Promise<Record<string, string>> {
  const row = await db.selectFrom('canaries').select('labels').where('id', '=', canaryId).executeTakeFirst();
  const labels = row?.labels;
  return labels && typeof labels === 'object' && !Array.isArray(labels) ? (labels as Record<string, string>) : {};
}

/** Creates the canary's schedule row (jittered first run), or restarts it when the schedule changed. */
export async function ensureSchedule(
  db: Executor,
  canaryId: string,
  schedule: string,
  old: string | undefined,
  clock: Clock,
) {
  const first = parseSchedule(schedule, canaryId).first(clock.now());
  const insert = db.insertInto('canary_schedules').values({ canary_id: canaryId, next_runtime: first });
  if (old !== undefined && old !== schedule) {
    await insert.onConflict((oc) => oc.column('canary_id').doUpdateSet({ next_runtime: first })).execute();
  } else {
    await insert.onConflict((oc) => oc.column('canary_id').doNothing()).execute();
  }
}

/** Whether this OpsDeck runs a canary: not an agent's (agent_id), nor one copied to agents (agentSelector). */
export function runsHere(agentId: unknown, spec: CanaryResource['spec'] | undefined): boolean {
  return (agentId === undefined || agentId === LOCAL_AGENT_ID) && !spec?.agentSelector?.length;
}

/** A canary that runs elsewhere has no checks or schedule here (they come from the agent's pushes). */
export async function stopHere(db: Executor, canaryId: string): Promise<void> {
  await db.deleteFrom('canary_schedules').where('canary_id', '=', canaryId).execute();
  await db
    .updateTable('checks')
    .set({ deleted_at: sql`now()` })
    .where('canary_id', '=', canaryId)
    .where('agent_id', '=', LOCAL_AGENT_ID)
    .where('deleted_at', 'is', null)
    .execute();
}

/** Soft-deletes a canary; the database soft-deletes its checks and the scheduler drops them. */
export async function deleteCanary(db: Executor, id: string): Promise<boolean> {
  const res = await db
    .updateTable('canaries')
    .set({ deleted_at: sql`now()` })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
