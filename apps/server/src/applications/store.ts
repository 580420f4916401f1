import type { ApplicationResource, ApplicationSpec } from '@opsdeck/schema';
import type { Executor } from '../events/queue.js';
import './tables.js';

export type ApplicationSource = 'UI' | 'ConfigFile' | 'KubernetesCRD' | 'ApplicationCRD';

/** Stores a validated Application: upserts by (name, namespace), so applying a file again updates it. */
export async function saveApplication(
  db: Executor,
  app: ApplicationResource,
  opts: { source: ApplicationSource; createdBy?: string | null },
): Promise<{ id: string; created: boolean }> {
  const namespace = app.metadata.namespace ?? 'default';
  const values = { spec: JSON.stringify(app.spec), description: app.spec.description ?? null };
  const existing = await db
    .selectFrom('applications')
    .select('id')
    .where('name', '=', app.metadata.name)
    .where('namespace', '=', namespace)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (existing) {
    await db.updateTable('applications').set(values).where('id', '=', existing.id).execute();
    return { id: existing.id, created: false };
  }
  const row = await db
    .insertInto('applications')
    .values({ ...values, name: app.metadata.name, namespace, source: opts.source, created_by: opts.createdBy ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, created: true };
}

export interface StoredApplication {
  id: string;
  name: string;
  namespace: string;
  description: string | null;
  spec: ApplicationSpec;
  created_at: Date;
}

/** A live application by namespace and name. */
export async function loadApplication(
  db: Executor,
  namespace: string,
  name: string,
): Promise<StoredApplication | undefined> {
  const row = await db
    .selectFrom('applications')
    .select(['id', 'name', 'namespace', 'description', 'spec', 'created_at'])
    .where('name', '=', name)
    .where('namespace', '=', namespace)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? { ...row, spec: (row.spec ?? {}) as ApplicationSpec } : undefined;
}
