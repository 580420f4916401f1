import { createHash } from 'node:crypto';
import type { ConfigSelector, TopologySelector } from '@opsdeck/schema';
import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { matchesLabelSelector, matchesSelector } from '../incidents/rules/selector.js';

/**
 * Links components to what their spec selects (Mission Control's removed ComponentRelationshipSync,
 * ComponentCheckRun and ComponentConfigRun, kept here): `selectors` make other components
 * children (component_relationships), `checks` selectors link checks, `configs` selectors link
 * config items. Each link carries the hash of its selectors; links a selector no longer yields are
 * soft-deleted, and manual config links (selector_id 'manual') are never touched.
 */

export interface LinkResult {
  components: number;
  checks: number;
  configs: number;
}

interface Owner {
  id: string;
  path: string | null;
  selectors: TopologySelector[] | null;
  component_checks: Array<{ selector?: TopologySelector; inline?: unknown }> | null;
  configs: ConfigSelector[] | null;
}

/** Stable id of a list of selectors. */
export function selectorId(selectors: unknown): string {
  return createHash('sha256').update(JSON.stringify(selectors)).digest('hex').slice(0, 16);
}

function asSelector(s: TopologySelector): TopologySelector {
  const types = s.types ?? (s.type ? [s.type] : undefined);
  return { ...s, ...(types ? { types } : {}) };
}

function glob(pattern: string | undefined, value: string | null | undefined): boolean {
  if (!pattern) return true;
  if (!pattern.includes('*')) return pattern === value;
  const re = pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${re.join('.*')}$`).test(value ?? '');
}

interface ConfigRow {
  id: string;
  name: string | null;
  type: string;
  config_class: string;
  external_id: string[] | null;
  labels: Record<string, string> | null;
  tags: Record<string, string> | null;
}

/** Whether a config item matches a catalog selector (with the deprecated fields). */
export function matchesConfig(s: ConfigSelector, c: ConfigRow): boolean {
  if (s.id && s.id !== c.id) return false;
  if (!glob(s.name, c.name)) return false;
  const types = s.types ?? (s.type ? [s.type] : undefined);
  if (types?.length && !types.includes(c.type)) return false;
  if (s.class && s.class !== c.config_class) return false;
  if (s.external_id && !(c.external_id ?? []).includes(s.external_id)) return false;
  const tags = { ...(c.tags ?? {}) };
  if (s.labelSelector && !matchesLabelSelector(s.labelSelector, { ...(c.labels ?? {}), ...tags })) return false;
  if (s.tagSelector && !matchesLabelSelector(s.tagSelector, tags)) return false;
  for (const [k, v] of Object.entries(s.tags ?? {})) if (tags[k] !== v) return false;
  if (s.namespace && !glob(s.namespace, tags.namespace ?? c.labels?.namespace)) return false;
  return true;
}

/** Re-links the components of the given topologies (all when undefined) that have selectors. */
export async function linkComponents(db: Db, topologyIds?: string[]): Promise<LinkResult> {
  const inScope = topologyIds ? sql`and topology_id = any(${topologyIds}::uuid[])` : sql``;
  const { rows: owners } = await sql<Owner>`
    select id, path, selectors, component_checks, configs from components
    where deleted_at is null and (selectors is not null or component_checks is not null or configs is not null)
    ${inScope}`.execute(db.kysely);
  const result: LinkResult = { components: 0, checks: 0, configs: 0 };
  if (!owners.length) return result;
  const needs = (key: 'selectors' | 'component_checks' | 'configs') => owners.some((o) => o[key]?.length);
  const components = needs('selectors')
    ? (
        await sql<{
          id: string;
          name: string;
          namespace: string | null;
          type: string | null;
          labels: Record<string, string> | null;
          path: string | null;
        }>`
          select id, name, namespace, type, labels, path from components where deleted_at is null`.execute(db.kysely)
      ).rows
    : [];
  const checks = needs('component_checks')
    ? (
        await sql<{
          id: string;
          canary_id: string;
          canary_name: string;
          name: string;
          namespace: string | null;
          type: string;
          labels: Record<string, string> | null;
        }>`
          select k.id, k.canary_id, c.name as canary_name, k.name, coalesce(k.namespace, c.namespace) as namespace, k.type,
                 coalesce(c.labels, '{}'::jsonb) || coalesce(k.labels, '{}'::jsonb) as labels
          from checks k join canaries c on c.id = k.canary_id
          where k.deleted_at is null and c.deleted_at is null`.execute(db.kysely)
      ).rows
    : [];
  const configs = needs('configs')
    ? (
        await sql<ConfigRow>`
          select id, name, type, config_class, external_id, labels, tags from config_items
          where deleted_at is null`.execute(db.kysely)
      ).rows
    : [];
  await db.kysely.transaction().execute(async (trx) => {
    for (const o of owners) {
      if (o.selectors?.length) {
        const sid = selectorId(o.selectors);
        const ancestors = new Set((o.path ?? '').split('.'));
        const found = components.filter(
          (c) =>
            c.id !== o.id &&
            !ancestors.has(c.id) &&
            !(c.path ?? '').split('.').includes(o.id) &&
            o.selectors?.some((s) =>
              matchesSelector(asSelector(s) as never, { ...c, type: c.type ?? '', labels: c.labels ?? {} }),
            ),
        );
        const ids = found.map((c) => c.id);
        await sql`
          insert into component_relationships (component_id, relationship_id, selector_id)
          select unnest(${ids}::uuid[]), ${o.id}, ${sid}
          on conflict (component_id, relationship_id, selector_id) do update set deleted_at = null`.execute(trx);
        await sql`
          update component_relationships set deleted_at = now()
          where relationship_id = ${o.id} and deleted_at is null
            and (selector_id <> ${sid} or not (component_id = any(${ids}::uuid[])))`.execute(trx);
        result.components += ids.length;
      } else {
        await sql`update component_relationships set deleted_at = now()
          where relationship_id = ${o.id} and deleted_at is null`.execute(trx);
      }
      const checkSelectors = (o.component_checks ?? []).flatMap((k) => (k.selector ? [asSelector(k.selector)] : []));
      const sid = selectorId(o.component_checks ?? []);
      const inlinePrefix = `component-${o.id}-`;
      const hasInline = (o.component_checks ?? []).some((k) => k.inline);
      const found = checks.filter(
        (k) =>
          (hasInline && k.canary_name.startsWith(inlinePrefix)) ||
          checkSelectors.some((s) => matchesSelector(s as never, { ...k, labels: k.labels ?? {} })),
      );
      await sql`
        insert into check_component_relationships (component_id, check_id, canary_id, selector_id)
        select ${o.id}, t.check_id, t.canary_id
          , ${sid} from unnest(${found.map((k) => k.id)}::uuid[], ${found.map((k) => k.canary_id)}::uuid[]) as t(check_id, canary_id)
        on conflict (component_id, check_id, selector_id) do update set deleted_at = null`.execute(trx);
      await sql`
        update check_component_relationships set deleted_at = now()
        where component_id = ${o.id} and deleted_at is null
          and (selector_id <> ${sid} or not (check_id = any(${found.map((k) => k.id)}::uuid[])))`.execute(trx);
      result.checks += found.length;

      const cfgSid = selectorId(o.configs ?? []);
      const cfgs = configs.filter((c) => (o.configs ?? []).some((s) => matchesConfig(s, c)));
      await sql`
        insert into config_component_relationships (component_id, config_id, selector_id)
        select ${o.id}, unnest(${cfgs.map((c) => c.id)}::uuid[]), ${cfgSid}
        on conflict (component_id, config_id) do update set deleted_at = null,
          selector_id = case when config_component_relationships.selector_id = 'manual' then 'manual' else excluded.selector_id end`.execute(
        trx,
      );
      await sql`
        update config_component_relationships set deleted_at = now()
        where component_id = ${o.id} and deleted_at is null and coalesce(selector_id, '') <> 'manual'
          and not (config_id = any(${cfgs.map((c) => c.id)}::uuid[]))`.execute(trx);
      result.configs += cfgs.length;
    }
  });
  return result;
}
