import { OBJECT_RESOURCES } from './permissions.js';
import type { Action, Resource } from './rbac.js';

// What an access token may do (issue 16 item 7): at most its owner's rights, cut to its scope.
// A scope is a list of grants, each an object (a global object such as `connection` or `playbook`, a
// role-table resource, or `*`) with actions. No scope (null) is the Full preset.

/** One grant of a token scope. */
export interface ScopeGrant {
  object: string;
  actions: Array<Action | '*'>;
}

/** A token's scope; null means the owner's full rights. */
export type TokenScope = ScopeGrant[] | null;

const WRITE: Array<Action> = ['read', 'create', 'update', 'delete'];

/** The presets of the Create Token form. */
export const SCOPE_PRESETS = {
  Read: [{ object: '*', actions: ['read'] }],
  Write: [{ object: '*', actions: WRITE }],
  Full: null,
} as const satisfies Record<string, TokenScope>;

/** Levels of one object in a Custom scope; playbooks add Run and Approve. */
export const CUSTOM_LEVELS = {
  None: [],
  Read: ['read'],
  Write: WRITE,
  Run: ['read', 'playbook:run'],
  Approve: ['read', 'playbook:approve'],
} as const satisfies Record<string, readonly Action[]>;
export type CustomLevel = keyof typeof CUSTOM_LEVELS;

/** The levels offered for an object in a Custom scope. */
export const levelsFor = (object: string): CustomLevel[] =>
  object === 'playbooks' ? ['None', 'Read', 'Run', 'Approve', 'Write'] : ['None', 'Read', 'Write'];

function covers(object: string, resource: Resource): boolean {
  if (object === '*' || object === resource) return true;
  return OBJECT_RESOURCES[object]?.includes(resource) ?? false;
}

/** Whether a token with `scope` may do `action` on `resource` (its owner's rights permitting). */
export function scopeAllows(scope: TokenScope | undefined, resource: Resource, action: Action): boolean {
  if (!scope) return true;
  return scope.some((g) => covers(g.object, resource) && (g.actions.includes('*') || g.actions.includes(action)));
}

/** Whether a scope is the Full preset (or the same as it): every action on every object. */
export const isFullScope = (scope: TokenScope | undefined): boolean =>
  !scope || scope.some((g) => g.object === '*' && g.actions.includes('*'));
