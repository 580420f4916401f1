import type { ApplicationReport, ApplicationSpec } from '@opsdeck/schema';
import type { Db } from '../../db/connection.js';
import { type ConfigRef, selectConfigs } from './configs.js';

type Location = ApplicationReport['locations'][number];

/** The cloud or platform of a config type: the part before `::` (AWS::EC2::Instance -> AWS). */
export function providerOf(type: string): string | null {
  const i = type.indexOf('::');
  return i > 0 ? type.slice(0, i) : null;
}

const tag = (c: ConfigRef, ...keys: string[]) => {
  for (const k of keys) {
    const v = c.tags?.[k];
    if (v) return v;
  }
  return null;
};

/**
 * Where the application runs (`mapping.environments`): per environment and selector, the matched
 * items grouped by account, region and type, each group one location with its resource count.
 */
export async function locations(
  db: Db,
  environments: NonNullable<ApplicationSpec['mapping']>['environments'],
): Promise<{ locations: Location[]; configs: ConfigRef[] }> {
  const out: Location[] = [];
  const all: ConfigRef[] = [];
  for (const [name, selectors] of Object.entries(environments ?? {})) {
    for (const { purpose, ...selector } of selectors) {
      const matched = await selectConfigs(db, [selector]);
      all.push(...matched);
      const groups = new Map<string, Location>();
      for (const c of matched) {
        const account = tag(c, 'account', 'account_name', 'subscription', 'project');
        const region = tag(c, 'region', 'zone', 'location');
        const key = `${account}\u0000${region}\u0000${c.type}`;
        const g = groups.get(key);
        if (g) g.resourceCount++;
        else
          groups.set(key, {
            account,
            name,
            type: c.type,
            purpose: purpose ?? null,
            region,
            provider: providerOf(c.type),
            resourceCount: 1,
          });
      }
      out.push(...groups.values());
    }
  }
  return { locations: out, configs: all };
}
