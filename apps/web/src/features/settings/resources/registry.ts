import { incidentRulesKind } from './kinds/incidentRules.js';
import { loggingBackendsKind } from './kinds/loggingBackends.js';
import { maintenanceWindowsKind } from './kinds/maintenanceWindows.js';
import { notificationsKind } from './kinds/notifications.js';
import { playbooksKind } from './kinds/playbooks.js';
import { statusPagesKind } from './kinds/statusPages.js';
import { viewsKind } from './kinds/views.js';
import type { ResourceKind } from './types.js';

/**
 * The kinds the generic settings editor serves, by table. Scrapers, topologies, playbooks and log
 * backends plug in here with a file in `kinds/` when their domains add their tables.
 */
export const RESOURCE_KINDS: Readonly<Record<string, ResourceKind>> = {
  [notificationsKind.table]: notificationsKind,
  [loggingBackendsKind.table]: loggingBackendsKind,
  [playbooksKind.table]: playbooksKind,
  [viewsKind.table]: viewsKind,
  [incidentRulesKind.table]: incidentRulesKind,
  [statusPagesKind.table]: statusPagesKind,
  [maintenanceWindowsKind.table]: maintenanceWindowsKind,
};

/** The kind registered for `table`, if any. */
export const resourceKind = (table: string): ResourceKind | undefined => RESOURCE_KINDS[table];
