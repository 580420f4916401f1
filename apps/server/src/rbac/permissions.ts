import type { Action, PermissionRule, Resource } from './resources.js';

/** A specific resource an action is aimed at (attribute-based checks: run this playbook). */
export interface Target {
  playbook_id?: string;
  connection_id?: string;
  component_id?: string;
  config_id?: string;
  canary_id?: string;
}

/**
 * Global objects of permission rows (spec part 2 section 6) and the resources of the role table
 * (spec part 1 section 6) they cover. A row may also name a resource directly, or `*`.
 */
export const OBJECT_RESOURCES: Record<string, readonly Resource[]> = {
  canaries: ['canaries'],
  catalog: ['config_scrapers'],
  incident: ['incident', 'responder', 'evidences', 'comments'],
  people: ['identities'],
  topology: ['topologies'],
  playbooks: ['playbooks', 'playbook_runs'],
  connection: ['connections'],
  'connection-detail': ['connections'],
  notification: ['notifications'],
  rbac: ['rbac', 'permissions'],
  logs: ['logging_backends'],
  agent: ['agents'],
  'agent-push': [],
  'kubernetes-proxy': [],
  artifact: [],
};

/** The resources a row about one specific resource reaches, per column naming it. */
export const TARGET_RESOURCES: Record<keyof Target, readonly Resource[]> = {
  playbook_id: ['playbooks', 'playbook_runs'],
  connection_id: ['connections'],
  component_id: ['topologies'],
  config_id: ['config_scrapers'],
  canary_id: ['canaries'],
};

function actionMatches(granted: string, action: Action): boolean {
  return granted.split(',').some((a) => {
    const g = a.trim();
    return g === '*' || g === action;
  });
}

function objectMatches(rule: PermissionRule, resource: Resource, target: Target | undefined): boolean {
  const keys = Object.keys(TARGET_RESOURCES) as Array<keyof Target>;
  const named = keys.filter((k) => rule[k]);
  if (named.length) {
    // a row about one specific resource applies only to requests aimed at that resource
    return named.every((k) => target?.[k] === rule[k] && TARGET_RESOURCES[k].includes(resource));
  }
  if (!rule.object) return false;
  if (rule.object === '*' || rule.object === resource) return true;
  return OBJECT_RESOURCES[rule.object]?.includes(resource) ?? false;
}

/** The permission rows that speak to `action` on `resource` (and `target`). */
export function matchingRules(
  rules: readonly PermissionRule[],
  resource: Resource,
  action: Action,
  target?: Target,
): PermissionRule[] {
  return rules.filter((r) => actionMatches(r.action, action) && objectMatches(r, resource, target));
}
