import { sql } from 'kysely';
import type { Clock } from '../clock.js';
import { type ConnectionResolver, resolveEnvSource } from '../connections/store.js';
import type { Db } from '../db/connection.js';
import type { ExecuteContext } from '../health/index.js';
import { runJob } from '../jobs/jobHistory.js';
import type { SandboxPolicy } from '../sandbox/config.js';
import { type BuiltComponent, buildTopology } from './build.js';
import { groupedBy, groupValues } from './groupBy.js';
import { saveInlineCanaries } from './inline.js';
import { linkComponents, matchesConfig } from './link.js';
import { persistTree } from './persist.js';
import type { ConfigReader } from './properties.js';
import { recomputeRollups } from './rollup.js';
import { loadTopology } from './topologies.js';
import { topologySchedule } from './topologyYaml.js';

/**
 * One run of a topology, as a job (job_history name `TopologyRun`, resource type `topology`):
 * build the tree (lookups run through the check engine, nothing of them stored), store it,
 * soft-delete what it no longer produces only when every lookup succeeded, then link and roll
 * up. SUCCESS, WARNING (some lookups failed) or FAILED.
 */

export interface TopologyRunDeps {
  db: Db;
  clock: Clock;
  resolver?: ConnectionResolver;
  sandbox?: SandboxPolicy;
  signal?: AbortSignal;
}

export interface TopologyRunResult {
  components: number;
  deleted: number;
  errors: string[];
}

function executeContext(deps: TopologyRunDeps, namespace: string): ExecuteContext {
  const resolver = deps.resolver;
  return {
    now: () => deps.clock.now(),
    signal: deps.signal,
    sandbox: deps.sandbox,
    resolveConnection: async (ref) => {
      if (!resolver) throw new Error(`connection ${ref} cannot be resolved without a database`);
      return resolver.resolve(ref, namespace);
    },
    resolveEnv: async (source) => {
      if (resolver) return resolveEnvSource(resolver, source, namespace);
      const s = source as { value?: string } | undefined;
      return typeof source === 'string' ? source : s?.value;
    },
  };
}

function configReader(db: Db): ConfigReader {
  return {
    async find(selector) {
      const { rows } = await sql<{
        id: string;
        name: string | null;
        type: string;
        config_class: string;
        external_id: string[] | null;
        labels: Record<string, string> | null;
        tags: Record<string, string> | null;
        config: unknown;
      }>`
        select id, name, type, config_class, external_id, labels, tags, config from config_items
        where deleted_at is null
          ${selector.id ? sql`and id::text = ${selector.id}` : sql``}
          ${selector.name && !selector.name.includes('*') ? sql`and name = ${selector.name}` : sql``}
        order by updated_at desc limit 500`.execute(db.kysely);
      return rows.find((r) => matchesConfig(selector, r));
    },
  };
}

/** Runs the topology `id` once. */
export async function runTopology(deps: TopologyRunDeps, id: string): Promise<TopologyRunResult> {
  const found = await loadTopology(deps.db.kysely, id);
  if (!found || found.deleted) throw new Error(`topology ${id} not found`);
  let result: TopologyRunResult = { components: 0, deleted: 0, errors: [] };
  await runJob(deps.db, deps.clock, { name: 'TopologyRun', resourceType: 'topology', resourceId: id }, async () => {
    const errors: string[] = [];
    const namespace = found.resource.metadata.namespace ?? 'default';
    const ctx = { execute: executeContext(deps, namespace), configs: configReader(deps.db), errors };
    // groupBy: one tree per value of the catalog tag, each named "<name> (<value>)"
    const groupBy = found.resource.spec.groupBy;
    const roots: BuiltComponent[] = [];
    if (groupBy) {
      for (const value of await groupValues(deps.db, groupBy)) {
        roots.push(await buildTopology(groupedBy(found.resource, groupBy.tag, value), ctx));
      }
    } else {
      roots.push(await buildTopology(found.resource, ctx));
    }
    const saved = await deps.db.kysely.transaction().execute(async (trx) => {
      const s = await persistTree(trx, id, roots, {
        clean: errors.length === 0,
        schedule: topologySchedule(found.resource.spec),
      });
      await saveInlineCanaries(trx, id, deps.clock);
      return s;
    });
    await linkComponents(deps.db, [id]);
    await recomputeRollups(deps.db, [id]);
    result = { components: saved.saved, deleted: saved.deleted, errors };
    return {
      success: saved.saved,
      errors,
      details: { summary: { components: saved.saved, deleted: saved.deleted } },
    };
  });
  return result;
}
