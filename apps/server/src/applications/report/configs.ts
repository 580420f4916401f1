import type { ApplicationReport, AppSelector } from '@opsdeck/schema';
import { searchResources } from '../../catalog/query/search.js';
import type { Db } from '../../db/connection.js';

/** A config item of the application as the report sections read it. */
export interface ConfigRef {
  id: string;
  name: string | null;
  type: string;
  health: string | null;
  status: string | null;
  tags: Record<string, string> | null;
}

/** Items one selector may contribute to a report: enough for an audit, bounded for the database. */
export const MAX_CONFIGS_PER_SELECTOR = 1000;

/** The live config items matching any of `selectors` (ResourceSelectors, /resources/search semantics). */
export async function selectConfigs(db: Db, selectors: AppSelector[] | undefined): Promise<ConfigRef[]> {
  const list = (selectors ?? []).map(({ includeDeleted: _d, ...s }) => s);
  if (!list.length) return [];
  const rows = await searchResources(db, 'configs', list, MAX_CONFIGS_PER_SELECTOR);
  return rows.map((r) => ({
    id: String(r.id),
    name: (r.name as string | null) ?? null,
    type: String(r.type),
    health: (r.health as string | null) ?? null,
    status: (r.status as string | null) ?? null,
    tags: (r.tags as Record<string, string> | null) ?? null,
  }));
}

export const configSummary = (c: ConfigRef): ApplicationReport['configs'][number] => ({
  id: c.id,
  name: c.name,
  type: c.type,
  health: c.health,
  status: c.status,
});

/** Distinct items of several lists, by id, in name order. */
export function unionConfigs(...lists: ConfigRef[][]): ConfigRef[] {
  const byId = new Map<string, ConfigRef>();
  for (const l of lists) for (const c of l) byId.set(c.id, c);
  return [...byId.values()].sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '') || a.id.localeCompare(b.id));
}

export const ids = (configs: ConfigRef[]): string[] => configs.map((c) => c.id);
