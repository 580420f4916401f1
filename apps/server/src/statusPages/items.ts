import type { ResourceSelector } from '@opsdeck/schema';
import { sql } from 'kysely';
import type { Executor } from '../events/queue.js';
import { matchesSelector, type Selectable } from '../incidents/rules/selector.js';
import type { MaintenanceTarget } from '../maintenance/windows.js';

/** A check or component a status page shows, with the checks whose results make its bar. */
export interface PageItem extends Selectable {
  target: Extract<MaintenanceTarget, 'check' | 'component'>;
  health: string | null;
  checkIds: string[];
}

/** Most items one group shows: a selector matching thousands is a mistake, not a page. */
export const MAX_ITEMS_PER_GROUP = 100;

const labelsOf = (v: Record<string, unknown> | null): Record<string, string> =>
  Object.fromEntries(Object.entries(v ?? {}).map(([k, x]) => [k, typeof x === 'string' ? x : JSON.stringify(x)]));

/** Live checks (with their canary's namespace when they have none). */
export async function liveChecks(db: Executor): Promise<PageItem[]> {
  const { rows } = await sql<{
    id: string;
    name: string;
    namespace: string | null;
    type: string;
    labels: Record<string, unknown> | null;
    status: string | null;
  }>`
    select c.id, c.name, coalesce(c.namespace, k.namespace) as namespace, c.type, c.labels, c.status
    from checks c join canaries k on k.id = c.canary_id
    where c.deleted_at is null order by c.name, c.id`.execute(db);
  return rows.map((r) => ({
    target: 'check',
    id: r.id,
    name: r.name,
    namespace: r.namespace,
    type: r.type,
    labels: labelsOf(r.labels),
    health: r.status,
    checkIds: [r.id],
  }));
}

/** Live, visible components with the live checks related to them. */
export async function liveComponents(db: Executor): Promise<PageItem[]> {
  const { rows } = await sql<{
    id: string;
    name: string;
    namespace: string | null;
    type: string | null;
    labels: Record<string, unknown> | null;
    health: string | null;
    check_ids: string[] | null;
  }>`
    select c.id, c.name, c.namespace, c.type, c.labels, c.health,
      (select array_agg(r.check_id) from check_component_relationships r
       where r.component_id = c.id and r.deleted_at is null) as check_ids
    from components c
    where c.deleted_at is null and not c.hidden order by c.name, c.id`.execute(db);
  return rows.map((r) => ({
    target: 'component',
    id: r.id,
    name: r.name,
    namespace: r.namespace,
    type: r.type ?? '',
    labels: labelsOf(r.labels),
    health: r.health,
    checkIds: r.check_ids ?? [],
  }));
}

/** The items of one group: checks, then components, matched by its selectors, at most MAX_ITEMS_PER_GROUP. */
const onlyStars = (v: string | undefined) => v === undefined || /^\**$/.test(v.trim());

/**
 * Whether a selector matches every check or component: no id, types or labelSelector, and a name
 * and namespace that are absent or only `*`. A public page lists names to anyone, so its author
 * must name what it shows.
 */
export function isWildcardSelector(s: ResourceSelector): boolean {
  return !s.id && !s.types?.length && !s.labelSelector?.trim() && onlyStars(s.name) && onlyStars(s.namespace);
}

export function selectItems(
  group: { checks?: ResourceSelector[] | undefined; components?: ResourceSelector[] | undefined },
  checks: PageItem[],
  components: PageItem[],
): PageItem[] {
  // a selector that names nothing publishes nothing (pages saved before such selectors were refused)
  const pick = (items: PageItem[], selectors: ResourceSelector[] | undefined) => {
    const named = (selectors ?? []).filter((s) => !isWildcardSelector(s));
    return named.length ? items.filter((i) => named.some((s) => matchesSelector(s, i))) : [];
  };
  return [...pick(checks, group.checks), ...pick(components, group.components)].slice(0, MAX_ITEMS_PER_GROUP);
}
