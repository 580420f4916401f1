import type { ViewPlugin, ViewSpec } from '@opsdeck/schema';
import { sql } from 'kysely';
import { searchResources } from '../catalog/query/search.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/connection.js';
import { badRequest, notFound } from '../errors.js';
import { renderTemplate } from '../expr/index.js';
import type { Restriction } from '../rbac/authorize.js';
import { restrictionSql } from '../rbac/selectorSql.js';

/**
 * Config tabs (`display.plugins`): a view whose plugin's `configTab` selector matches a config
 * item shows as a tab on that item's page, its variables filled from the item by templates.
 */

export interface ConfigTabView {
  id: string;
  namespace: string;
  name: string;
  title: string;
  icon: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface PluginView {
  id: string;
  namespace: string;
  name: string;
  spec: ViewSpec;
}

async function pluginViews(db: Db, id?: string): Promise<PluginView[]> {
  const { rows } = await sql<PluginView>`
    select id, namespace, name, spec from views
    where deleted_at is null and jsonb_typeof(spec -> 'display' -> 'plugins') = 'array'
      ${id ? sql`and id = ${id}` : sql``}
    order by coalesce((spec -> 'display' ->> 'ordinal')::int, 0), name`.execute(db.kysely);
  return rows;
}

/** The first plugin of `view` whose config tab matches the config item, if any. */
async function matchingPlugin(db: Db, view: PluginView, configId: string): Promise<ViewPlugin | undefined> {
  for (const plugin of view.spec.display?.plugins ?? []) {
    const hit = await searchResources(db, 'configs', [plugin.configTab], 1, (id) => sql`${id} = ${configId}::uuid`);
    if (hit.length) return plugin;
  }
  return undefined;
}

function assertConfigId(configId: string): void {
  if (!UUID.test(configId)) throw badRequest('config_id: expected a config item id (uuid)');
}

/** 404 unless the config item exists and the reader's permission rows reach it. */
export async function assertConfigVisible(
  ctx: AppContext,
  configId: string,
  restriction: Restriction | undefined,
): Promise<void> {
  assertConfigId(configId);
  const { rows } = await sql<{ id: string }>`
    select id from config_items r where id = ${configId}::uuid and deleted_at is null
      ${restriction ? sql`and ${restrictionSql(restriction, sql`r.id`)}` : sql``}`.execute(ctx.db.kysely);
  if (!rows.length) throw notFound(`config ${configId} not found`);
}

/** The views that show as tabs on the page of config item `configId`. */
export async function configTabViews(db: Db, configId: string): Promise<ConfigTabView[]> {
  assertConfigId(configId);
  const out: ConfigTabView[] = [];
  for (const view of await pluginViews(db)) {
    if (!(await matchingPlugin(db, view, configId))) continue;
    const display = view.spec.display ?? {};
    out.push({
      id: view.id,
      namespace: view.namespace,
      name: view.name,
      title: display.title ?? view.name,
      icon: display.icon ?? null,
    });
  }
  return out;
}

/** `$(.config.tags.cluster)` (the CRD's example form) or a Go template, rendered over `{config}`. */
function render(template: string, data: Record<string, unknown>): string {
  const go = template.replace(/\$\(\s*(\.[^)]*)\)/g, (_m, path: string) => `{{ ${path} }}`);
  return go.includes('{{') ? renderTemplate(go, data) : go;
}

/** The variables (and row filters) view `viewId`'s config tab gives for config item `configId`. */
export async function pluginVariables(
  db: Db,
  viewId: string,
  configId: string,
): Promise<{ variables: Record<string, string>; filters: Record<string, string> }> {
  assertConfigId(configId);
  if (!UUID.test(viewId)) throw notFound(`view ${viewId} not found`);
  const view = (await pluginViews(db, viewId))[0];
  if (!view) throw notFound(`view ${viewId} has no config tab`);
  const plugin = await matchingPlugin(db, view, configId);
  if (!plugin) throw notFound(`view ${view.namespace}/${view.name} is not a tab of config ${configId}`);
  const { rows } = await sql<Record<string, unknown>>`
    select id, name, type, tags, labels, health, status, agent_id, config, created_at, updated_at
    from config_items where id = ${configId}`.execute(db.kysely);
  const config = rows[0] ?? {};
  const data = { config };
  const variables = Object.fromEntries(
    Object.entries(plugin.variables ?? {}).map(([key, template]) => [key, render(template, data)]),
  );
  const filters: Record<string, string> = {};
  for (const part of plugin.filter ? render(plugin.filter, data).split(',') : []) {
    const eq = part.indexOf('=');
    if (eq > 0) filters[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return { variables, filters };
}
