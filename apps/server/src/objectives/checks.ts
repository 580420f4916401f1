import type { ObjectiveChecks, ResourceSelector } from '@opsdeck/schema';
import { sql } from 'kysely';
import type { Executor } from '../events/queue.js';
import { matchesSelector } from '../incidents/rules/selector.js';
import { liveChecks, type PageItem } from '../statusPages/items.js';

/** The selectors `checks` stands for: its label selector and names within its namespace, and its own selectors. */
export function checkSelectors(checks: ObjectiveChecks): ResourceSelector[] {
  const ns = checks.namespace ? { namespace: checks.namespace } : {};
  return [
    ...(checks.labelSelector ? [{ labelSelector: checks.labelSelector, ...ns }] : []),
    ...(checks.names ?? []).map((name) => ({ name, ...ns })),
    ...(checks.selectors ?? []),
  ];
}

/** Ids of the live checks related to a component (by name or id), or to every component of a topology. */
async function relatedCheckIds(db: Executor, checks: ObjectiveChecks): Promise<Set<string>> {
  const out = new Set<string>();
  if (checks.component) {
    const { rows } = await sql<{ check_id: string }>`
      select r.check_id from check_component_relationships r join components c on c.id = r.component_id
      where r.deleted_at is null and c.deleted_at is null
        and (c.name = ${checks.component} or c.id::text = ${checks.component})`.execute(db);
    for (const r of rows) out.add(r.check_id);
  }
  if (checks.topology) {
    const { rows } = await sql<{ check_id: string }>`
      select r.check_id from check_component_relationships r
      join components c on c.id = r.component_id join topologies t on t.id = c.topology_id
      where r.deleted_at is null and c.deleted_at is null and t.deleted_at is null
        and (t.name = ${checks.topology} or t.id::text = ${checks.topology})`.execute(db);
    for (const r of rows) out.add(r.check_id);
  }
  return out;
}

/**
 * The live checks an indicator selects: those any of its selectors matches (the matching incident
 * rules and maintenance windows use), plus the checks of its component or topology.
 */
export async function selectObjectiveChecks(
  db: Executor,
  checks: ObjectiveChecks,
  live?: PageItem[],
): Promise<PageItem[]> {
  const [all, related] = await Promise.all([
    live ? Promise.resolve(live) : liveChecks(db),
    relatedCheckIds(db, checks),
  ]);
  const selectors = checkSelectors(checks);
  return all.filter((c) => related.has(c.id) || selectors.some((s) => matchesSelector(s, c)));
}
