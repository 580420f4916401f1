import type { ApplyKind } from './kind.js';
import { applicationKind } from './kinds/application.js';
import { canaryKind } from './kinds/canary.js';
import { connectionKind } from './kinds/connection.js';
import { incidentRuleKind } from './kinds/incidentRule.js';
import { notificationKind } from './kinds/notification.js';
import { notificationSilenceKind } from './kinds/notificationSilence.js';
import { objectiveKind } from './kinds/objective.js';
import { permissionKind } from './kinds/permission.js';
import { permissionGroupKind } from './kinds/permissionGroup.js';
import { playbookKind } from './kinds/playbook.js';
import { PLUGIN_REFUSAL } from './kinds/plugin.js';
import { scopeKind } from './kinds/scope.js';
import { scrapeConfigKind } from './kinds/scrapeConfig.js';
import { teamKind } from './kinds/team.js';
import { topologyKind } from './kinds/topology.js';
import { viewKind } from './kinds/view.js';

/**
 * The kinds `apply` accepts, by the `kind:` of their documents, in the order a file's documents
 * are applied: what others name comes first (a Team before the Permission granting to it, a
 * Scope before the Permission naming it, a Connection before the Canary using it).
 */
export const APPLY_KINDS: Record<string, ApplyKind> = {
  Connection: connectionKind,
  Team: teamKind,
  Scope: scopeKind,
  Canary: canaryKind,
  ScrapeConfig: scrapeConfigKind,
  Topology: topologyKind,
  Playbook: playbookKind,
  Notification: notificationKind,
  PermissionGroup: permissionGroupKind,
  Permission: permissionKind,
  NotificationSilence: notificationSilenceKind,
  IncidentRule: incidentRuleKind,
  Application: applicationKind,
  View: viewKind,
  ServiceLevelObjective: objectiveKind,
};

/** Kinds of Mission Control that are answered with why not, and what to use instead. */
export const REFUSED_KINDS: Record<string, string> = { Plugin: PLUGIN_REFUSAL };

/** Where a kind sits in the apply order (deletes run in reverse). */
export const kindOrder = (kind: string): number => Object.keys(APPLY_KINDS).indexOf(kind);
