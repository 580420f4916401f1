import type { AppReportSection, AppSection } from '@opsdeck/schema';
import { sql } from 'kysely';
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

/** The report's sections: a view is linked (the views page renders it); a uiRef list is filled from the catalog. */
export async function sections(
  db: Db,
  list: AppSection[] | undefined,
  appNamespace: string,
): Promise<AppReportSection[]> {
  const out: AppReportSection[] = [];
  for (const s of list ?? []) {
    const head = { title: s.title, icon: s.icon ?? null };
    if (s.viewRef) {
      const ref = { namespace: s.viewRef.namespace ?? appNamespace, name: s.viewRef.name };
      out.push({ type: 'view', ...head, viewRef: ref, viewId: await viewId(db, ref.namespace, ref.name) });
      continue;
    }
    const ui = s.uiRef ?? {};
    if (ui.changes)
      out.push({ type: 'changes', ...head, changes: await recentChanges(db, await selectConfigs(db, [ui.changes])) });
    else if (ui.configs)
      out.push({ type: 'configs', ...head, configs: (await selectConfigs(db, [ui.configs])).map(configSummary) });
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
