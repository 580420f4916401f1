import { requireDateMath } from '@opsdeck/schema';
import { sql } from 'kysely';
import { z } from 'zod';
import { badRequest, notFound } from '../errors.js';
import type { Executor } from '../events/queue.js';
import { maskedColumn } from '../rest/secrets.js';
import { SEND_STATUSES } from './tables.js';

/** Body of POST /api/notification/summary. */
export const historyQuerySchema = z.object({
  search: z.string().max(200).optional(),
  status: z.string().optional(),
  resourceType: z.string().optional(),
  resourceKind: z.string().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  includeDeletedResources: z.boolean().default(false),
  pageIndex: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(1000).default(50),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

function list(v: string | undefined): string[] {
  return (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Send history for the Notifications page, newest first: filters on status (comma list),
 * resource type or kind, a time window (datemath), free text over resource, rule, title,
 * event and error; rows of deleted checks are left out unless asked for. Reads the
 * notification_send_history_summary view; created_at order uses notification_send_history_created_idx.
 */
export async function searchHistory(db: Executor, q: HistoryQuery, now: Date) {
  // a send's error may quote a channel URL: it is searched and shown masked (docs/secrets.md)
  const maskedError = maskedColumn('notification_send_history_summary', 'error', sql.ref('h.error'), 'text');
  const statuses = list(q.status);
  const unknown = statuses.filter((s) => !(SEND_STATUSES as readonly string[]).includes(s));
  if (unknown.length) throw badRequest(`status: unknown ${unknown.join(', ')} (use ${SEND_STATUSES.join(', ')})`);
  const when = (field: string, v: string | undefined) => {
    if (!v) return null;
    try {
      return requireDateMath(v, now);
    } catch (err) {
      throw badRequest(`${field}: ${(err as Error).message}`);
    }
  };
  const from = when('from', q.from);
  const to = when('to', q.to);
  const conditions = [sql`true`];
  if (statuses.length) conditions.push(sql`h.status = any(${sql.val(statuses)}::text[])`);
  const types = list(q.resourceType);
  if (types.length)
    conditions.push(
      sql`(h.resource_kind = any(${sql.val(types)}::text[]) or h.resource_type = any(${sql.val(types)}::text[]))`,
    );
  const kinds = list(q.resourceKind);
  if (kinds.length) conditions.push(sql`h.resource_type = any(${sql.val(kinds)}::text[])`);
  if (from) conditions.push(sql`h.created_at >= ${from}`);
  if (to) conditions.push(sql`h.created_at <= ${to}`);
  if (q.search?.trim()) {
    const like = `%${q.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(h.resource_name ilike ${like} or h.notification_name ilike ${like} or h.title ilike ${like}
      or h.source_event ilike ${like} or ${maskedError} ilike ${like} or h.recipient ilike ${like} or h.recipient_name ilike ${like})`);
  }
  if (!q.includeDeletedResources) {
    conditions.push(sql`not exists (select 1 from checks c where c.id = h.resource_id and c.deleted_at is not null)`);
  }
  const where = sql.join(conditions, sql` and `);
  const { rows: count } = await sql<{ total: number }>`
    select count(*)::int as total from notification_send_history_summary h where ${where}`.execute(db);
  // the masked error comes after h.*, so it is the `error` of each row
  const { rows } = await sql<Record<string, unknown>>`
    select h.*, ${maskedError} as error from notification_send_history_summary h where ${where}
    order by h.created_at desc, h.id
    limit ${q.pageSize} offset ${q.pageIndex * q.pageSize}`.execute(db);
  return { total: count[0]?.total ?? 0, results: rows };
}

/** One send with its rendered body (`body_markdown`) and resource, as the detail view shows it. */
export async function getSend(db: Executor, id: string) {
  const row = await db
    .selectFrom('notification_send_history as h')
    .innerJoin('notifications as n', 'n.id', 'h.notification_id')
    .selectAll('h')
    // who it was for by name, as the history list shows it
    .select(
      sql<string>`(select s.recipient_name from notification_send_history_summary s where s.id = h.id)`.as(
        'recipient_name',
      ),
    )
    .select(['n.name as notification_name', 'n.namespace as notification_namespace'])
    // after h.*: the masked error is the row's `error`
    .select(maskedColumn('notification_send_history', 'error', sql.ref('h.error'), 'text').as('error'))
    .where('h.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(`send ${id} not found`);
  const resource = (row.resource ?? {}) as { kind?: string; type?: string };
  const payload = (row.body_payload ?? {}) as { title?: string };
  return {
    ...row,
    title: payload.title ?? '',
    body_markdown: row.body,
    resource_kind: resource.kind ?? null,
    resource_type: resource.type ?? null,
    notification: { id: row.notification_id, name: row.notification_name, namespace: row.notification_namespace },
  };
}
