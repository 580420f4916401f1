import {
  AppWindow,
  BookOpenCheck,
  Goal,
  HeartPulse,
  LayoutDashboard,
  ScrollText,
  ShieldAlert,
  Telescope,
} from 'lucide-react';
import { lazy } from 'react';
import { ApplicationPage, ApplicationsPage } from '../../features/applications/pages.js';
import {
  CatalogChangesPage,
  CatalogInsightsPage,
  CatalogPage,
  CatalogScrapersPage,
  ConfigDetailPage,
} from '../../features/catalog/pages.js';
import { HealthPage } from '../../features/health/pages.js';
import { LogsPage } from '../../features/logs/pages.js';
import { ObjectivePage, ObjectivesPage } from '../../features/objectives/pages.js';
import { PlaybookRunPage, PlaybookRunsPage, PlaybooksPage } from '../../features/playbooks/pages.js';
import { TopologyDetailPage, TopologyPage } from '../../features/topology/pages.js';
import { ViewPage } from '../../features/views/pages.js';
import { type RouteEntry, withProps } from '../routeTypes.js';

// Incident and notification screens load on first visit (with the shared zod schemas they use),
// so the landing page's bundle carries only what it shows.
const incidents = () => import('../../features/incidents/pages.js');
const IncidentsPage = lazy(async () => ({ default: (await incidents()).IncidentsPage }));
const IncidentDetailPage = lazy(async () => ({ default: (await incidents()).IncidentDetailPage }));
const notifications = () => import('../../features/notifications/pages.js');
const NotificationsPage = lazy(async () => ({ default: (await notifications()).NotificationsPage }));
const NotificationRulesPage = lazy(async () => ({ default: (await notifications()).NotificationRulesPage }));
const ResourceNotificationsPage = lazy(async () => ({ default: (await notifications()).ResourceNotificationsPage }));
const SilencesPage = lazy(async () => ({ default: (await notifications()).SilencesPage }));
const AddSilencePage = lazy(async () => ({ default: (await notifications()).AddSilencePage }));

/** The main screens (sidebar order), notifications and the bare embeddable views. Part of ROUTES. */
export const mainRoutes: RouteEntry[] = [
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
    path: '/objectives',
    title: 'Objectives',
    page: ObjectivesPage,
    resource: 'canaries',
    feature: 'health',
    nav: { section: 'main', label: 'Objectives', icon: Goal },
  },
  { path: '/objectives/:id', title: 'Objective', page: ObjectivePage, resource: 'canaries', feature: 'health' },
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
      page: withProps(ConfigDetailPage, { tab }),
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
