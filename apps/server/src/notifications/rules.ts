import { requireDuration } from '@opsdeck/schema';
import { type RawBuilder, sql } from 'kysely';
import { z } from 'zod';
import { badRequest, notFound } from '../errors.js';
import type { Executor } from '../events/queue.js';
import { findPlaybookId } from '../playbooks/store.js';
import { keptColumn, maskedColumn } from '../rest/secrets.js';
import {
  type NotificationSpec,
  notificationResourceSchema,
  notificationSpecSchema,
  type RecipientSpec,
} from './spec.js';

/** A custom service recipient as stored in notifications.custom_services. */
export interface CustomService {
  email?: string;
  connection?: string;
  url?: string;
  properties?: Record<string, string>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Body of a create/update: the CRD shape, or `{name, namespace, ...spec}` as a form sends it. */
const flatSchema = notificationSpecSchema.extend({
  name: z.string().regex(/^[a-z0-9]([-a-z0-9_.]*[a-z0-9])?$/, 'lowercase letters, digits, -, _ and .'),
  namespace: z.string().default('default'),
});

function formatIssues(err: z.ZodError): string {
  return err.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
}

/** Parses a rule from a request body (CRD or flat); throws 400 with every problem listed. */
export function parseRuleInput(body: unknown): { name: string; namespace: string; spec: NotificationSpec } {
  if (body && typeof body === 'object' && 'kind' in body) {
    const r = notificationResourceSchema.safeParse(body);
    if (!r.success) throw badRequest(formatIssues(r.error));
    return { name: r.data.metadata.name, namespace: r.data.metadata.namespace, spec: r.data.spec };
  }
  const r = flatSchema.safeParse(body);
  if (!r.success) throw badRequest(formatIssues(r.error));
  const { name, namespace, ...spec } = r.data;
  return { name, namespace, spec };
}

async function personId(db: Executor, ref: string): Promise<string> {
  const row = await db
    .selectFrom('people')
    .select('id')
    .where('deleted_at', 'is', null)
    .where((eb) => (UUID.test(ref) ? eb('id', '=', ref) : eb(sql`lower(email)`, '=', ref.toLowerCase())))
    .executeTakeFirst();
  if (!row) throw badRequest(`to.person: no person with id or email "${ref}"`);
  return row.id;
}

async function teamId(db: Executor, ref: string): Promise<string> {
  const row = await db
    .selectFrom('teams')
    .select('id')
    .where('deleted_at', 'is', null)
    .where((eb) => (UUID.test(ref) ? eb('id', '=', ref) : eb('name', '=', ref)))
    .executeTakeFirst();
  if (!row) throw badRequest(`to.team: no team with id or name "${ref}"`);
  return row.id;
}

async function playbookRecipientId(db: Executor, ref: string): Promise<string> {
  const id = await findPlaybookId(db, ref);
  if (!id) throw badRequest(`to.playbook: no playbook with id or namespace/name "${ref}"`);
  return id;
}

function customServices(to: RecipientSpec): CustomService[] {
  const props = to.properties ? { properties: to.properties } : {};
  const out: CustomService[] = [];
  if (to.email) out.push({ email: to.email, ...props });
  if (to.connection) out.push({ connection: to.connection, ...props });
  if (to.url) out.push({ url: to.url, ...props });
  return out;
}

const seconds = (v: string | undefined) => (v ? Math.round(requireDuration(v, { bareSeconds: true }) / 1000) : null);

const SECRET_COLUMNS = ['custom_services', 'fallback_custom_services', 'properties'] as const;

/** Creates or updates (by name and namespace) a rule from a Notification resource. */
export async function applyRule(db: Executor, body: unknown, createdBy: string | null, source = 'UI'): Promise<string> {
  const { name, namespace, spec } = parseRuleInput(body);
  const fb = spec.fallback;
  const values = {
    name,
    namespace,
    events: spec.events,
    title: spec.title ?? null,
    template: spec.template ?? null,
    filter: spec.filter?.trim() ? spec.filter : null,
    properties: spec.properties ? JSON.stringify(spec.properties) : null,
    person_id: spec.to.person ? await personId(db, spec.to.person) : null,
    team_id: spec.to.team ? await teamId(db, spec.to.team) : null,
    playbook_id: spec.to.playbook ? await playbookRecipientId(db, spec.to.playbook) : null,
    custom_services: JSON.stringify(customServices(spec.to)),
    repeat_interval: spec.repeatInterval ?? null,
    inhibitions: spec.inhibitions ? JSON.stringify(spec.inhibitions) : null,
    wait_for: seconds(spec.waitFor),
    wait_for_eval_period: seconds(spec.waitForEvalPeriod),
    group_by: spec.groupBy ?? null,
    group_by_interval: seconds(spec.groupByInterval),
    fallback_delay: fb?.delay ?? null,
    fallback_custom_services: fb ? JSON.stringify(customServices(fb)) : null,
    fallback_person_id: fb?.person ? await personId(db, fb.person) : null,
    fallback_team_id: fb?.team ? await teamId(db, fb.team) : null,
    source,
  };
  // channels and properties sent back masked keep the stored secrets; a marker on a new rule is a 400
  const kept = (old: (column: string) => RawBuilder<unknown>) =>
    Object.fromEntries(
      SECRET_COLUMNS.map((c) => [c, keptColumn('notifications', c, sql`${values[c]}::jsonb`, old(c))]),
    ) as Record<(typeof SECRET_COLUMNS)[number], RawBuilder<string | null>>;
  const existing = await db
    .selectFrom('notifications')
    .select('id')
    .where('name', '=', name)
    .where('namespace', '=', namespace)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (existing) {
    // a changed spec gets a fresh start: the pause of a broken rule is lifted by fixing it
    await db
      .updateTable('notifications')
      .set({ ...values, ...kept((c) => sql.ref(`notifications.${c}`)), error: null, error_at: null })
      .where('id', '=', existing.id)
      .execute();
    return existing.id;
  }
  const row = await db
    .insertInto('notifications')
    .values({ ...values, ...kept(() => sql`null`), created_by: createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The rules list: every live rule with send counts, last error and paused state (notifications_summary). */
export async function listRules(db: Executor) {
  const rows = await db
    .selectFrom('notifications_summary' as never)
    .selectAll()
    // after *, the masked channels are the row's custom_services (docs/secrets.md)
    .select(maskedColumn('notifications_summary', 'custom_services', sql.ref('custom_services')).as('custom_services'))
    // who it tells by name, as the lists show it
    .select([
      sql`(select json_build_object('name', p.name, 'email', p.email) from people p where p.id = person_id)`.as(
        'person',
      ),
      sql`(select json_build_object('name', t.name) from teams t where t.id = team_id)`.as('team'),
    ])
    .where(sql.ref('deleted_at'), 'is', null)
    .orderBy(sql.ref('name'))
    .execute();
  return rows as Record<string, unknown>[];
}

/** One rule with its spec fields, secrets masked; 404 when missing or deleted. */
export async function getRule(db: Executor, id: string) {
  const row = await db
    .selectFrom('notifications')
    .selectAll()
    // after *, the masked columns replace the stored ones (docs/secrets.md)
    .select(SECRET_COLUMNS.map((c) => maskedColumn('notifications', c, sql.ref(c)).as(c)))
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound(`notification ${id} not found`);
  return { ...row, paused: row.error !== null };
}

/** Pauses a rule (it sends nothing until resumed) or resumes it by clearing its error. */
export async function setRulePaused(db: Executor, id: string, paused: boolean, by: string, now: Date): Promise<void> {
  const res = await db
    .updateTable('notifications')
    .set(paused ? { error: `paused by ${by}`, error_at: now } : { error: null, error_at: null })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!res.numUpdatedRows) throw notFound(`notification ${id} not found`);
}

/** Soft-deletes a rule; its history stays. */
export async function deleteRule(db: Executor, id: string, now: Date): Promise<void> {
  const res = await db
    .updateTable('notifications')
    .set({ deleted_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!res.numUpdatedRows) throw notFound(`notification ${id} not found`);
}

/** Marks a rule failing (paused) with the reason; used when its filter, template or sends keep failing. */
export async function pauseRuleWithError(db: Executor, id: string, error: string, now: Date): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ error: error.slice(0, 2000), error_at: now })
    .where('id', '=', id)
    .execute();
}
