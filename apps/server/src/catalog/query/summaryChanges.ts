import { type RawBuilder, sql } from 'kysely';
import { inList } from './filters.js';

/**
 * The change counts of the catalog summary. When the groups and filters are only item attributes
 * that config_change_days keeps (type, config_class, agent_id, live or not; migration 192), whole
 * UTC days are summed from there and only the partial first day is counted from config_changes
 * (the smaller half of it: the part after `from` is added, or the part before it taken off the
 * day's count); otherwise every change of the window is counted per item.
 */
const DAY_KEYS = new Set(['type', 'config_class', 'agent_id']);
const DAY_MS = 86_400_000;

export interface SummaryChangesInput {
  /** The summary's group keys. */
  keys: string[];
  from: Date;
  deleted: boolean;
  /** The `type` filter ("a,!b"), the one item filter the day counts carry. */
  type?: string;
  /** Whether any other item filter (status, health, labels, tags, search) is set. */
  itemFilters: boolean;
}

export interface SummaryChangesParts {
  /** (config_id, n): changes per item to add to its group (n is negative for a part taken off). */
  perItem: RawBuilder<unknown>;
  /** (g0.., n): whole-day counts per group, when the day counts answer. */
  perGroup?: RawBuilder<unknown>;
}

/** Whether config_change_days can answer (the group keys and filters are all in it). */
export function usesChangeDays(input: SummaryChangesInput): boolean {
  return !input.itemFilters && input.keys.every((k) => DAY_KEYS.has(k));
}

const perItem = (from: Date, until: Date | undefined, sign: 1 | -1) => sql`
  select cc.config_id, ${sql.lit(sign)} * count(*) as n from config_changes cc
  where cc.created_at >= ${from}${until ? sql` and cc.created_at < ${until}` : sql``}
  group by cc.config_id`;

export function summaryChanges(input: SummaryChangesInput): SummaryChangesParts {
  if (!usesChangeDays(input)) return { perItem: perItem(input.from, undefined, 1) };
  const dayStart = new Date(Math.floor(input.from.getTime() / DAY_MS) * DAY_MS);
  const nextDay = new Date(dayStart.getTime() + DAY_MS);
  // the fewer raw changes: [dayStart, from) taken off the whole first day, or [from, nextDay) added
  const takeOff = input.from.getTime() - dayStart.getTime() <= nextDay.getTime() - input.from.getTime();
  const firstDay = takeOff ? dayStart : nextDay;
  const raw = takeOff ? perItem(dayStart, input.from, -1) : perItem(input.from, nextDay, 1);
  const where = [
    sql`d.day >= ${firstDay.toISOString().slice(0, 10)}::date`,
    input.deleted ? undefined : sql`d.live`,
    inList(sql`d.type`, input.type),
  ].filter((c): c is RawBuilder<unknown> => c !== undefined);
  const keys = sql.join(input.keys.map((k, i) => sql`d.${sql.ref(k)} as ${sql.ref(`g${i}`)}`));
  const groups = sql.join(input.keys.map((_, i) => sql.ref(`g${i}`)));
  return {
    perItem: raw,
    perGroup: sql`select ${keys}, sum(d.changes) as n from config_change_days d
      where ${sql.join(where, sql` and `)} group by ${groups}`,
  };
}
