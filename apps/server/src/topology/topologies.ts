import type { TopologyResource } from '@opsdeck/schema';
import { sql } from 'kysely';
import { LOCAL_AGENT_ID } from '../db/types.js';
import type { Executor } from '../events/queue.js';
import { topologySchedule } from './topologyYaml.js';
import './tables.js';

/** Where a topology came from (Mission Control's `source` values). */
export type TopologySource = 'UI' | 'ConfigFile' | 'KubernetesCRD' | 'Push' | 'System';

/**
 * Stores a validated Topology: upserts by (name, namespace), so applying a file again updates it
 * instead of adding a second one. A saved topology runs at once (next_runtime = now), then on
 * its schedule.
 */
export async function saveTopology(
  db: Executor,
  topology: TopologyResource,
  opts: { source: TopologySource; createdBy?: string | null },
): Promise<{ id: string; created: boolean }> {
  const namespace = topology.metadata.namespace ?? 'default';
  const existing = await db
    .selectFrom('topologies')
    .select('id')
    .where('agent_id', '=', LOCAL_AGENT_ID)
    .where('name', '=', topology.metadata.name)
    .where('namespace', '=', namespace)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  const values = {
    spec: JSON.stringify(topology.spec),
    labels: JSON.stringify(topology.metadata.labels ?? {}),
    schedule: topologySchedule(topology.spec),
  };
  if (existing) {
    await db
      .updateTable('topologies')
      .set({ ...values, next_runtime: sql<Date>`now()` as never, claimed_by: null })
      .where('id', '=', existing.id)
      .execute();
    return { id: existing.id, created: false };
  }
  const row = await db
    .insertInto('topologies')
    .values({
      ...values,
      name: topology.metadata.name,
      namespace,
      source: opts.source,
      created_by: opts.createdBy ?? null,
      next_runtime: sql<Date>`now()` as never,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, created: true };
}

/** A stored topology as a resource document, ready to run. */
export async function loadTopology(
  db: Executor,
  id: string,
): Promise<{ id: string; resource: TopologyResource; deleted: boolean } | undefined> {
  const row = await db
    .selectFrom('topologies')
    .select(['id', 'name', 'namespace', 'labels', 'spec', 'deleted_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    deleted: row.deleted_at !== null,
    resource: {
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Topology',
      metadata: { name: row.name, namespace: row.namespace, labels: (row.labels ?? {}) as Record<string, string> },
      spec: row.spec as TopologyResource['spec'],
    },
  };
}

/** The stored id of a topology that is not deleted, or undefined. */
export async function liveTopologyId(db: Executor, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('topologies')
    .select('id')
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.id;
}
