import type { PlaybookResource, PlaybookSpec } from '@opsdeck/schema';
import { sql } from 'kysely';
import type { Executor } from '../events/queue.js';
import { parseSchedule } from '../health/index.js';
import type { Role } from '../rbac/resources.js';
import type { ExecMode } from '../sandbox/config.js';
import { execWriteRefusal } from '../sandbox/execPolicy.js';
import './tables.js';

/** Playbook rows: saving a validated resource (CLI, API) and keeping its schedule triggers in step. */

export interface SaveOptions {
  source: string;
  createdBy?: string | null;
  now?: Date;
}

/** Why `roles` may not save a playbook with exec actions (they run code on the server), or undefined. */
export function playbookExecRefusal(
  mode: ExecMode,
  roles: readonly Role[] | 'operator',
  spec: PlaybookSpec,
): string | undefined {
  return execWriteRefusal(mode, roles, spec, 'Playbook');
}

/** The row columns a spec decides. */
export function playbookColumns(p: PlaybookResource) {
  return {
    namespace: p.metadata.namespace ?? 'default',
    name: p.metadata.name,
    title: p.spec.title ?? p.metadata.name,
    icon: p.spec.icon ?? null,
    description: p.spec.description ?? null,
    category: p.spec.category ?? '',
    spec: JSON.stringify(p.spec),
  };
}

/** Creates or updates (same namespace and name) a playbook; answers its id and whether it is new. */
export async function savePlaybook(
  db: Executor,
  p: PlaybookResource,
  opts: SaveOptions,
): Promise<{ id: string; created: boolean }> {
  const cols = playbookColumns(p);
  const existing = await db
    .selectFrom('playbooks')
    .select('id')
    .where('namespace', '=', cols.namespace)
    .where('name', '=', cols.name)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  let id: string;
  if (existing) {
    await db
      .updateTable('playbooks')
      .set({ ...cols, source: opts.source, updated_at: sql<Date>`now()` as never })
      .where('id', '=', existing.id)
      .execute();
    id = existing.id;
  } else {
    const row = await db
      .insertInto('playbooks')
      .values({ ...cols, source: opts.source, created_by: opts.createdBy ?? null })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
  }
  await syncSchedules(db, id, p.spec, opts.now ?? new Date());
  return { id, created: !existing };
}

/** Rewrites the `on.schedule` rows of a playbook, keeping the next run of schedules that did not change. */
export async function syncSchedules(db: Executor, playbookId: string, spec: PlaybookSpec, now: Date): Promise<void> {
  const wanted = spec.on?.schedule ?? [];
  const rows = await db.selectFrom('playbook_schedules').selectAll().where('playbook_id', '=', playbookId).execute();
  await db
    .deleteFrom('playbook_schedules')
    .where('playbook_id', '=', playbookId)
    .where('schedule_index', '>=', wanted.length)
    .execute();
  for (const [i, s] of wanted.entries()) {
    const old = rows.find((r) => r.schedule_index === i);
    if (old && old.schedule === s.schedule) continue;
    const next = parseSchedule(s.schedule, `${playbookId}:${i}`).first(now);
    await db
      .insertInto('playbook_schedules')
      .values({ playbook_id: playbookId, schedule_index: i, schedule: s.schedule, next_runtime: next })
      .onConflict((oc) =>
        oc.columns(['playbook_id', 'schedule_index']).doUpdateSet({ schedule: s.schedule, next_runtime: next }),
      )
      .execute();
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The id of a live playbook named by id, `namespace/name` or `name` (namespace default). */
export async function findPlaybookId(db: Executor, ref: string): Promise<string | undefined> {
  let q = db.selectFrom('playbooks').select('id').where('deleted_at', 'is', null);
  if (UUID.test(ref)) q = q.where('id', '=', ref);
  else {
    const [namespace, name] = ref.includes('/') ? ref.split('/', 2) : ['default', ref];
    q = q.where('namespace', '=', namespace as string).where('name', '=', name as string);
  }
  return (await q.executeTakeFirst())?.id;
}

/** The live playbook whose `on.webhook.path` is `path` (the first when several claim it), or undefined. */
export async function playbookForWebhook(
  db: Executor,
  path: string,
): Promise<{ id: string; spec: PlaybookSpec } | undefined> {
  const { rows } = await sql<{ id: string; spec: PlaybookSpec }>`
    select id, spec from playbooks
    where deleted_at is null and spec->'on'->'webhook'->>'path' = ${path}
    limit 1`.execute(db);
  return rows[0];
}
