import { canaryChecks } from '@opsdeck/schema';
import type { ImportSummary } from '@opsdeck/schema/imports';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import { prepareConnectionRow } from '../connections/service.js';
import type { SecretBox } from '../crypto/secretBox.js';
import type { Database } from '../db/types.js';
import type { Executor } from '../events/queue.js';
import { saveCanary } from '../health/index.js';
import { applyRule } from '../notifications/rules.js';
import type { ImportPlan, PlannedConnection } from './plan.js';

export type { ImportSummary } from '@opsdeck/schema/imports';

/** The summary of a plan before it is stored. */
export function summarize(plan: ImportPlan, dryRun: boolean): ImportSummary {
  return {
    source: plan.source,
    namespace: plan.namespace,
    dryRun,
    canaries: plan.canaries.map((c) => ({
      name: c.metadata.name,
      checks: canaryChecks(c.spec).map(({ type, check }) => ({ type, name: check.name })),
    })),
    connections: plan.connections.map((c) => ({ name: c.name, type: c.type })),
    notifications: plan.notifications.map((n) => ({
      name: n.metadata.name,
      events: n.spec.events,
      canaries: (/in \[(.*)\]$/.exec(n.spec.filter ?? '')?.[1] ?? '').split(',').filter(Boolean).length,
    })),
    skipped: plan.skipped,
    notes: plan.notes,
  };
}

async function saveConnection(
  db: Executor,
  box: SecretBox,
  c: PlannedConnection,
  createdBy: string | null,
): Promise<'created' | 'updated'> {
  const row = prepareConnectionRow({ ...c, source: 'UI' }, box);
  const existing = await db
    .selectFrom('connections')
    .select('id')
    .where('name', '=', c.name)
    .where('namespace', '=', c.namespace)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  const values = {
    name: c.name,
    namespace: c.namespace,
    type: c.type,
    url: (row.url as string | undefined) ?? null,
    username: (row.username as string | undefined) ?? null,
    password: (row.password as string | undefined) ?? null,
    properties: JSON.stringify(row.properties ?? {}),
  };
  if (existing) {
    await db.updateTable('connections').set(values).where('id', '=', existing.id).execute();
    return 'updated';
  }
  await db
    .insertInto('connections')
    .values({ ...values, source: 'UI', created_by: createdBy })
    .execute();
  return 'created';
}

/** Stores a plan in one transaction (storePlan): a failure stores nothing. */
export function importPlan(
  db: Kysely<Database>,
  plan: ImportPlan,
  opts: { box: SecretBox; clock: Clock; createdBy: string | null },
): Promise<ImportSummary> {
  return db.transaction().execute((trx) => storePlan(trx, plan, opts));
}

/**
 * Stores a plan: connections first (checks and rules name them), then canaries, then rules.
 * Run inside one transaction: a failure stores nothing. A second import of the same file updates
 * what the first created (same names in the same namespace).
 */
export async function storePlan(
  db: Executor,
  plan: ImportPlan,
  opts: { box: SecretBox; clock: Clock; createdBy: string | null },
): Promise<ImportSummary> {
  const summary = summarize(plan, false);
  for (const [i, c] of plan.connections.entries()) {
    (summary.connections[i] as { action?: string }).action = await saveConnection(db, opts.box, c, opts.createdBy);
  }
  for (const [i, canary] of plan.canaries.entries()) {
    const saved = await saveCanary(db, canary, {
      source: 'UI',
      createdBy: opts.createdBy ?? undefined,
      clock: opts.clock,
    });
    (summary.canaries[i] as { action?: string }).action = saved.created ? 'created' : 'updated';
  }
  for (const rule of plan.notifications) await applyRule(db, rule, opts.createdBy, 'UI');
  return summary;
}
