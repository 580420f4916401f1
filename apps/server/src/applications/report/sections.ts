import type { AppReportSection, AppSection, AppSelector, UiRef } from '@opsdeck/schema';
import { sql } from 'kysely';
import { parseTime } from '../../catalog/query/filters.js';
import type { Db } from '../../db/connection.js';
import { accessLogs, accessUsers } from './access.js';
import { recentChanges } from './changes.js';
import { configSummary, selectConfigs } from './configs.js';
import { pairSelector, triState } from './uiFilters.js';

/**
 * The id of a View by namespace and name, when the views table exists and holds it. Read through
 * to_jsonb: the views domain owns that table and its columns.
 */
async function viewId(db: Db, namespace: string, name: string): Promise<string | null> {
  const { rows: exists } = await sql<{ t: string | null }>`select to_regclass('public.views')::text as t`.execute(
    db.kysely,
  );
  if (!exists[0]?.t) return null;
  const { rows } = await sql<{ id: string }>`
    select j ->> 'id' as id from (select to_jsonb(v) as j from views v) x
    where j ->> 'name' = ${name} and coalesce(j ->> 'namespace', 'default') = ${namespace}
      and (j ->> 'deleted_at') is null
    limit 1`.execute(db.kysely);
  return rows[0]?.id ?? null;
}

/** A `from`/`to` filter: `24h` / `7d` (that long ago), `now-2d` or an ISO time. */
function when(field: string, text: string | undefined, now: Date): Date | undefined {
  if (!text) return undefined;
  return parseTime(field, text, now, { durationAgo: true });
}

const joined = (...parts: Array<string | undefined>) => parts.filter(Boolean).join(',') || undefined;

/** Configs of a section: its selector fields, narrowed by included types and tags, minus excluded types. */
async function sectionConfigs(
  db: Db,
  selector: AppSelector,
  types: ReturnType<typeof triState>,
  pairs: { tagSelector?: string; labelSelector?: string },
) {
  const include = [...(selector.types ?? []), ...(types?.include ?? [])];
  const configs = await selectConfigs(db, [
    {
      ...selector,
      types: include.length ? include : undefined,
      tagSelector: joined(selector.tagSelector, pairs.tagSelector),
      labelSelector: joined(selector.labelSelector, pairs.labelSelector),
    },
  ]);
  return configs.filter((c) => !types?.exclude.includes(c.type));
}

/** A changes section: the changes of the configs its filters match, filtered as the Changes page does. */
async function changesSection(db: Db, ref: NonNullable<UiRef['changes']>, now: Date) {
  const { configTypes, changeType, severity, source, createdBy, summary, from, to, tags, ...selector } = ref;
  const configs = await sectionConfigs(db, selector, triState(configTypes), { tagSelector: pairSelector(tags) });
  return recentChanges(db, configs, 100, {
    changeTypes: triState(changeType),
    severities: triState(severity),
    sources: triState(source),
    createdBy: triState(createdBy),
    summary,
    from: when('uiRef.changes.from', from, now),
    to: when('uiRef.changes.to', to, now),
  });
}

/** A configs section: the configs its filters match (type, health, status, labels, search). */
async function configsSection(db: Db, ref: NonNullable<UiRef['configs']>) {
  const { configType, status, labels, ...selector } = ref;
  const health = triState(selector.health);
  const statuses = triState(status);
  const configs = await sectionConfigs(
    db,
    { ...selector, health: health?.include.join(',') || undefined },
    triState(configType),
    { labelSelector: pairSelector(labels) },
  );
  return configs
    .filter((c) => !health?.exclude.includes(c.health ?? ''))
    .filter((c) => !statuses?.include.length || statuses.include.includes(c.status ?? ''))
    .filter((c) => !statuses?.exclude.includes(c.status ?? ''))
    .map(configSummary);
}

/** The report's sections: a view is linked (the views page renders it); a uiRef list is filled from the catalog. */
export async function sections(
  db: Db,
  specs: AppSection[] | undefined,
  appNamespace: string,
  now: Date = new Date(),
): Promise<AppReportSection[]> {
  const out: AppReportSection[] = [];
  for (const s of specs ?? []) {
    const head = { title: s.title, icon: s.icon ?? null };
    if (s.viewRef) {
      const ref = { namespace: s.viewRef.namespace ?? appNamespace, name: s.viewRef.name };
      out.push({ type: 'view', ...head, viewRef: ref, viewId: await viewId(db, ref.namespace, ref.name) });
    }
    const ui = s.uiRef ?? {};
    if (ui.changes) out.push({ type: 'changes', ...head, changes: await changesSection(db, ui.changes, now) });
    else if (ui.configs) out.push({ type: 'configs', ...head, configs: await configsSection(db, ui.configs) });
    else if (ui.access)
      out.push({ type: 'access', ...head, access: await accessUsers(db, await selectConfigs(db, [ui.access])) });
    else if (ui.accessLogs)
      out.push({
        type: 'accessLogs',
        ...head,
        accessLogs: await accessLogs(db, await selectConfigs(db, [ui.accessLogs])),
      });
  }
  return out;
}
