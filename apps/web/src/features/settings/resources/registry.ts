import { applicationsKind } from './kinds/applications.js';
import { canariesKind } from './kinds/canaries.js';
import { incidentRulesKind } from './kinds/incidentRules.js';
import { loggingBackendsKind } from './kinds/loggingBackends.js';
import { maintenanceWindowsKind } from './kinds/maintenanceWindows.js';
import { notificationsKind } from './kinds/notifications.js';
import { objectivesKind } from './kinds/objectives.js';
import { playbooksKind } from './kinds/playbooks.js';
import { statusPagesKind } from './kinds/statusPages.js';
import { teamsKind } from './kinds/teams.js';
import { topologiesKind } from './kinds/topologies.js';
import { viewsKind } from './kinds/views.js';
import type { ResourceKind } from './types.js';

/**
 * The kinds the generic settings editor serves, by table. Scrapers still have a page of their own
 * (`settingsRoutes.tsx`); they would plug in here with a file in `kinds/`.
 */
export const RESOURCE_KINDS: Readonly<Record<string, ResourceKind>> = {
  [notificationsKind.table]: notificationsKind,
  [loggingBackendsKind.table]: loggingBackendsKind,
  [playbooksKind.table]: playbooksKind,
  [viewsKind.table]: viewsKind,
  [incidentRulesKind.table]: incidentRulesKind,
  [statusPagesKind.table]: statusPagesKind,
  [maintenanceWindowsKind.table]: maintenanceWindowsKind,
  [objectivesKind.table]: objectivesKind,
  [canariesKind.table]: canariesKind,
  [teamsKind.table]: teamsKind,
  [applicationsKind.table]: applicationsKind,
  [topologiesKind.table]: topologiesKind,
};

/** The kind registered for `table`, if any. */
export const resourceKind = (table: string): ResourceKind | undefined => RESOURCE_KINDS[table];
