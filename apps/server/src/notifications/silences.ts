import { requireDateMath } from '@opsdeck/schema';
import { sql } from 'kysely';
import { z } from 'zod';
import { badRequest, notFound } from '../errors.js';
import type { Executor } from '../events/queue.js';
import { compileCel, evaluateCel } from '../expr/index.js';
import type { EventResource } from './resources.js';
import type { NotificationSilencesTable } from './tables.js';

/** A resource selector as silences accept it (a subset of Mission Control's ResourceSelector). */
export const silenceSelectorSchema = z
  .object({
    id: z.string().optional(),
    name: z.string().optional(),
    namespace: z.string().optional(),
    types: z.array(z.string()).optional(),
    statuses: z.array(z.string()).optional(),
    labelSelector: z.string().optional(),
  })
  .strict();
type Selector = z.infer<typeof silenceSelectorSchema>;

const uuid = z.uuid('must be a UUID');

/** Body of POST /api/notification/silence (Mission Control's fields). */
export const silenceInputSchema = z
  .object({
    name: z.string().min(1).max(255).optional(),
    namespace: z.string().min(1).optional(),
    description: z.string().max(4000).optional(),
    from: z.string().optional(),
    until: z.string().nullable().optional(),
    recursive: z.boolean().default(false),
    filter: z.string().optional(),
    selectors: z.array(silenceSelectorSchema).optional(),
    check_id: uuid.optional(),
    canary_id: uuid.optional(),
    config_id: uuid.optional(),
    component_id: uuid.optional(),
  })
  .strict();
export type SilenceInput = z.infer<typeof silenceInputSchema>;

/** The stored columns of a silence: validates it; from/until accept datemath (`now+2h`) or RFC 3339. */
export function silenceValues(input: SilenceInput, now: Date) {
  const resource = input.check_id ?? input.canary_id ?? input.config_id ?? input.component_id;
  const filter = input.filter?.trim() || null;
  if (!resource && !filter && !input.selectors?.length) {
    throw badRequest(
      'a silence needs a resource (check_id, canary_id, config_id or component_id), a filter or selectors',
    );
  }
  if (filter) {
    try {
      compileCel(filter);
    } catch (err) {
      throw badRequest(`filter: ${(err as Error).message}`);
    }
  }
  const at = (field: 'from' | 'until', v: string | null | undefined) => {
    if (v === undefined || v === null || v.trim() === '') return null;
    try {
      return requireDateMath(v, now);
    } catch (err) {
      throw badRequest(`${field}: ${(err as Error).message}`);
    }
  };
  const from = at('from', input.from);
  const until = at('until', input.until);
  if (until && until.getTime() <= (from ?? now).getTime()) {
    throw badRequest(`until (${until.toISOString()}) must be later than ${from ? 'from' : 'now'}`);
  }
  return {
    name: input.name ?? `silence-${(resource ?? 'filter').slice(0, 8)}-${now.getTime()}`,
    namespace: input.namespace ?? 'default',
    description: input.description ?? null,
    filter,
    selectors: input.selectors?.length ? JSON.stringify(input.selectors) : null,
    from: from ?? now,
    until,
    recursive: input.recursive,
    check_id: input.check_id ?? null,
    canary_id: input.canary_id ?? null,
    config_id: input.config_id ?? null,
    component_id: input.component_id ?? null,
  };
}

/** Creates a silence; until null or absent means indefinitely. */
export async function createSilence(
  db: Executor,
  input: SilenceInput,
  createdBy: string | null,
  now: Date,
): Promise<string> {
  const row = await db
    .insertInto('notification_silences')
    .values({ ...silenceValues(input, now), source: 'UI', created_by: createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Soft-deletes a silence: it stops matching at once, and the history keeps pointing at it. */
export async function deleteSilence(db: Executor, id: string, now: Date): Promise<void> {
  const res = await db
    .updateTable('notification_silences')
    .set({ deleted_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!res.numUpdatedRows) throw notFound(`silence ${id} not found`);
}

/** Silences, newest first; deleted ones only when asked. */
export async function listSilences(db: Executor, includeDeleted: boolean) {
  let q = db.selectFrom('notification_silences').selectAll().orderBy('created_at', 'desc');
  if (!includeDeleted) q = q.where('deleted_at', 'is', null);
  return q.execute();
}

export type SilenceRow = { [K in keyof NotificationSilencesTable]: unknown } & {
  id: string;
  filter: string | null;
  selectors: Selector[] | null;
  check_id: string | null;
  canary_id: string | null;
  config_id: string | null;
  component_id: string | null;
  recursive: boolean;
};

function matchesSelector(s: Selector, r: EventResource): boolean {
  if (s.id && s.id !== r.id) return false;
  if (s.name && s.name !== r.name) return false;
  if (s.namespace && s.namespace !== (r.labels.namespace ?? (r.vars[r.kind] as { namespace?: string })?.namespace))
    return false;
  if (s.types?.length && !s.types.includes(r.type ?? '')) return false;
  if (s.statuses?.length && !s.statuses.includes(r.status ?? '')) return false;
  if (s.labelSelector) {
    for (const pair of s.labelSelector
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)) {
      const [k, v] = pair.split('=').map((x) => x.trim());
      if (!k || r.labels[k] !== v) return false;
    }
  }
  return true;
}

/** The active silences (not deleted, no error, from ≤ now, until null or ≥ now), oldest first. */
export async function loadActiveSilences(db: Executor, now: Date): Promise<SilenceRow[]> {
  const { rows } = await sql<SilenceRow>`
    select id, filter, selectors, check_id, canary_id, config_id, component_id, recursive
    from notification_silences
    where deleted_at is null and error is null
      and ("from" is null or "from" <= ${now}) and (until is null or until >= ${now})
    order by created_at, id`.execute(db);
  return rows;
}

function aboutResource(s: SilenceRow, resource: EventResource): boolean {
  const ids = resource.ids;
  if (!s.check_id && !s.canary_id && !s.config_id && !s.component_id) return true;
  if (s.check_id && s.check_id === ids.check_id) return true;
  if (s.canary_id && s.canary_id === ids.canary_id) return true;
  if (s.config_id && s.config_id === ids.config_id) return true;
  if (s.component_id && s.component_id === ids.component_id) return true;
  const own = s.config_id ?? s.component_id ?? s.canary_id ?? s.check_id;
  return Boolean(s.recursive) && (own === resource.id || resource.ancestors.includes(own as string));
}

/**
 * The first of `silences` (loadActiveSilences) matching the resource, or null. It matches when
 * every condition it states holds: its resource id (exact on check/canary/config/component, or
 * any ancestor when recursive), its CEL filter against the notification variables, its selectors.
 */
export function matchSilence(
  silences: readonly SilenceRow[],
  resource: EventResource,
  env: Record<string, unknown>,
): string | null {
  for (const s of silences) {
    if (!aboutResource(s, resource)) continue;
    if (s.filter) {
      let ok = false;
      try {
        ok = evaluateCel(s.filter, env) === true;
      } catch {
        ok = false; // a filter that cannot evaluate on this event does not silence it
      }
      if (!ok) continue;
    }
    if (s.selectors?.length && !s.selectors.some((sel) => matchesSelector(sel, resource))) continue;
    return s.id;
  }
  return null;
}

/** The first active silence matching the resource, or null (one event; dispatch loads them once per batch). */
export async function findMatchingSilence(
  db: Executor,
  resource: EventResource,
  env: Record<string, unknown>,
  now: Date,
): Promise<string | null> {
  return matchSilence(await loadActiveSilences(db, now), resource, env);
}
