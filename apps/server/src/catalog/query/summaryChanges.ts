import { type RawBuilder, sql } from 'kysely';
import { inList } from './filters.js';

/**
 * The `ch` part of the catalog summary: changes since `from` per group. When the groups and
 * filters are only item attributes that config_change_days keeps (type, config_class, agent_id,
 * live or not; migration 192), whole UTC days are summed from there and only the partial first
 * day is counted from config_changes; otherwise every change of the window is joined with the
 * summary's items.
 */
const DAY_KEYS = new Set(['type', 'config_class', 'agent_id']);
const DAY_MS = 86_400_000;

export interface SummaryChangesInput {
  /** The summary's group keys, aliased g0, g1, ... in the `items` CTE. */
  keys: string[];
  from: Date;
  deleted: boolean;
  /** The `type` filter ("a,!b"), the one item filter the day counts carry. */
  type?: string;
  /** Whether any other item filter (status, health, labels, tags, search) is set. */
  itemFilters: boolean;
}

/** Whether config_change_days can answer (the group keys and filters are all in it). */
export function usesChangeDays(input: SummaryChangesInput): boolean {
  return !input.itemFilters && input.keys.every((k) => DAY_KEYS.has(k));
}

/** The first UTC midnight at or after `at`. */
export function nextUtcMidnight(at: Date): Date {
  return new Date(Math.ceil(at.getTime() / DAY_MS) * DAY_MS);
}

/** A query of (g0.., n) rows: the changes of each group since `from`, against the `items` CTE. */
export function summaryChangesQuery(input: SummaryChangesInput): RawBuilder<unknown> {
  const groupRefs = sql.join(input.keys.map((_, i) => sql`i.${sql.ref(`g${i}`)}`));
  const raw = (until?: Date) => sql`
    select ${groupRefs}, count(*) as n from config_changes cc join items i on i.id = cc.config_id
    where cc.created_at >= ${input.from}${until ? sql` and cc.created_at < ${until}` : sql``}
    group by ${groupRefs}`;
  if (!usesChangeDays(input)) return raw();
  const firstDay = nextUtcMidnight(input.from);
  const outer = sql.join(input.keys.map((_, i) => sql.ref(`g${i}`)));
  const dayKeys = sql.join(input.keys.map((k, i) => sql`d.${sql.ref(k)} as ${sql.ref(`g${i}`)}`));
  const dayWhere = [
    sql`d.day >= ${firstDay.toISOString().slice(0, 10)}::date`,
    input.deleted ? undefined : sql`d.live`,
    inList(sql`d.type`, input.type),
  ].filter((c): c is RawBuilder<unknown> => c !== undefined);
  return sql`
    select ${outer}, sum(n) as n from (
      select ${dayKeys}, d.changes as n from config_change_days d where ${sql.join(dayWhere, sql` and `)}
      union all
      ${raw(firstDay)}
    ) x group by ${outer}`;
}
