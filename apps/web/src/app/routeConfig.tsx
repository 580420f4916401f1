import type { Action, Resource } from '@opsdeck/schema/rbac';
import {
  AppWindow,
  BookOpenCheck,
  HeartPulse,
  LayoutDashboard,
  type LucideIcon,
  ScrollText,
  ShieldAlert,
  Telescope,
} from 'lucide-react';
import { type ComponentType, lazy } from 'react';
import { ApplicationPage, ApplicationsPage } from '../features/applications/pages.js';
import {
  CatalogChangesPage,
  CatalogInsightsPage,
  CatalogPage,
  CatalogScrapersPage,
  ConfigDetailPage,
} from '../features/catalog/pages.js';
import { HealthPage } from '../features/health/pages.js';
import { IncidentDetailPage, IncidentsPage } from '../features/incidents/pages.js';
import { LogsPage } from '../features/logs/pages.js';
import {
  AddSilencePage,
  NotificationRulesPage,
  NotificationsPage,
  ResourceNotificationsPage,
  SilencesPage,
} from '../features/notifications/pages.js';
import { PlaybookRunPage, PlaybookRunsPage, PlaybooksPage } from '../features/playbooks/pages.js';
import {
  AgentsPage,
  ConnectionsPage,
  EventQueuePage,
  IntegrationsPage,
  JobsHistoryPage,
  PermissionsPage,
  ResourcePage,
  TokensPage,
  UsersPage,
  ViewsSettingsPage,
} from '../features/settings/pages.js';
import { TopologyDetailPage, TopologyPage } from '../features/topology/pages.js';
import { ViewPage } from '../features/views/pages.js';

// screens with weight of their own load on first visit
const FeatureFlagsPage = lazy(() =>
  import('../features/settings/featureFlags/FeatureFlagsPage.js').then((m) => ({ default: m.FeatureFlagsPage })),
);

/** Where an entry shows up in the menus. */
export interface NavPlacement {
  section: 'main' | 'settings';
  label: string;
  icon?: LucideIcon;
}

/**
 * One screen of the app. This list is the only place a path is written: the router, the sidebar
 * and the settings menu are all derived from it (CONVENTIONS: one typed config array).
 */
export interface RouteEntry {
  /** Absolute path pattern, e.g. `/incidents/:id`. */
  path: string;
  /** Title in the top bar and the browser tab. */
  title: string;
  page: ComponentType;
  /** RBAC resource a person needs `action` on to open the screen. */
  resource: Resource;
  /** Defaults to `read`. */
  action?: Action;
  /** Feature key: `{feature}.disable = 'true'` hides it; dotted keys inherit their parent's flag. */
  feature: string;
  /** `bare` renders without the sidebar and top bar (embeddable views). */
  layout?: 'shell' | 'bare';
  nav?: NavPlacement;
}

/** A page component with fixed props (one page component serving several entries). */
function page<P extends object>(Component: ComponentType<P>, props: P): ComponentType {
  return () => <Component {...props} />;
}

const main: RouteEntry[] = [
  {
    path: '/topology',
    title: 'Dashboard',
    page: TopologyPage,
    resource: 'topologies',
    feature: 'topology',
    nav: { section: 'main', label: 'Dashboard', icon: LayoutDashboard },
  },
  { path: '/topology/:id', title: 'Dashboard', page: TopologyDetailPage, resource: 'topologies', feature: 'topology' },
  {
    path: '/health',
    title: 'Health',
    page: HealthPage,
    resource: 'canaries',
    feature: 'health',
    nav: { section: 'main', label: 'Health', icon: HeartPulse },
  },
  {
    path: '/incidents',
    title: 'Incidents',
    page: IncidentsPage,
    resource: 'incident',
    feature: 'incidents',
    nav: { section: 'main', label: 'Incidents', icon: ShieldAlert },
  },
  { path: '/incidents/:id', title: 'Incident', page: IncidentDetailPage, resource: 'incident', feature: 'incidents' },
  {
    path: '/catalog',
    title: 'Catalog',
    page: CatalogPage,
    resource: 'database',
    feature: 'config',
    nav: { section: 'main', label: 'Catalog', icon: Telescope },
  },
  {
    path: '/catalog/changes',
    title: 'Catalog Changes',
    page: CatalogChangesPage,
    resource: 'database',
    feature: 'config',
  },
  {
    path: '/catalog/insights',
    title: 'Catalog Insights',
    page: CatalogInsightsPage,
    resource: 'database',
    feature: 'config',
  },
  {
    path: '/catalog/scrapers',
    title: 'Catalog Scrapers',
    page: CatalogScrapersPage,
    resource: 'config_scrapers',
    feature: 'config',
  },
  {
    path: '/catalog/scrapers/:id',
    title: 'Catalog Scraper',
    page: CatalogScrapersPage,
    resource: 'config_scrapers',
    feature: 'config',
  },
  { path: '/catalog/:id', title: 'Catalog', page: ConfigDetailPage, resource: 'database', feature: 'config' },
  ...(['changes', 'insights', 'relationships', 'playbooks', 'checks'] as const).map(
    (tab): RouteEntry => ({
      path: `/catalog/:id/${tab}`,
      title: 'Catalog',
      page: page(ConfigDetailPage, { tab }),
      resource: 'database',
      feature: 'config',
    }),
  ),
  {
    path: '/logs',
    title: 'Logs',
    page: LogsPage,
    resource: 'logging_backends',
    feature: 'logs',
    nav: { section: 'main', label: 'Logs', icon: ScrollText },
  },
  {
    path: '/playbooks',
    title: 'Playbooks',
    page: PlaybooksPage,
    resource: 'playbooks',
    feature: 'playbooks',
    nav: { section: 'main', label: 'Playbooks', icon: BookOpenCheck },
  },
  {
    path: '/playbooks/runs',
    title: 'Playbook Runs',
    page: PlaybookRunsPage,
    resource: 'playbook_runs',
    feature: 'playbooks',
  },
  {
    path: '/playbooks/runs/:id',
    title: 'Playbook Run',
    page: PlaybookRunPage,
    resource: 'playbook_runs',
    feature: 'playbooks',
  },
  {
    path: '/applications',
    title: 'Applications',
    page: ApplicationsPage,
    resource: 'database',
    feature: 'applications',
    nav: { section: 'main', label: 'Applications', icon: AppWindow },
  },
  {
    path: '/applications/:namespace/:name',
    title: 'Application',
    page: ApplicationPage,
    resource: 'database',
    feature: 'applications',
  },
  { path: '/views/:id', title: 'View', page: ViewPage, resource: 'views', feature: 'views' },
  {
    path: '/notifications',
    title: 'Notifications',
    page: NotificationsPage,
    resource: 'notifications',
    feature: 'notifications',
  },
  {
    path: '/notifications/rules',
    title: 'Notification Rules',
    page: NotificationRulesPage,
    resource: 'notifications',
    feature: 'notifications',
  },
  {
    path: '/notifications/resource/:resourceId',
    title: 'Notifications',
    page: ResourceNotificationsPage,
    resource: 'notifications',
    feature: 'notifications',
  },
  {
    path: '/notifications/silences',
    title: 'Silences',
    page: SilencesPage,
    resource: 'notifications',
    feature: 'notifications',
  },
  {
    path: '/notifications/silences/add',
    title: 'Add Silence',
    page: AddSilencePage,
    resource: 'notifications',
    action: 'create',
    feature: 'notifications',
  },
  {
    path: '/view/topology/:id',
    title: 'Dashboard',
    page: TopologyDetailPage,
    resource: 'topologies',
    feature: 'topology',
    layout: 'bare',
  },
  { path: '/view/health', title: 'Health', page: HealthPage, resource: 'canaries', feature: 'health', layout: 'bare' },
];

/** Settings screens with their own page. Feature keys sit under `settings`, so `settings.disable` hides them all. */
const settings: RouteEntry[] = [
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
  { path: '/settings/views', label: 'Views', page: ViewsSettingsPage, resource: 'views', key: 'views' },
].map(
  ({ path, label, page: Page, resource, key }): RouteEntry => ({
    path,
    title: label,
    page: Page,
    resource: resource as Resource,
    feature: `settings.${key}`,
    nav: { section: 'settings', label },
  }),
);

/** Tables edited through the generic list and form at /settings/{table} and /settings/{table}/:id. */
const resourceTables: Array<{ table: string; label: string; resource: Resource; key: string }> = [
  { table: 'canaries', label: 'Health Checks', resource: 'canaries', key: 'health' },
  { table: 'topologies', label: 'Topology', resource: 'topologies', key: 'topology' },
  { table: 'config_scrapers', label: 'Catalog Scrapers', resource: 'config_scrapers', key: 'config_scraper' },
  { table: 'incident_rules', label: 'Incident Rules', resource: 'incident', key: 'rules' },
  { table: 'teams', label: 'Teams', resource: 'identities', key: 'teams' },
  { table: 'playbooks', label: 'Playbooks', resource: 'playbooks', key: 'playbooks' },
  { table: 'notifications', label: 'Notifications', resource: 'notifications', key: 'notifications' },
  { table: 'logging_backends', label: 'Log Backends', resource: 'logging_backends', key: 'logging_backends' },
];

const resourceRoutes: RouteEntry[] = resourceTables.flatMap(({ table, label, resource, key }) => {
  const common = { page: page(ResourcePage, { title: label }), resource, feature: `settings.${key}` };
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

/** Every screen behind sign-in, in sidebar order. */
export const ROUTES: readonly RouteEntry[] = [...main, ...settings, ...resourceRoutes, integrationEdit];

/** Paths that only forward somewhere else (spec part 1 section 2). */
export const REDIRECTS: ReadonlyArray<{ from: string; to: string }> = [
  { from: '/', to: '/topology' },
  { from: '/configs', to: '/catalog' },
];

/** Entries of a menu section; the settings menu is sorted by name. */
export function navEntries(section: NavPlacement['section']): RouteEntry[] {
  const entries = ROUTES.filter((r) => r.nav?.section === section);
  return section === 'settings'
    ? [...entries].sort((a, b) => (a.nav?.label ?? '').localeCompare(b.nav?.label ?? ''))
    : entries;
}
