import {
  type ObjectAttributes,
  type ObjectSelector,
  objectSelectorProblem,
  type SelectorKind,
  selectorKindOf,
  selectorMatches,
} from './objectSelector.js';
import { ACTIONS, type Action, RESOURCES, type Resource, type Role, roleAllows } from './rbac.js';

export * from './objectSelector.js';

// Permission rows: who (Team, Person, Notification) may or may
// not (deny) do what (an action) on which resource (one catalog item, component, connection or
// playbook, or a global object). Shared by the server (authorize, validation) and the web app
// (the permission modal, and what the signed-in person may open).

/** Global objects a permission may name and the resources of the role table they cover. */
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

/** The global objects the permission modal offers, in the spec's order. */
export const GLOBAL_OBJECTS = Object.keys(OBJECT_RESOURCES);

/** Columns naming one specific resource, and the role-table resources such a row reaches. */
export const TARGET_RESOURCES = {
  playbook_id: ['playbooks', 'playbook_runs'],
  connection_id: ['connections'],
  component_id: ['topologies'],
  config_id: ['config_scrapers'],
  canary_id: ['canaries'],
} as const satisfies Record<string, readonly Resource[]>;

/** A specific resource an action is aimed at (attribute-based checks: run this playbook). */
export type Target = Partial<Record<keyof typeof TARGET_RESOURCES, string>>;

/** Subject kinds of the modal and the column each one fills. */
export const SUBJECT_KINDS = { Team: 'team_id', Person: 'person_id', Notification: 'notification_id' } as const;
export type SubjectKind = keyof typeof SUBJECT_KINDS;

/** Resource kinds of the modal and the column each one fills (`Global` names an object). */
export const RESOURCE_KINDS = {
  Catalog: 'config_id',
  Component: 'component_id',
  Connection: 'connection_id',
  Playbook: 'playbook_id',
  Global: 'object',
} as const;
export type ResourceKind = keyof typeof RESOURCE_KINDS;

/** Actions the modal offers. */
export const PERMISSION_ACTIONS = [
  'read',
  'update',
  'create',
  'delete',
  '*',
  'create,read,update,delete',
  'playbook:run',
  'playbook:approve',
] as const;

/** Actions that only make sense on playbooks. */
const PLAYBOOK_ACTIONS: ReadonlySet<string> = new Set(['playbook:run', 'playbook:approve']);

/** The actions offered for a resource kind (and global object): playbook actions only on playbooks. */
export function actionsFor(kind: ResourceKind | undefined, object?: string | null): string[] {
  const playbooks = kind === 'Playbook' || (kind === 'Global' && (object === 'playbooks' || object === '*'));
  return PERMISSION_ACTIONS.filter((a) => playbooks || !PLAYBOOK_ACTIONS.has(a));
}

/** One permission row as the decision reads it. */
export interface PermissionRule {
  id: string;
  /** `read`, `*`, `create,read,update,delete`, `playbook:run`, ... */
  action: string;
  deny: boolean;
  /** A global object or a resource name; null when a specific resource is named. */
  object: string | null;
  component_id?: string | null;
  config_id?: string | null;
  canary_id?: string | null;
  playbook_id?: string | null;
  connection_id?: string | null;
  /** Selectors naming the objects the row covers (instead of one resource or a global object). */
  object_selector?: ObjectSelector | null;
}

/** The selectors of `rule` over the objects `resource` holds; undefined when the row has none there. */
export function selectorsFor(rule: PermissionRule, resource: Resource) {
  const kind = selectorKindOf(resource);
  const selectors = kind ? rule.object_selector?.[kind] : undefined;
  return kind && selectors?.length ? { kind, selectors } : undefined;
}

/** The other objects a request on one object is about, by kind (the config a playbook runs on). */
export type RelatedObjects = Partial<Record<SelectorKind, ObjectAttributes>>;

/**
 * Whether a selector row covers `object` (of the kind `resource` holds). With `related` the
 * request is about several objects (running a playbook on a config): every other kind the row
 * names must match the related object of that kind, and a kind the request has none of does not
 * match (a row's selectors over the request's objects are ANDed).
 */
export function selectorRowMatches(
  rule: PermissionRule,
  resource: Resource,
  object: ObjectAttributes,
  related?: RelatedObjects,
): boolean {
  const found = selectorsFor(rule, resource);
  if (!found?.selectors.some((s) => selectorMatches(found.kind, s, object))) return false;
  if (!related) return true;
  return Object.entries(rule.object_selector ?? {}).every(([kind, selectors]) => {
    if (kind === found.kind || !selectors?.length) return true;
    const other = related[kind as SelectorKind];
    return !!other && selectors.some((s) => selectorMatches(kind as SelectorKind, s, other));
  });
}

function actionMatches(granted: string, action: Action): boolean {
  return granted.split(',').some((a) => {
    const g = a.trim();
    return g === '*' || g === action;
  });
}

function objectMatches(rule: PermissionRule, resource: Resource, target: Target | undefined): boolean {
  const keys = Object.keys(TARGET_RESOURCES) as Array<keyof Target>;
  const named = keys.filter((k) => rule[k]);
  // a selector row speaks to the resources holding its kinds of objects; which objects it
  // covers is decided per object (authorize, or the SQL of a read)
  if (rule.object_selector) return selectorsFor(rule, resource) !== undefined;
  if (named.length) {
    // a row about one specific resource applies only to requests aimed at that resource
    return named.every(
      (k) => target?.[k] === rule[k] && (TARGET_RESOURCES[k] as readonly Resource[]).includes(resource),
    );
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

const isAction = (a: string): boolean => (ACTIONS as readonly string[]).includes(a) || a === '*';

/**
 * Why a permission row as it will be stored is not well formed, or undefined when it is: exactly
 * one subject (team, person or notification), exactly one resource (a catalog item, component,
 * connection, playbook, health check, a global object, or an object selector), known actions,
 * and playbook actions only on playbooks.
 */
export function permissionRowProblem(row: Record<string, unknown>): string | undefined {
  const subjects = Object.values(SUBJECT_KINDS).filter((c) => row[c] !== null && row[c] !== undefined);
  if (subjects.length === 0) return 'a permission needs a subject: a team, a person or a notification';
  if (subjects.length > 1) return `a permission has one subject, not ${subjects.join(' and ')}`;
  const targets = Object.keys(TARGET_RESOURCES).filter((c) => row[c] !== null && row[c] !== undefined);
  const object = row.object;
  const selector = row.object_selector;
  const resources = [...targets, ...(object ? ['object'] : []), ...(selector ? ['object_selector'] : [])];
  if (resources.length === 0)
    return 'a permission needs a resource: a catalog item, component, connection, playbook or global object';
  if (resources.length > 1) return `a permission has one resource, not ${resources.join(' and ')}`;
  if (
    typeof object === 'string' &&
    object !== '*' &&
    !(object in OBJECT_RESOURCES) &&
    !(RESOURCES as readonly string[]).includes(object)
  )
    return `unknown global object ${object}; one of ${GLOBAL_OBJECTS.join(', ')}`;
  if (selector !== undefined && selector !== null) {
    const problem = objectSelectorProblem(selector);
    if (problem) return problem;
  }
  const actions = String(row.action ?? '')
    .split(',')
    .map((a) => a.trim());
  const unknown = actions.filter((a) => !isAction(a));
  if (unknown.length || !actions.length) return `unknown action ${unknown.join(', ') || '(empty)'}`;
  const playbookAction = actions.find((a) => PLAYBOOK_ACTIONS.has(a));
  const onPlaybooks =
    targets.includes('playbook_id') ||
    object === 'playbooks' ||
    object === 'playbook_runs' ||
    object === '*' ||
    (selector !== null && typeof selector === 'object' && 'playbooks' in selector);
  if (playbookAction && !onPlaybooks) return `action ${playbookAction} applies only to playbooks`;
  return undefined;
}

/**
 * Whether roles and permission rows allow `action` on `resource`: a matching deny wins, then a
 * role, then an allow row (the order of the server's authorize()). For what to show: a selector
 * allow row opens the resource (its objects are cut by the server), a selector deny does not
 * close it.
 */
export function permitted(
  roles: readonly Role[],
  rules: readonly PermissionRule[],
  resource: Resource,
  action: Action,
  target?: Target,
): boolean {
  const matching = matchingRules(rules, resource, action, target);
  if (matching.some((r) => r.deny && !r.object_selector)) return false;
  if (roles.some((role) => roleAllows(role, resource, action))) return true;
  return matching.some((r) => !r.deny);
}
