import type { AppReportSection, AppSection, UiRef } from '@opsdeck/schema';
import { sql } from 'kysely';
import { parseTime } from '../../catalog/query/filters.js';
import type { Db } from '../../db/connection.js';
import { accessLogs, accessUsers } from './access.js';
import { recentChanges } from './changes.js';
import { configSummary, selectConfigs } from './configs.js';

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

const list = (text: string | undefined) =>
  text
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** `k=v` pairs of a tags/labels map added to a selector's own. */
function withPairs(selector: string | undefined, pairs: Record<string, string> | undefined): string | undefined {
  const extra = Object.entries(pairs ?? {}).map(([k, v]) => `${k}=${v}`);
  return [selector, ...extra].filter(Boolean).join(',') || undefined;
}

/** A `from`/`to` filter: `24h` / `7d` (that long ago), `now-2d` or an ISO time. */
function when(field: string, text: string | undefined, now: Date): Date | undefined {
  if (!text) return undefined;
  return parseTime(field, /^\d+(ms|s|m|h|d|w)$/.test(text) ? `now-${text}` : text, now);
}

/** A changes section: the changes of the configs its selector (and config types) match, filtered. */
async function changesSection(db: Db, ref: NonNullable<UiRef['changes']>, now: Date) {
  const { configTypes, changeType, severity, from, to, tags, ...selector } = ref;
  const types = [...(selector.types ?? []), ...(configTypes ?? [])];
  const configs = await selectConfigs(db, [
    { ...selector, types: types.length ? types : undefined, tagSelector: withPairs(selector.tagSelector, tags) },
  ]);
  return recentChanges(db, configs, 100, {
    types: list(changeType),
    severities: list(severity),
    from: when('uiRef.changes.from', from, now),
    to: when('uiRef.changes.to', to, now),
  });
}

/** A configs section: the configs its selector (and config type, labels) match. */
async function configsSection(db: Db, ref: NonNullable<UiRef['configs']>) {
  const { configType, labels, ...selector } = ref;
  const types = [...(selector.types ?? []), ...(configType ? [configType] : [])];
  const configs = await selectConfigs(db, [
    { ...selector, types: types.length ? types : undefined, labelSelector: withPairs(selector.labelSelector, labels) },
  ]);
  return configs.map(configSummary);
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
      continue;
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
