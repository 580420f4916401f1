import type { ConfigSelector, TopologyResource } from '@opsdeck/schema';
import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { matchesConfig } from './link.js';

/**
 * `groupBy: {tag, selector}`: the topology runs once per distinct value of a
 * catalog tag among the config items the selector matches, with the tag injected into every
 * config query and component selector of that run, and the root named "<name> (<value>)".
 */

/** The distinct values of `tag` among live config items matching `selector`, sorted. */
export async function groupValues(db: Db, groupBy: { tag: string; selector?: ConfigSelector }): Promise<string[]> {
  const { rows } = await sql<{
    id: string;
    name: string | null;
    type: string;
    config_class: string;
    external_id: string[] | null;
    labels: Record<string, string> | null;
    tags: Record<string, string> | null;
  }>`
    select id, name, type, config_class, external_id, labels, tags from config_items
    where deleted_at is null and tags ? ${groupBy.tag}`.execute(db.kysely);
  const values = rows
    .filter((r) => !groupBy.selector || matchesConfig(groupBy.selector, r))
    .map((r) => String(r.tags?.[groupBy.tag] ?? ''))
    .filter(Boolean);
  return [...new Set(values)].sort();
}

/** A copy of the topology for one group value. */
export function groupedBy(topology: TopologyResource, tag: string, value: string): TopologyResource {
  const inject = (v: unknown, key?: string): unknown => {
    if (Array.isArray(v)) {
      if (key === 'configs')
        return v.map((s) => ({ ...(s as object), tags: { ...((s as ConfigSelector).tags ?? {}), [tag]: value } }));
      if (key === 'selectors') {
        return v.map((s) => {
          const own = (s as { labelSelector?: string }).labelSelector;
          return { ...(s as object), labelSelector: own ? `${own},${tag}=${value}` : `${tag}=${value}` };
        });
      }
      return v.map((x) => inject(x));
    }
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) {
        // a lookup is a Canary spec: left as written
        if (k === 'lookup' || k === 'inline') out[k] = x;
        else if (k === 'configLookup' && x && typeof x === 'object') {
          const c = x as { config?: ConfigSelector };
          out[k] = { ...c, config: { ...(c.config ?? {}), tags: { ...(c.config?.tags ?? {}), [tag]: value } } };
        } else out[k] = inject(x, k);
      }
      return out;
    }
    return v;
  };
  return {
    ...topology,
    metadata: { ...topology.metadata, name: `${topology.metadata.name} (${value})` },
    spec: inject(topology.spec) as TopologyResource['spec'],
  };
}
