import type { Action, Resource } from '@opsdeck/schema/rbac';
import { lazy } from 'react';
import { CatalogScrapersPage } from '../../features/catalog/pages.js';
import { type RouteEntry, withProps } from '../routeTypes.js';

// screens with weight of their own load on first visit
const ConnectionsPage = lazy(() =>
  import('../../features/settings/connections/ConnectionsPage.js').then((m) => ({ default: m.ConnectionsPage })),
);
const FeatureFlagsPage = lazy(() =>
  import('../../features/settings/featureFlags/FeatureFlagsPage.js').then((m) => ({ default: m.FeatureFlagsPage })),
);
const EventQueuePage = lazy(() =>
  import('../../features/settings/eventQueue/EventQueuePage.js').then((m) => ({ default: m.EventQueuePage })),
);
const PermissionsPage = lazy(() =>
  import('../../features/settings/permissions/PermissionsPage.js').then((m) => ({ default: m.PermissionsPage })),
);
const JobsHistoryPage = lazy(() =>
  import('../../features/settings/jobs/JobsHistoryPage.js').then((m) => ({ default: m.JobsHistoryPage })),
);
const TokensPage = lazy(() =>
  import('../../features/settings/tokens/TokensPage.js').then((m) => ({ default: m.TokensPage })),
);
const GenericResourcePage = lazy(() =>
  import('../../features/settings/resources/GenericResourcePage.js').then((m) => ({ default: m.GenericResourcePage })),
);
const AgentsPage = lazy(() =>
  import('../../features/settings/agents/AgentsPage.js').then((m) => ({ default: m.AgentsPage })),
);
const IntegrationsPage = lazy(() =>
  import('../../features/settings/integrations/IntegrationsPage.js').then((m) => ({ default: m.IntegrationsPage })),
);
const ImportPage = lazy(() =>
  import('../../features/settings/import/ImportPage.js').then((m) => ({ default: m.ImportPage })),
);
const UsersPage = lazy(() =>
  import('../../features/settings/users/UsersPage.js').then((m) => ({ default: m.UsersPage })),
);

/** Settings screens with their own page. Feature keys sit under `settings`, so `settings.disable` hides them all. */
interface SettingsEntry {
  path: string;
  label: string;
  page: RouteEntry['page'];
  resource: Resource;
  action?: Action;
  key: string;
}

const settings: RouteEntry[] = (
  [
    {
      path: '/settings/connections',
      label: 'Connections',
      page: ConnectionsPage,
      resource: 'connections',
      key: 'connections',
    },
    {
      path: '/settings/permissions',
      label: 'Permissions',
      page: PermissionsPage,
      resource: 'permissions',
      // permission rows administer access: the page is for those who may change them (not viewers)
      action: 'update',
      key: 'permissions',
    },
    { path: '/settings/users', label: 'Users', page: UsersPage, resource: 'identities', key: 'users' },
    { path: '/settings/jobs', label: 'Jobs History', page: JobsHistoryPage, resource: 'database', key: 'job_history' },
    {
      path: '/settings/feature-flags',
      label: 'Feature Flags',
      page: FeatureFlagsPage,
      resource: 'feature_flags',
      key: 'feature_flags',
    },
    {
      path: '/settings/event-queue-status',
      label: 'Event Queue',
      page: EventQueuePage,
      resource: 'database',
      key: 'event_queue_status',
    },
    { path: '/settings/agents', label: 'Agents', page: AgentsPage, resource: 'agents', key: 'agents' },
    { path: '/settings/tokens', label: 'Tokens', page: TokensPage, resource: 'auth', key: 'tokens' },
    {
      path: '/settings/integrations',
      label: 'Integrations',
      page: IntegrationsPage,
      resource: 'integrations',
      key: 'integrations',
    },
    // an import creates connections (channels and databases): for those who may create them
    {
      path: '/settings/import',
      label: 'Import',
      page: ImportPage,
      resource: 'connections',
      action: 'create',
      key: 'import',
    },
  ] satisfies SettingsEntry[]
).map(
  ({ path, label, page: Page, resource, key, action }: SettingsEntry): RouteEntry => ({
    path,
    title: label,
    page: Page,
    resource,
    ...(action ? { action } : {}),
    feature: `settings.${key}`,
    nav: { section: 'settings', label },
  }),
);

/** Tables edited through the generic list and form at /settings/{table} and /settings/{table}/:id. */
export const resourceTables: Array<{
  table: string;
  label: string;
  resource: Resource;
  key: string;
  page?: RouteEntry['page'];
  alsoHiddenBy?: readonly string[];
}> = [
  { table: 'canaries', label: 'Health Checks', resource: 'canaries', key: 'health' },
  { table: 'topologies', label: 'Topology', resource: 'topologies', key: 'topology' },
  {
    table: 'config_scrapers',
    label: 'Catalog Scrapers',
    resource: 'config_scrapers',
    key: 'config_scraper',
    page: CatalogScrapersPage,
  },
  { table: 'incident_rules', label: 'Incident Rules', resource: 'incident', key: 'rules' },
  { table: 'teams', label: 'Teams', resource: 'identities', key: 'teams' },
  { table: 'playbooks', label: 'Playbooks', resource: 'playbooks', key: 'playbooks' },
  { table: 'notifications', label: 'Notifications', resource: 'notifications', key: 'notifications' },
  { table: 'status_pages', label: 'Status Pages', resource: 'views', key: 'status_pages' },
  { table: 'maintenance_windows', label: 'Maintenance Windows', resource: 'canaries', key: 'maintenance_windows' },
  { table: 'service_level_objectives', label: 'Objectives', resource: 'canaries', key: 'objectives' },
  // hidden with the logs feature too (issue 16 item 8)
  {
    table: 'logging_backends',
    label: 'Log Backends',
    resource: 'logging_backends',
    key: 'logging_backends',
    alsoHiddenBy: ['logs'],
  },
  { table: 'views', label: 'Views', resource: 'views', key: 'views', alsoHiddenBy: ['views'] },
  { table: 'applications', label: 'Applications', resource: 'database', key: 'applications' },
];

const resourceRoutes: RouteEntry[] = resourceTables.flatMap(({ table, label, resource, key, page, alsoHiddenBy }) => {
  const common = {
    page: page ?? withProps(GenericResourcePage, { table, title: label }),
    resource,
    feature: `settings.${key}`,
    ...(alsoHiddenBy ? { alsoHiddenBy } : {}),
  };
  return [
    { ...common, path: `/settings/${table}`, title: label, nav: { section: 'settings', label } },
    { ...common, path: `/settings/${table}/:id`, title: label },
  ];
});

const integrationEdit: RouteEntry = {
  path: '/settings/integrations/:type/:id',
  title: 'Integration',
  page: IntegrationsPage,
  resource: 'integrations',
  action: 'update',
  feature: 'settings.integrations',
};

/** The Settings screens: their own pages, the generic resource tables and the integration editor. Part of ROUTES. */
export const settingsRoutes: RouteEntry[] = [...settings, ...resourceRoutes, integrationEdit];
