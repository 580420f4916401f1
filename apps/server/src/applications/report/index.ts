import type { ApplicationReport } from '@opsdeck/schema';
import type { Db } from '../../db/connection.js';
import type { StoredApplication } from '../store.js';
import { accessUsers, authentication } from './access.js';
import { backups, recentChanges, restores } from './changes.js';
import { configSummary, selectConfigs, unionConfigs } from './configs.js';
import { findings } from './findings.js';
import { linkedIncidents } from './incidents.js';
import { locations } from './locations.js';
import { sections } from './sections.js';

/**
 * The audit report of an application, built from the
 * catalog: access from config_access of the `logins` items, backups and restores from the change
 * types of the `datasources`, locations from `environments`, findings, changes and incidents of
 * every item any selector matches, and the spec's sections.
 */
export async function buildReport(db: Db, app: StoredApplication, now: Date): Promise<ApplicationReport> {
  const mapping = app.spec.mapping ?? {};
  const logins = await selectConfigs(db, mapping.logins);
  const datasources = await selectConfigs(db, mapping.datasources);
  const reviews = await selectConfigs(db, mapping.accessReviews);
  const roleSets: Array<{ role: string; ids: Set<string> }> = [];
  for (const { role, ...selector } of mapping.roles ?? []) {
    roleSets.push({ role, ids: new Set((await selectConfigs(db, [selector])).map((c) => c.id)) });
  }
  const where = await locations(db, mapping.environments);
  const all = unionConfigs(
    logins,
    datasources,
    reviews,
    where.configs,
    ...roleSets.map((r) => logins.filter((c) => r.ids.has(c.id))),
  );
  return {
    id: app.id,
    name: app.name,
    namespace: app.namespace,
    type: app.spec.type ?? null,
    description: app.spec.description ?? app.description,
    schedule: app.spec.schedule ?? null,
    properties: app.spec.properties ?? [],
    createdAt: new Date(app.created_at).toISOString(),
    generatedAt: now.toISOString(),
    accessControl: {
      users: await accessUsers(db, logins, (id) => roleSets.find((r) => r.ids.has(id))?.role, reviews),
      authentication: await authentication(db, logins),
    },
    configs: all.map(configSummary),
    changes: await recentChanges(db, all),
    incidents: await linkedIncidents(db, all),
    locations: where.locations,
    backups: await backups(db, datasources),
    restores: await restores(db, datasources),
    findings: await findings(db, all),
    sections: await sections(db, app.spec.sections, app.namespace, now),
  };
}
